// What the booklet validation workflows and the booklets module agree on (names and types only: the module keeps its
// own copy of these names, since workflows may depend on modules but not the other way round).

export type SignatoryRole = 'tutor' | 'coach' | 'student';

/** The Temporal update that carries a signature, and the failure types its validator answers with. */
export const bookletSignUpdate = 'booklets.sign';
export const bookletValidationFailures = {
  notAwaited: 'BookletSignatureNotAwaited',
  closed: 'BookletValidationClosed',
} as const;

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
  /** The progress items' labels, in the starter's language. */
  labels: Record<SignatoryRole, string>;
  messages: { signed: string; reminded: string; staffTold: string };
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

export interface BookletsActivities {
  /** Records a signature, once (a retry finds it recorded). */
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
}
