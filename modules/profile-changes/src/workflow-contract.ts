// What the profile-change workflow (workflows/src/profile-changes/) and this module agree on: names, types and one
// pure check, no runtime import (the workflow bundle imports this file).

/** The workflow's Temporal name (also the operation's kind). */
export const profileChangesWorkflows = { transition: 'profile-changes.transition' } as const;

/** The named transitions of SPEC §4, as they appear in /profile-change-requests/change/{id}/{transition}. */
export const profileChangeTransitions = ['approve', 'reject'] as const;
export type ProfileChangeTransition = (typeof profileChangeTransitions)[number];

export function isProfileChangeTransition(value: unknown): value is ProfileChangeTransition {
  return typeof value === 'string' && (profileChangeTransitions as readonly string[]).includes(value);
}

/** Where a request stands; only `pending` accepts a transition. */
export const profileChangeStatuses = ['pending', 'approved', 'rejected', 'expired', 'failed', 'cancelled'] as const;
export type ProfileChangeStatus = (typeof profileChangeStatuses)[number];

/** The name of the Temporal update that carries an approver's transition. */
export const profileChangeDecideUpdate = 'profile-changes.decide';

/** Failure types the workflow's update validator answers with; the server turns them into messages. */
export const profileChangeFailures = {
  unknownTransition: 'ProfileChangeUnknownTransition',
  notPending: 'ProfileChangeNotPending',
  /** The change could not be applied (e.g. the e-mail was taken meanwhile); its message is an i18n key. */
  violation: 'ProfileChangeViolation',
} as const;

export interface ProfileChangeDecision {
  transition: string;
  deciderId: string;
  deciderName: string;
}

export interface ProfileChangeOutcome {
  status: Exclude<ProfileChangeStatus, 'pending'>;
  deciderId: string | null;
  /** For `failed`: the i18n key of the reason. */
  reason: string | null;
}

/** Texts of the operations page (item messages), written in the filer's language; `{{name}}` is the decider. */
export interface ProfileChangeMessages {
  approved: string;
  rejected: string;
  expired: string;
  failed: string;
  cancelled: string;
  reminded: string;
  reminderFailed: string;
}

export interface ProfileChangeWorkflowInput {
  requestId: string;
  /** The progress item's label (the person concerned). */
  label: string;
  reminderSeconds: number;
  expirySeconds: number;
  messages: ProfileChangeMessages;
}

export interface ProfileChangeDecisionRecord {
  status: Exclude<ProfileChangeStatus, 'pending'>;
  deciderId: string | null;
  reason: string | null;
}

declare module '@alterna/core/operations/types' {
  interface Workflows {
    [profileChangesWorkflows.transition]: (input: ProfileChangeWorkflowInput) => Promise<ProfileChangeOutcome>;
  }
}

/** The activities the profile-changes module gives the worker (a type, so it fits the core's activity record). */
export type ProfileChangeActivities = {
  /** Writes the requested values on the actor, once (a retry finds them applied). */
  applyProfileChange(requestId: string): Promise<void>;
  /** Records the end of the request: status, who decided, when. Idempotent. */
  recordProfileChangeDecision(requestId: string, record: ProfileChangeDecisionRecord): Promise<void>;
  /** E-mails the approvers of the request's campus that it waits for them; answers how many were written to. */
  sendProfileChangeReminder(requestId: string): Promise<number>;
};
