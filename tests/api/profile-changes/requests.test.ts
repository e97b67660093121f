import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WorkflowUpdateFailedError } from '@temporalio/client';
import type { ProfileChangesServices } from '@alterna/profile-changes';
import { ApiClient, demo, startTestApp, type TestApp, reasonOf } from '../../support/app.js';
import { eventually, startTestWorker } from '../../support/worker.js';
import { createPerson, removePeople, type TestPerson } from './support.js';

let app: TestApp;
let worker: Awaited<ReturnType<typeof startTestWorker>>;
const people: TestPerson[] = [];

beforeAll(async () => {
  app = await startTestApp();
  worker = await startTestWorker(app.core);
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  if (app) {
    await removePeople(app.core.db.knex, people);
    await app.close();
  }
});

const requestFields = 'uuid status person { uuid firstName lastName email } requestedBy { uuid } campus { name } changes { field from to } createdAt expiresAt decidedAt decidedBy { firstName lastName } failureMessage canDecide';
const fileMutation = `mutation($input: CreateProfileChangeRequestInput!) { CreateProfileChangeRequest(input: $input) { clientMutationId request { ${requestFields} } } }`;
const inboxQuery = `query($status: String, $campusList: [ID!]) { profileChangeRequests(status: $status, campusList: $campusList) { ${requestFields} } }`;

async function student(campus = 'Paris', language = 'en'): Promise<{ person: TestPerson; client: ApiClient }> {
  const person = await createPerson(app.core.db.knex, 'student', campus);
  people.push(person);
  const client = new ApiClient(app.baseUrl, language);
  await client.login(person.email);
  return { person, client };
}

async function staff(typology: string, language = 'en'): Promise<ApiClient> {
  const client = new ApiClient(app.baseUrl, language);
  await client.login(demo(typology));
  return client;
}

async function file(client: ApiClient, person: TestPerson, changes: Partial<Record<'firstName' | 'lastName' | 'email', string>>) {
  const input = { firstName: person.firstName, lastName: person.lastName, email: person.email, ...changes, clientMutationId: 'c1' };
  const response = await client.graphql(fileMutation, { input });
  expect(response.json.errors).toBeUndefined();
  return response.json.data.CreateProfileChangeRequest.request;
}

const actorRow = (id: string) => app.core.db.knex('actors').where({ id }).first('first_name', 'last_name', 'email');
const requestRow = (id: string) => app.core.db.knex('profile_change_requests').where({ id }).first();
const operationOf = (requestId: string) => app.core.operations.byWorkflowId(`profile-change:${requestId}`);

