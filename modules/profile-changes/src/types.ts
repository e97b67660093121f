// Shapes the profile-changes module hands out, for other modules and the web client (`import type`; nothing runs).
export type { EffectsService } from './services/effects.js';
export type { ProfileChangesServices } from './services/index.js';
export type { RemindersService } from './services/reminders.js';
export type { ProfileChangeRequestView, FileInput, RequestsService } from './services/requests.js';
export type { PersonRef, ProfileChangeRequest, RequestRow } from './services/store.js';
export type { DeliveryResult } from './services/workflow-client.js';
