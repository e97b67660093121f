// What the booklet validation workflows (workflows/src/booklets/) and this module agree on: names and types only, no
// runtime import (the workflow bundle imports this file).

/** The workflows' Temporal names (also the operations' kinds). */
export const bookletsWorkflows = {
  validation: 'booklets.validation',
  validationCancellation: 'booklets.validationCancellation',
} as const;

/** The Temporal update that carries a signature, and the failure types its validator answers with. */
export const bookletSignUpdate = 'booklets.sign';
export const bookletValidationFailures = {
  notAwaited: 'BookletSignatureNotAwaited',
  closed: 'BookletValidationClosed',
} as const;

export type SignatoryRole = 'tutor' | 'coach' | 'student';

export interface BookletSignature {
  role: SignatoryRole;
  signerId: string;
  /** The route the signature came from (recorded with it). */
  route: string;
}

/** What a signature update answers: the roles signed so far and the one awaited next (null once all signed). */
export interface BookletSignatureState {
  signed: SignatoryRole[];
  awaiting: SignatoryRole | null;
}

export interface BookletValidationInput {
  validationId: string;
  /** In order: each is awaited once the previous one signed. */
  signatories: SignatoryRole[];
  /** Signatures already recorded when the run starts (a validation written by the demo seed). */
  signed?: SignatoryRole[];
  /** The awaited people are reminded after this delay, the campus staff told after the second one (seconds). */
  reminderSeconds: number;
  staffSeconds: number;
  /** The progress items' labels (the signatories'), in the starter's language. */
  labels: Partial<Record<SignatoryRole, string>>;
  messages: { signed: string; reminded: string; staffTold: string };
}

export interface BookletValidationResult {
  validated: boolean;
  fileId: string | null;
}

export interface BookletCancellationInput {
  validationId: string;
  /** The validation's run, stopped if it is still collecting signatures. */
  validationWorkflowId: string;
  actorId: string;
  reason: string;
  route: string;
  label: string;
  /** The state the canceller saw: only that one is cancelled (a withdrawal never undoes signatures completed meanwhile). */
  status?: 'pending' | 'validated';
}

export interface BookletCancellationResult {
  cancelled: boolean;
  mailed: number;
}

declare module '@alterna/core/operations/types' {
  interface Workflows {
    [bookletsWorkflows.validation]: (input: BookletValidationInput) => Promise<BookletValidationResult>;
    [bookletsWorkflows.validationCancellation]: (input: BookletCancellationInput) => Promise<BookletCancellationResult>;
  }
}

/** A type, not an interface: it fits the core's record of activities. */
export type BookletsActivities = {
  /** Records a signature, once: a retry, or the same role again, finds it recorded and changes nothing. */
  bookletsRecordSignature(validationId: string, signature: BookletSignature): Promise<void>;
  /** Reminds the people who may give the awaited signature, once per validation and role; answers how many were written to. */
  bookletsRemindSignatory(validationId: string, role: SignatoryRole): Promise<number>;
  /** Tells the campus staff that the signature is still awaited, once per validation and role. */
  bookletsTellStaff(validationId: string, role: SignatoryRole): Promise<number>;
  /** All signed: the form is validated for good and the signed PDF archived (idempotent). */
  bookletsFinishValidation(validationId: string): Promise<{ fileId: string | null }>;
  /** The run was stopped before the end (operations page): the validation is withdrawn if still pending. */
  bookletsWithdrawValidation(validationId: string): Promise<void>;
  /** Records the cancellation (who, when, why, route) and makes the form editable again (idempotent). */
  bookletsRecordCancellation(input: BookletCancellationInput): Promise<{ cancelled: boolean }>;
  /** Tells the signatories the validation was cancelled, once. */
  bookletsMailCancellation(validationId: string): Promise<number>;
};
