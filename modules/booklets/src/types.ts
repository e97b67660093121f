// Shapes the module hands out (type-only: the web client imports them without server code).
export type { BookletItem } from './services/items.js';
export type { ThesisGrid, ThesisSkill } from './services/thesis.js';
export type { BookletForm, BookletFormSummary, BookletSummary, FormValues, LockState, PendingValidation, SaveResult } from './services/forms.js';
export type { Registration, Relation } from './services/context.js';
export type { BookletItemInput, BookletModule, FormRole, FormSaveInput, FormValuesInput } from './validation/index.js';
export type { CancellableKind, FormValidationState, FormValidationView, ValidationStatus } from './validation/signatures.js';
