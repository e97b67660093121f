import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, demo, startTestApp, type TestApp } from '../../support/app.js';
import { eventually, startTestWorker } from '../../support/worker.js';
import { createPerson, removePeople, type TestPerson } from './support.js';

// No worker at first: the requests are filed and decided while nothing runs the workflows.
let app: TestApp;
let worker: Awaited<ReturnType<typeof startTestWorker>> | null = null;
const people: TestPerson[] = [];

beforeAll(async () => {
  app = await startTestApp();
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  if (app) {
    await removePeople(app.core.db.knex, people);
    await app.close();
  }
});

describe('profile-change decisions while no worker runs', () => {
  it('answers 202 with a notice, keeps the request pending, and carries the decision out once a worker is back, once', async () => {
    const person = await createPerson(app.core.db.knex, 'student', 'Paris');
    people.push(person);
    const student = new ApiClient(app.baseUrl, 'en');
    await student.login(person.email);
    const filed = await student.graphql('mutation($input: CreateProfileChangeRequestInput!) { CreateProfileChangeRequest(input: $input) { request { uuid status } } }', {
      input: { firstName: 'Patient', lastName: person.lastName, email: person.email },
    });
    const request = filed.json.data.CreateProfileChangeRequest.request;
    expect(request.status).toBe('pending');

    const pedagogy = new ApiClient(app.baseUrl, 'fr');
    await pedagogy.login(demo('pedagogy'));
    const sent = await pedagogy.post(`/api/profile-change-requests/change/${request.uuid}/approve`);
    expect(sent.status).toBe(202);
    expect(sent.json.message).toBe(
      'Votre décision a été transmise mais pas encore confirmée : le service de traitement du centre ne répond pas. Actualisez la liste dans un instant pour voir si elle a été prise.',
    );
    expect(sent.json.request.status).toBe('pending');
    expect((await app.core.db.knex('actors').where({ id: person.id }).first()).first_name).toBe(person.firstName);

    worker = await startTestWorker(app.core);
    const row = await eventually(async () => {
      const current = await app.core.db.knex('profile_change_requests').where({ id: request.uuid }).first();
      return current.status !== 'pending' ? current : null;
    });
    expect(row.status).toBe('approved');
    expect((await app.core.db.knex('actors').where({ id: person.id }).first()).first_name).toBe('Patient');
    const again = await pedagogy.post(`/api/profile-change-requests/change/${request.uuid}/approve`);
    expect(again.json.errors).toEqual([{ path: '', message: "Cette demande n'est plus en attente (état : approuvée)." }]);
  }, 90_000);
});
