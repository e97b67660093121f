/**
 * What the profile-changes module answers its clients (GraphQL fields by uuid, as the web reads them):
 * types only, so the web client imports them without reaching the server's code.
 */
import type { ProfileField } from './validation/index.js';

export type { ProfileField };

export type RequestStatus = 'pending' | 'approved' | 'rejected' | 'expired' | 'failed' | 'cancelled';
export type Transition = 'approve' | 'reject';

export interface Person {
  uuid: string;
  firstName: string;
  lastName: string;
}

export interface ProfileChangeRequest {
  uuid: string;
  status: RequestStatus;
  person: Person & { email: string };
  requestedBy: Person | null;
  campus: { uuid: string; name: string };
  changes: { field: ProfileField; from: string; to: string }[];
  createdAt: string;
  expiresAt: string;
  remindedAt: string | null;
  decidedAt: string | null;
  decidedBy: Person | null;
  failureMessage: string | null;
  canDecide: boolean;
}
