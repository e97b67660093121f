/** What the profile-change screens read and write: GraphQL for lists and filing, the SPEC route for decisions. */
import { gql } from '../../shared/gql';
import { apiFetch, readJson, requestJson } from '../../shared/http';
import { currentLanguage } from '../../language';
import { setMe, type Me } from '../../session';
import type { ProfileChangeRequest, ProfileField, RequestStatus, Transition } from '@alterna/profile-changes/types';

export type { ProfileChangeRequest, ProfileField, RequestStatus, Transition };

const fields = /* GraphQL */ `
  uuid status person { uuid firstName lastName email } requestedBy { uuid firstName lastName }
  campus { uuid name } changes { field from to } createdAt expiresAt remindedAt decidedAt
  decidedBy { uuid firstName lastName } failureMessage canDecide`;

export async function loadInbox(status: RequestStatus | null, campusId: string | null): Promise<ProfileChangeRequest[]> {
  const data = await gql<{ profileChangeRequests: ProfileChangeRequest[] }>(
    `query ProfileChangeRequests($status: String, $campusList: [ID!]) { profileChangeRequests(status: $status, campusList: $campusList) { ${fields} } }`,
    { status, campusList: campusId ? [campusId] : null },
  );
  return data.profileChangeRequests;
}

export async function loadMine(): Promise<ProfileChangeRequest[]> {
  const data = await gql<{ myProfileChangeRequests: ProfileChangeRequest[] }>(`query MyProfileChangeRequests { myProfileChangeRequests { ${fields} } }`);
  return data.myProfileChangeRequests;
}

export interface ProfileValues {
  firstName: string;
  lastName: string;
  email: string;
}

/** Files a request for one's own profile; violations come back as a GqlError the form places by field. */
export async function fileRequest(values: ProfileValues): Promise<ProfileChangeRequest> {
  const data = await gql<{ CreateProfileChangeRequest: { request: ProfileChangeRequest } }>(
    `mutation CreateProfileChangeRequest($input: CreateProfileChangeRequestInput!) { CreateProfileChangeRequest(input: $input) { request { ${fields} } } }`,
    { input: values },
    { silent: true },
  );
  return data.CreateProfileChangeRequest.request;
}

/**
 * SPEC §2: POST /profile-change-requests/change/{id}/{transition} (the path of the interface language).
 * A `message` comes with a 202: the decision was sent but not confirmed yet.
 */
export async function decide(id: string, transition: Transition): Promise<{ request: ProfileChangeRequest; message?: string }> {
  const path = currentLanguage() === 'fr'
    ? `/api/demandes-de-modification-de-profil/changer/${id}/${transition}`
    : `/api/profile-change-requests/change/${id}/${transition}`;
  return requestJson<{ request: ProfileChangeRequest; message?: string }>('POST', path, {});
}

/** The logged actor again (an approved change renames them). */
export async function refreshMe(): Promise<Me | null> {
  const response = await apiFetch('/api/auth/me');
  if (!response.ok) return null;
  const body = (await readJson(response)) as { actor?: Me } | null;
  if (body?.actor) setMe(body.actor);
  return body?.actor ?? null;
}
