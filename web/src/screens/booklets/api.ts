import type { BookletForm, BookletItem, BookletSummary, LockState, SaveResult, ThesisGrid, ThesisSkill } from '@alterna/booklets/types';
import type { CancellableKind, FormValidationState, FormValuesInput } from '@alterna/booklets/validation';
import type { ActorSpace, PageId } from '../../pages';
import { requestJson } from '../../shared/http';

export type { BookletForm, BookletFormSummary, BookletItem, BookletSummary, LockState, SaveResult, ThesisGrid, ThesisSkill } from '@alterna/booklets/types';
export type { FormValidationState } from '@alterna/booklets/validation';

const enc = encodeURIComponent;
const form = (id: string) => `/api/booklet-forms/${enc(id)}`;

/** The current school year's registrations; every registration with `all`. */
export const loadMine = (all = false) => requestJson<{ booklets: BookletSummary[] }>('GET', `/api/booklets/mine${all ? '?registrations=all' : ''}`);
export const loadGroup = (group: string) => requestJson<{ booklets: BookletSummary[] }>('GET', `/api/booklets/training-group/${enc(group)}`);
export const loadForm = (id: string) => requestJson<{ form: BookletForm }>('GET', form(id));
export const checkLock = (id: string) => requestJson<LockState>('GET', `${form(id)}/check-lock`);
export const setLock = (id: string, force = false) => requestJson<LockState>('POST', `${form(id)}/set-lock`, { force });
export const releaseLock = (id: string, force = false) => requestJson<LockState>('POST', `${form(id)}/release-lock`, { force });
export const saveForm = (id: string, action: 'save' | 'save_and_quit', version: number, values: FormValuesInput) =>
  requestJson<SaveResult>('POST', form(id), { action, version, values });

export const loadValidation = (id: string) => requestJson<{ validation: FormValidationState }>('GET', `${form(id)}/validation`);
export const startValidation = (id: string, validate: boolean) => requestJson<{ validation: FormValidationState }>('POST', `${form(id)}/validate`, { validate });
export const signForm = (id: string) => requestJson<{ validation: FormValidationState }>('POST', `${form(id)}/sign`, {});
export const signedPdfUrl = (id: string) => `${form(id)}/signed-pdf`;
/** SPEC §2: staff go through the students' family of paths (the final evaluation has only the other one). */
export const cancelValidation = (id: string, kind: CancellableKind, staff: boolean, reason = '') =>
  requestJson<{ validation: FormValidationState }>('POST', `/api${staff && kind !== 'final' ? '/students' : ''}/cancel-${kind}-validation/${enc(id)}`, { reason });

const items = (training: string) => `/api/coaching/trainings/${enc(training)}/booklet-items`;
export const loadItems = (training: string) => requestJson<{ items: BookletItem[] }>('GET', items(training));
export const createItem = (training: string, body: unknown) => requestJson<{ item: BookletItem }>('POST', items(training), body);
export const updateItem = (id: string, body: unknown) => requestJson<{ item: BookletItem }>('PUT', `/api/coaching/booklet-item/${enc(id)}`, body);
export const deleteItem = (id: string) => requestJson<void>('DELETE', `/api/coaching/booklet-item/${enc(id)}`);
export const moveItem = (id: string, position: number) => requestJson<{ items: BookletItem[] }>('POST', `/api/coaching/booklet-item/${enc(id)}/position/${position}`, {});

/** SPEC §2 /coaching/thesis-skill/new/{training} and /coaching/thesis-evaluation-grid/{training}/edit. */
const grid = (training: string) => `/api/coaching/thesis-evaluation-grid/${enc(training)}/edit`;
export const loadThesisGrid = (training: string) => requestJson<{ grid: ThesisGrid }>('GET', grid(training));
export const saveThesisGrid = (training: string, body: { maxMark: number; instructions: string; skills: { id: string; coefficient: number }[] }) =>
  requestJson<{ grid: ThesisGrid }>('POST', grid(training), body);
export const addThesisSkill = (training: string, name: string) => requestJson<{ skill: ThesisSkill }>('POST', `/api/coaching/thesis-skill/new/${enc(training)}`, { name });
export const deleteThesisSkill = (id: string) => requestJson<void>('DELETE', `/api/coaching/thesis-skill/${enc(id)}`);

/** The form page of each space (a page belongs to one space). */
export const formPage: Record<ActorSpace, PageId> = {
  staff: 'booklets.staffForm', teacher: 'booklets.staffForm', coach: 'booklets.coachForm', tutor: 'booklets.tutorForm',
  corporation: 'booklets.corporationForm', student: 'booklets.studentForm',
};
export const listPage: Partial<Record<ActorSpace, PageId>> = {
  coach: 'booklets.coach', tutor: 'booklets.tutor', corporation: 'booklets.corporation', student: 'booklets.student',
};
