import type { Knex } from '@alterna/core';
import type { ProfileChangeStatus } from '../workflow-contract.js';
import { profileFields, type ProfileField } from '../validation/index.js';

export interface PersonRef {
  id: string;
  firstName: string;
  lastName: string;
}

/** A request as the inbox and the requester read it (translation and rights are added by the caller). */
export interface ProfileChangeRequest {
  id: string;
  status: ProfileChangeStatus;
  person: PersonRef & { email: string };
  requestedBy: PersonRef | null;
  campus: { id: string; name: string };
  /** The requested fields, in display order, with their value when the request was filed. */
  changes: { field: ProfileField; from: string; to: string }[];
  createdAt: string;
  expiresAt: string;
  remindedAt: string | null;
  decidedAt: string | null;
  decidedBy: PersonRef | null;
  /** An i18n key, for a failed request. */
  failureReason: string | null;
}

/** The row as the activities need it. */
export interface RequestRow {
  id: string;
  actor_id: string;
  requested_by: string | null;
  campus_id: string;
  changes: Partial<Record<ProfileField, string>>;
  previous: Partial<Record<ProfileField, string>>;
  status: ProfileChangeStatus;
  decided_by: string | null;
  decided_at: Date | null;
  applied_at: Date | null;
  reminded_at: Date | null;
  failure_reason: string | null;
  expires_at: Date;
  created_at: Date;
}

export const table = 'profile_change_requests';

/** The workflow of a request: its business id. */
export const workflowIdOf = (requestId: string) => `profile-change:${requestId}`;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** Requests with their people and campus in one set query; callers add their filters. */
export function selectRequests(knex: Knex) {
  return knex(`${table} as r`)
    .join('identity_actors as a', 'a.id', 'r.actor_id')
    .join('training_centre_campuses as c', 'c.id', 'r.campus_id')
    .leftJoin('identity_actors as q', 'q.id', 'r.requested_by')
    .leftJoin('identity_actors as d', 'd.id', 'r.decided_by')
    .select(
      'r.*',
      'a.first_name as person_first_name', 'a.last_name as person_last_name', 'a.email as person_email',
      'c.name as campus_name',
      'q.first_name as requester_first_name', 'q.last_name as requester_last_name',
      'd.first_name as decider_first_name', 'd.last_name as decider_last_name',
    );
}

type JoinedRow = RequestRow & Record<`${'person' | 'requester' | 'decider'}_${'first_name' | 'last_name'}`, string | null> & {
  person_email: string;
  campus_name: string;
};

export function toRequest(row: JoinedRow): ProfileChangeRequest {
  const person = (id: string | null, first: string | null, last: string | null): PersonRef | null =>
    id && first !== null && last !== null ? { id, firstName: first, lastName: last } : null;
  return {
    id: row.id,
    status: row.status,
    person: { id: row.actor_id, firstName: row.person_first_name ?? '', lastName: row.person_last_name ?? '', email: row.person_email },
    requestedBy: person(row.requested_by, row.requester_first_name, row.requester_last_name),
    campus: { id: row.campus_id, name: row.campus_name },
    changes: profileFields.filter((field) => row.changes[field] !== undefined).map((field) => ({ field, from: row.previous[field] ?? '', to: row.changes[field]! })),
    createdAt: iso(row.created_at)!,
    expiresAt: iso(row.expires_at)!,
    remindedAt: iso(row.reminded_at),
    decidedAt: iso(row.decided_at),
    decidedBy: person(row.decided_by, row.decider_first_name, row.decider_last_name),
    failureReason: row.failure_reason,
  };
}

export const fullName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`;