describe('profile-change requests: approve and reject', () => {
  it('files a request as a workflow, shows it in the inbox and the operations page, and applies it once on approve', async () => {
    const { person, client } = await student();
    const request = await file(client, person, { lastName: 'Durand', email: `new-${person.email}` });
    expect(request).toMatchObject({
      status: 'pending', person: { uuid: person.id }, requestedBy: { uuid: person.id }, campus: { name: 'Paris' }, decidedAt: null, canDecide: false,
      changes: [
        { field: 'lastName', from: person.lastName, to: 'Durand' },
        { field: 'email', from: person.email, to: `new-${person.email}` },
      ],
    });
    // Seven days by default.
    expect(new Date(request.expiresAt).getTime() - new Date(request.createdAt).getTime()).toBeGreaterThan(7 * 86_400_000 - 60_000);

    const pedagogy = await staff('pedagogy');
    const inbox = (await pedagogy.graphql(inboxQuery, { status: 'pending' })).json.data.profileChangeRequests;
    expect(inbox.find((r: { uuid: string }) => r.uuid === request.uuid)).toMatchObject({ status: 'pending', canDecide: true });

    // The operations page: one item, pending, seen by the requester and by Paris staff.
    const running = await operationOf(request.uuid);
    expect(running).toMatchObject({ kind: 'profile-changes.transition', subject: `${person.firstName} ${person.lastName}`, status: 'running', startedBy: { id: person.id } });
    const asStaff = await pedagogy.get(`/api/operations/${running!.id}`);
    expect(asStaff.json.operation).toMatchObject({ progress: { done: 0, total: 1 }, items: [{ key: request.uuid, label: `${person.firstName} ${person.lastName}`, status: 'pending' }] });
    expect((await client.get(`/api/operations/${running!.id}`)).status).toBe(200);

    const approved = await pedagogy.post(`/api/profile-change-requests/change/${request.uuid}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.json.request).toMatchObject({ status: 'approved', decidedBy: { firstName: 'Claire', lastName: 'Martin' }, canDecide: false });
    expect(approved.json.request.decidedAt).not.toBeNull();
    expect(await actorRow(person.id)).toEqual({ first_name: person.firstName, last_name: 'Durand', email: `new-${person.email}` });
    const row = await requestRow(request.uuid);
    expect(row.applied_at).not.toBeNull();
    expect(row.decided_by).toBe((await app.core.db.knex('actors').where({ email: demo('pedagogy') }).first('id')).id);

    const final = await eventually(async () => {
      const operation = (await pedagogy.get(`/api/operations/${running!.id}`)).json.operation;
      return operation.status === 'completed' ? operation : null;
    });
    expect(final.progress).toEqual({ done: 1, total: 1 });
    expect(final.items).toEqual([{ key: request.uuid, label: `${person.firstName} ${person.lastName}`, status: 'done', message: 'Approved by Claire Martin' }]);
    expect(final.result).toMatchObject({ status: 'approved' });

    // Applied once: running the activity again (a retry) leaves a later edit of the profile alone.
    await app.core.db.knex('actors').where({ id: person.id }).update({ last_name: 'Edited-Later' });
    await app.core.services<ProfileChangesServices>('profile-changes').effects.apply(request.uuid);
    expect((await actorRow(person.id)).last_name).toBe('Edited-Later');

    // The requester sees the decision.
    const mine = (await client.graphql(`{ myProfileChangeRequests { ${requestFields} } }`)).json.data.myProfileChangeRequests;
    expect(mine[0]).toMatchObject({ uuid: request.uuid, status: 'approved', decidedBy: { firstName: 'Claire' } });
  });

  it('refuses a second transition once decided, with a message, and changes nothing', async () => {
    const { person, client } = await student();
    const request = await file(client, person, { firstName: 'Jeanne-Marie' });
    const isd = await staff('isd', 'fr');
    expect((await isd.post(`/api/profile-change-requests/change/${request.uuid}/approve`)).status).toBe(200);
    await app.core.db.knex('actors').where({ id: person.id }).update({ first_name: 'Jeanne' });

    const again = await isd.post(`/api/profile-change-requests/change/${request.uuid}/reject`);
    expect(again.status).toBe(422);
    expect(again.json.errors).toEqual([{ path: '', message: "Cette demande n'est plus en attente (état : approuvée)." }]);
    const english = await staff('management');
    const twice = await english.post(`/api/profile-change-requests/change/${request.uuid}/approve`);
    expect(twice.json.errors).toEqual([{ path: '', message: 'This request is no longer pending (status: approved).' }]);
    expect((await requestRow(request.uuid)).status).toBe('approved');
    expect((await actorRow(person.id)).first_name).toBe('Jeanne');
  });

  it('rejects: the profile stays as it was, the decision is recorded', async () => {
    const { person, client } = await student();
    const request = await file(client, person, { firstName: 'Jeannette', email: `other-${person.email}` });
    const management = await staff('management', 'fr');
    const rejected = await management.post(`/api/demandes-de-modification-de-profil/changer/${request.uuid}/reject`);
    expect(rejected.status).toBe(200);
    expect(rejected.json.request).toMatchObject({ status: 'rejected', decidedBy: { firstName: 'Sophie', lastName: 'Dubois' } });
    expect(await actorRow(person.id)).toEqual({ first_name: person.firstName, last_name: person.lastName, email: person.email });
    const row = await requestRow(request.uuid);
    expect(row).toMatchObject({ status: 'rejected', applied_at: null });
    expect(row.decided_at).not.toBeNull();

    const operation = await eventually(async () => {
      const current = await operationOf(request.uuid);
      return current?.status === 'completed' ? current : null;
    });
    expect(operation.items).toEqual([{ key: request.uuid, label: `${person.firstName} ${person.lastName}`, status: 'done', message: 'Rejected by Sophie Dubois' }]);
  });

  it('answers an unknown transition with 422 and a message, in both languages, and a bad id with 422', async () => {
    const { person, client } = await student();
    const request = await file(client, person, { lastName: 'Nouveau' });
    const english = await staff('pedagogy');
    const unknown = await english.post(`/api/profile-change-requests/change/${request.uuid}/publish`);
    expect(unknown.status).toBe(422);
    expect(unknown.json.errors).toEqual([{ path: 'transition', message: 'Unknown transition “publish”. Possible transitions: approve, reject.' }]);
    const french = await staff('pedagogy', 'fr');
    const inconnue = await french.post(`/api/demandes-de-modification-de-profil/changer/${request.uuid}/valider`);
    expect(inconnue.json.errors).toEqual([{ path: 'transition', message: 'Transition « valider » inconnue. Transitions possibles : approve, reject.' }]);
    const badId = await french.post('/api/profile-change-requests/change/42/approve');
    expect(badId.status).toBe(422);
    expect(badId.json.errors).toEqual([{ path: 'id', message: "L'identifiant « 42 » n'est pas un UUID valide." }]);
    expect((await english.post('/api/profile-change-requests/change/7d7a3e0e-4a57-4a47-9d3c-1d2b9c1b6a11/approve')).status).toBe(404);
    expect((await requestRow(request.uuid)).status).toBe('pending');
  });

  it('validates the transition in the workflow too: an update naming no transition is refused there', async () => {
    const { person, client } = await student();
    const request = await file(client, person, { lastName: 'Guarded' });
    const handle = (await app.core.temporal.client()).workflow.getHandle(`profile-change:${request.uuid}`);
    const refused = await handle.executeUpdate('profile-changes.decide', { args: [{ transition: 'publish', deciderId: person.id, deciderName: 'x' }] }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(WorkflowUpdateFailedError);
    expect((refused as WorkflowUpdateFailedError).cause).toMatchObject({ type: 'ProfileChangeUnknownTransition' });
    expect((await requestRow(request.uuid)).status).toBe('pending');
  });

  it('ends a request withdrawn from the operations page as cancelled, unchanged', async () => {
    const { person, client } = await student();
    const request = await file(client, person, { lastName: 'Withdrawn' });
    const operation = await operationOf(request.uuid);
    expect((await client.post(`/api/operations/${operation!.id}/cancel`)).status).toBe(200);
    const row = await eventually(async () => {
      const current = await requestRow(request.uuid);
      return current.status === 'cancelled' ? current : null;
    });
    expect(row.decided_by).toBeNull();
    const final = await eventually(async () => {
      const current = await operationOf(request.uuid);
      return current?.status === 'cancelled' ? current : null;
    });
    expect(final.items[0]).toMatchObject({ status: 'error', message: 'Withdrawn' });
    const pedagogy = await staff('pedagogy');
    const late = await pedagogy.post(`/api/profile-change-requests/change/${request.uuid}/approve`);
    expect(late.json.errors).toEqual([{ path: '', message: 'This request is no longer pending (status: cancelled).' }]);
    expect((await actorRow(person.id)).last_name).toBe(person.lastName);
  });
});

describe('profile-change requests: campus scoping and rights', () => {
  it('hides a Paris request from a Lyon-only campus manager, who cannot decide it; read-only sees it but cannot decide', async () => {
    const { person, client } = await student('Paris');
    const request = await file(client, person, { lastName: 'Scoped' });

    const lyon = await staff('campus-manager');
    const lyonInbox = (await lyon.graphql(inboxQuery, {})).json.data.profileChangeRequests;
    expect(lyonInbox.map((r: { uuid: string }) => r.uuid)).not.toContain(request.uuid);
    expect(lyonInbox.every((r: { campus: { name: string } }) => r.campus.name === 'Lyon')).toBe(true);
    const denied = await lyon.post(`/api/profile-change-requests/change/${request.uuid}/approve`);
    expect(denied.status).toBe(403);
    expect(reasonOf(denied.json.errors[0])).toBe('Access Denied.');
    // Asking for Paris explicitly gives nothing more.
    const paris = (await app.core.db.knex('campuses').where({ name: 'Paris' }).first('id')).id;
    expect((await lyon.graphql(inboxQuery, { campusList: [paris] })).json.data.profileChangeRequests).toEqual([]);

    const reader = await staff('read-only');
    const seen = (await reader.graphql(inboxQuery, { status: 'pending' })).json.data.profileChangeRequests.find((r: { uuid: string }) => r.uuid === request.uuid);
    expect(seen).toMatchObject({ status: 'pending', canDecide: false });
    const readOnly = await reader.post(`/api/profile-change-requests/change/${request.uuid}/reject`);
    expect(readOnly.status).toBe(403);
    expect(reasonOf(readOnly.json.errors[0])).toBe('Access Denied.');

    // Non-staff: no inbox, no decision.
    const teacher = await staff('teacher');
    expect(reasonOf((await teacher.graphql(inboxQuery, {})).json.errors[0])).toBe('Access Denied.');
    expect((await client.post(`/api/profile-change-requests/change/${request.uuid}/approve`)).status).toBe(403);
    expect((await new ApiClient(app.baseUrl).post(`/api/profile-change-requests/change/${request.uuid}/approve`)).status).toBe(401);

    expect((await requestRow(request.uuid)).status).toBe('pending');
    expect((await actorRow(person.id)).last_name).toBe(person.lastName);
    // The Lyon manager does not see the Paris run on the operations page either.
    const operation = await operationOf(request.uuid);
    expect((await lyon.get(`/api/operations/${operation!.id}`)).status).toBe(404);
  });

  it('lets a Lyon campus manager decide a Lyon request, filters the inbox by status and campus', async () => {
    const { person, client } = await student('Lyon');
    const request = await file(client, person, { firstName: 'Lyonnaise' });
    const lyon = await staff('campus-manager');
    const lyonId = (await app.core.db.knex('campuses').where({ name: 'Lyon' }).first('id')).id;
    const pending = (await lyon.graphql(inboxQuery, { status: 'pending', campusList: [lyonId] })).json.data.profileChangeRequests;
    expect(pending.find((r: { uuid: string }) => r.uuid === request.uuid)).toMatchObject({ canDecide: true, campus: { name: 'Lyon' } });
    expect((await lyon.post(`/api/profile-change-requests/change/${request.uuid}/approve`)).json.request.status).toBe('approved');
    const approved = (await lyon.graphql(inboxQuery, { status: 'approved' })).json.data.profileChangeRequests;
    expect(approved.map((r: { uuid: string }) => r.uuid)).toContain(request.uuid);
    const stillPending = (await lyon.graphql(inboxQuery, { status: 'pending' })).json.data.profileChangeRequests;
    expect(stillPending.map((r: { uuid: string }) => r.uuid)).not.toContain(request.uuid);

    const badStatus = await lyon.graphql(inboxQuery, { status: 'lost' });
    expect(badStatus.json.errors[0].extensions.violations).toEqual([{ path: 'status', message: 'This value should be one of: pending, approved, rejected, expired, failed, cancelled.' }]);
    const badCampus = await lyon.graphql(inboxQuery, { campusList: ['lyon'] });
    expect(badCampus.json.errors[0].extensions.violations).toEqual([{ path: 'campusList', message: 'The id "lyon" is not a valid UUID.' }]);
  });

  it('never lets an approver decide on their own profile; another approver may', async () => {
    const person = await createPerson(app.core.db.knex, 'pedagogy', 'Paris');
    people.push(person);
    const self = new ApiClient(app.baseUrl, 'en');
    await self.login(person.email);
    const request = await file(self, person, { lastName: 'Self-Approved' });
    const own = await self.post(`/api/profile-change-requests/change/${request.uuid}/approve`);
    expect(own.status).toBe(422);
    expect(own.json.errors).toEqual([{ path: '', message: 'You cannot approve or reject a request about your own profile.' }]);
    expect((await self.graphql(inboxQuery, {})).json.data.profileChangeRequests.find((r: { uuid: string }) => r.uuid === request.uuid).canDecide).toBe(false);
    const other = await staff('management');
    expect((await other.post(`/api/profile-change-requests/change/${request.uuid}/approve`)).json.request.status).toBe('approved');
    expect((await actorRow(person.id)).last_name).toBe('Self-Approved');
  });

  it('lets staff file for an actor of their campuses only; others cannot file for someone else', async () => {
    const parisStudent = await createPerson(app.core.db.knex, 'student', 'Paris');
    const lyonStudent = await createPerson(app.core.db.knex, 'student', 'Lyon');
    people.push(parisStudent, lyonStudent);
    const isd = await staff('isd');
    const input = (person: TestPerson) => ({ actorId: person.id, firstName: person.firstName, lastName: 'ByStaff', email: person.email });
    const filed = await isd.graphql(fileMutation, { input: input(parisStudent) });
    expect(filed.json.data.CreateProfileChangeRequest.request).toMatchObject({ person: { uuid: parisStudent.id }, campus: { name: 'Paris' }, status: 'pending' });
    expect(filed.json.data.CreateProfileChangeRequest.request.requestedBy.uuid).not.toBe(parisStudent.id);
    // isd is on Paris only.
    expect(reasonOf((await isd.graphql(fileMutation, { input: input(lyonStudent) })).json.errors[0])).toBe('Access Denied.');
    const reader = await staff('read-only');
    expect(reasonOf((await reader.graphql(fileMutation, { input: input(parisStudent) })).json.errors[0])).toBe('Access Denied.');
    const { client } = await student();
    expect(reasonOf((await client.graphql(fileMutation, { input: input(lyonStudent) })).json.errors[0])).toBe('Access Denied.');
    expect((await isd.graphql(fileMutation, { input: { ...input(parisStudent), actorId: 'nobody' } })).json.errors[0].extensions.violations).toEqual([
      { path: 'actorId', message: 'The id "nobody" is not a valid UUID.' },
    ]);
    expect(await app.core.db.knex('profile_change_requests').where({ actor_id: lyonStudent.id }).count({ n: '*' }).first()).toEqual({ n: 0 });
  });
});

describe('profile-change requests: filing rules', () => {
  it('answers bad input, nothing to change, a taken e-mail and a second pending request with 422 messages', async () => {
    const { person, client } = await student('Paris', 'fr');
    const violations = async (changes: Record<string, string>) => {
      const response = await client.graphql(fileMutation, { input: { firstName: person.firstName, lastName: person.lastName, email: person.email, ...changes } });
      return response.json.errors?.[0]?.extensions?.violations;
    };
    expect(await violations({ firstName: ' ', email: 'nope' })).toEqual([
      { path: 'firstName', message: 'Cette valeur ne doit pas être vide.' },
      { path: 'email', message: "Cette valeur n'est pas une adresse e-mail valide." },
    ]);
    expect(await violations({})).toEqual([{ path: '', message: "Modifiez au moins un champ : c'est déjà votre profil." }]);
    expect(await violations({ email: 'PEDAGOGY@demo.alterna.school' })).toEqual([{ path: 'email', message: 'Cette adresse e-mail est déjà utilisée par une autre personne.' }]);
    expect(await violations({ lastName: 'Premier' })).toBeUndefined();
    expect(await violations({ lastName: 'Second' })).toEqual([{ path: '', message: 'Une demande de modification de profil attend déjà une décision pour cette personne.' }]);
    expect(await app.core.db.knex('profile_change_requests').where({ actor_id: person.id }).count({ n: '*' }).first()).toEqual({ n: 1 });
    expect(reasonOf((await new ApiClient(app.baseUrl).graphql('{ myProfileChangeRequests { uuid } }')).json.errors[0])).toBe('User is not logged in');
  });

  it('keeps the request pending when the asked e-mail was taken before the approval', async () => {
    const { person, client } = await student();
    const wanted = `wanted-${person.email}`;
    const request = await file(client, person, { email: wanted });
    const squatter = await createPerson(app.core.db.knex, 'student', 'Paris');
    people.push(squatter);
    await app.core.db.knex('actors').where({ id: squatter.id }).update({ email: wanted });
    const pedagogy = await staff('pedagogy');
    const refused = await pedagogy.post(`/api/profile-change-requests/change/${request.uuid}/approve`);
    expect(refused.status).toBe(422);
    expect(refused.json.errors).toEqual([{ path: 'email', message: 'This e-mail address is already used by another person.' }]);
    expect((await requestRow(request.uuid)).status).toBe('pending');
    expect((await pedagogy.post(`/api/profile-change-requests/change/${request.uuid}/reject`)).json.request.status).toBe('rejected');
    expect((await actorRow(person.id)).email).toBe(person.email);
  });

  it('ends the request failed, with the reason, when the e-mail is taken between the approval check and the apply', async () => {
    const { person, client } = await student();
    const wanted = `race-${person.email}`;
    const request = await file(client, person, { email: wanted, firstName: 'Raced' });
    const squatter = await createPerson(app.core.db.knex, 'student', 'Paris');
    people.push(squatter);
    await app.core.db.knex('actors').where({ id: squatter.id }).update({ email: wanted });
    // The workflow is told directly, as if the approver's check had passed just before the address went.
    const temporal = await app.core.temporal.client();
    const outcome = await temporal.workflow.getHandle(`profile-change:${request.uuid}`).executeUpdate('profile-changes.decide', {
      args: [{ transition: 'approve', deciderId: squatter.id, deciderName: 'Racing Approver' }],
    });
    expect(outcome).toEqual({ status: 'failed', deciderId: squatter.id, reason: 'identity.profile.emailTaken' });
    expect(await actorRow(person.id)).toEqual({ first_name: person.firstName, last_name: person.lastName, email: person.email });
    const mine = (await client.graphql(`{ myProfileChangeRequests { ${requestFields} } }`)).json.data.myProfileChangeRequests;
    expect(mine[0]).toMatchObject({ uuid: request.uuid, status: 'failed', failureMessage: 'This e-mail address is already used by another person.' });
    const operation = await eventually(async () => {
      const current = await operationOf(request.uuid);
      return current?.status === 'completed' ? current : null;
    });
    expect(operation.items[0]).toMatchObject({ status: 'error', message: 'Approved, but the change could not be applied' });
  });
});

describe('profile-change requests: the people rule (issue #9)', () => {
  type Refusal = { status: number; json: { errors?: { extensions?: { code?: string } }[] } };
  const forbidden = (response: Refusal) => response.status === 403 || response.json.errors?.[0]?.extensions?.code === 'FORBIDDEN';
  const campusId = async (name: string) => (await app.core.db.knex('campuses').where({ name }).first('id')).id as string;

  /** A person of both campuses: editing them needs the change permission on Paris and on Lyon. */
  async function onBothCampuses(typology: 'student' | 'management'): Promise<TestPerson> {
    const person = await createPerson(app.core.db.knex, typology, 'Paris');
    people.push(person);
    await app.core.db.knex('actor_access_rules').insert({ actor_id: person.id, campus_id: await campusId('Lyon'), typology });
    return person;
  }

  const fileFor = (client: ApiClient, person: TestPerson, changes: Record<string, string>) =>
    client.graphql(fileMutation, { input: { actorId: person.id, firstName: person.firstName, lastName: person.lastName, email: person.email, ...changes } });
  const pendingOf = async (personId: string) => (await app.core.db.knex('profile_change_requests').where({ actor_id: personId, status: 'pending' }).select('id')).map((r: { id: string }) => r.id);

  it('keeps a Lyon-only campus manager from filing for, or deciding about, a person of Paris and Lyon; nothing changes', async () => {
    const person = await onBothCampuses('student');
    const lyon = await staff('campus-manager');
    expect(forbidden(await fileFor(lyon, person, { lastName: 'ByLyon', email: `lyon-${person.email}` }))).toBe(true);
    expect(await pendingOf(person.id)).toEqual([]);

    // Filed by someone with both campuses, on Lyon (the person's first campus by name): the Lyon manager sees it, may not decide it.
    const filed = await fileFor(await staff('pedagogy'), person, { lastName: 'ByPedagogy' });
    expect(filed.json.errors).toBeUndefined();
    const request = filed.json.data.CreateProfileChangeRequest.request;
    const seen = (await lyon.graphql(inboxQuery, { status: 'pending' })).json.data.profileChangeRequests.find((r: { uuid: string }) => r.uuid === request.uuid);
    expect(seen).toMatchObject({ campus: { name: 'Lyon' }, canDecide: false });
    expect(forbidden(await lyon.post(`/api/profile-change-requests/change/${request.uuid}/approve`))).toBe(true);
    expect(forbidden(await lyon.post(`/api/profile-change-requests/change/${request.uuid}/reject`))).toBe(true);
    expect(await requestRow(request.uuid)).toMatchObject({ status: 'pending', decided_by: null, applied_at: null });
    expect(await actorRow(person.id)).toEqual({ first_name: person.firstName, last_name: person.lastName, email: person.email });

    // Someone with both campuses who did not file it decides.
    const approved = await (await staff('management')).post(`/api/profile-change-requests/change/${request.uuid}/approve`);
    expect(approved.json.request.status).toBe('approved');
    expect((await actorRow(person.id)).last_name).toBe('ByPedagogy');
  });

  it('keeps a Lyon-only campus manager from changing a Paris and Lyon manager, filed for them or by them', async () => {
    const lyon = await staff('campus-manager');
    const management = await app.core.db.knex('actors').where({ email: demo('management') }).first('id', 'first_name', 'last_name', 'email');
    const demoManager = { id: management.id, firstName: management.first_name, lastName: management.last_name, email: management.email };
    expect(forbidden(await fileFor(lyon, demoManager, { lastName: 'Renamed', email: 'lyon-took-over@example.test' }))).toBe(true);
    expect(await pendingOf(demoManager.id)).toEqual([]);
    expect(await actorRow(demoManager.id)).toEqual({ first_name: demoManager.firstName, last_name: demoManager.lastName, email: demoManager.email });

    // The manager's own request: only someone who may edit them on both campuses decides it.
    const manager = await onBothCampuses('management');
    const self = new ApiClient(app.baseUrl, 'en');
    await self.login(manager.email);
    const request = await file(self, manager, { email: `moved-${manager.email}` });
    expect(forbidden(await lyon.post(`/api/profile-change-requests/change/${request.uuid}/approve`))).toBe(true);
    expect(await requestRow(request.uuid)).toMatchObject({ status: 'pending', decided_by: null, applied_at: null });
    expect(await actorRow(manager.id)).toEqual({ first_name: manager.firstName, last_name: manager.lastName, email: manager.email });
    expect((await (await staff('pedagogy')).post(`/api/profile-change-requests/change/${request.uuid}/reject`)).json.request.status).toBe('rejected');
  });

  it('never lets the filer of a request for someone else approve or reject it; another approver may', async () => {
    const person = await createPerson(app.core.db.knex, 'student', 'Paris');
    people.push(person);
    const isd = await staff('isd');
    const filed = await fileFor(isd, person, { firstName: 'Filed', email: `filed-${person.email}` });
    expect(filed.json.errors).toBeUndefined();
    const request = filed.json.data.CreateProfileChangeRequest.request;
    expect(request.canDecide).toBe(false);
    expect((await isd.graphql(inboxQuery, { status: 'pending' })).json.data.profileChangeRequests.find((r: { uuid: string }) => r.uuid === request.uuid).canDecide).toBe(false);

    const approve = await isd.post(`/api/profile-change-requests/change/${request.uuid}/approve`);
    expect(approve.status).toBe(422);
    expect(approve.json.errors).toEqual([{ path: '', message: 'You filed this request: another approver must approve or reject it.' }]);
    const french = await staff('isd', 'fr');
    const reject = await french.post(`/api/demandes-de-modification-de-profil/changer/${request.uuid}/reject`);
    expect(reject.status).toBe(422);
    expect(reject.json.errors).toEqual([{ path: '', message: "Vous avez déposé cette demande : un autre approbateur doit l'approuver ou la refuser." }]);
    expect(await requestRow(request.uuid)).toMatchObject({ status: 'pending', decided_by: null, applied_at: null });
    expect(await actorRow(person.id)).toEqual({ first_name: person.firstName, last_name: person.lastName, email: person.email });

    const pedagogy = await staff('pedagogy');
    expect((await pedagogy.graphql(inboxQuery, { status: 'pending' })).json.data.profileChangeRequests.find((r: { uuid: string }) => r.uuid === request.uuid).canDecide).toBe(true);
    expect((await pedagogy.post(`/api/profile-change-requests/change/${request.uuid}/approve`)).json.request.status).toBe('approved');
    expect(await actorRow(person.id)).toEqual({ first_name: 'Filed', last_name: person.lastName, email: `filed-${person.email}` });
  });
});
