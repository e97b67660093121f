// Helpers of the booklet validation tests: an intermediate evaluation filled by the coach, ready to be validated.
import { expect } from 'vitest';
import { ApiClient, demo, type TestApp } from '../app.js';
import { makeApprentice, makeCompany, makeTraining } from './fixtures.js';

export async function login(app: TestApp, email: string, language = 'fr') {
  const client = new ApiClient(app.baseUrl, language);
  await client.login(email);
  return client;
}

/** A training with a mission and an intermediate evaluation; an apprentice with a tutor and a coach; the evaluation filled by the coach. */
export async function evaluationToValidate(app: TestApp) {
  const training = await makeTraining(app);
  const manager = await login(app, demo('pedagogy'));
  const base = `/api/coaching/trainings/${training.trainingId}/booklet-items`;
  await manager.post(base, { title: 'Mission', date: '2027-01-10', modules: ['mission-definition'] });
  await manager.post(base, { title: 'Évaluation intermédiaire', startDate: '2027-03-01', endDate: '2027-03-15', modules: ['intermediate-evaluation'] });
  await manager.post(`/api/coaching/thesis-skill/new/${training.trainingId}`, { name: 'Communication' });
  const company = await makeCompany(app, training.campusId);
  const apprentice = await makeApprentice(app, training, company);
  const coach = await login(app, apprentice.coachEmail);
  const tutor = await login(app, company.tutorEmail);
  const student = await login(app, apprentice.email);
  const forms = (await coach.get(`/api/booklets/registration/${apprentice.id}`)).json.booklet.forms as any[];
  const [mission, evaluation] = forms;
  expect((await coach.post(`/api/booklet-forms/${evaluation.id}/set-lock`, {})).status).toBe(200);
  const saved = await coach.post(`/api/booklet-forms/${evaluation.id}`, {
    action: 'save_and_quit', version: 0, values: { tasks: [], note: 'Bon semestre.', skillMarks: [{ skill: 'Communication', mark: 15, comment: 'Clair' }] },
  });
  expect(saved.status).toBe(200);
  return { training, company, apprentice, manager, coach, tutor, student, mission, evaluation };
}
