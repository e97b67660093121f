// Helpers of the booklet validation tests: an intermediate evaluation filled by the coach, ready to be validated.
import { expect } from 'vitest';
import { eventually } from '../worker.js';
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

/**
 * A training with a past mission and a final evaluation (tutor and coach fill it; tutor, coach, apprentice sign); an
 * apprentice with a tutor and a coach; the evaluation filled by the coach (one skill marked 16.5).
 */
export async function finalEvaluation(app: TestApp) {
  const training = await makeTraining(app);
  const manager = await login(app, demo('pedagogy'));
  const base = `/api/coaching/trainings/${training.trainingId}/booklet-items`;
  await manager.post(base, { title: 'Mission', date: '2020-01-10', modules: ['mission-definition'] });
  await manager.post(base, { title: 'Évaluation finale', date: '2027-06-15', modules: ['final-evaluation'] });
  await manager.post(`/api/coaching/thesis-skill/new/${training.trainingId}`, { name: 'Communication' });
  const company = await makeCompany(app, training.campusId);
  const apprentice = await makeApprentice(app, training, company);
  const [coach, tutor, student] = await Promise.all([login(app, apprentice.coachEmail), login(app, company.tutorEmail), login(app, apprentice.email)]);
  const forms = (await coach.get(`/api/booklets/registration/${apprentice.id}`)).json.booklet.forms as any[];
  const evaluation = forms.find((f) => f.modules.includes('final-evaluation'));
  const path = `/api/booklet-forms/${evaluation.id}`;
  expect((await coach.post(`${path}/set-lock`, {})).status).toBe(200);
  expect((await coach.post(path, {
    action: 'save_and_quit', version: 0, values: { tasks: [], note: 'Très bonne année.', skillMarks: [{ skill: 'Communication', mark: 16.5, comment: 'Clair' }] },
  })).status).toBe(200);
  return { training, manager, company, apprentice, coach, tutor, student, evaluation, path };
}

/** Validates the form (the coach) and signs it in order, then waits for the run to archive the signed PDF. */
export async function signAll(path: string, coach: ApiClient, signers: ApiClient[]) {
  expect((await coach.post(`${path}/validate`, { validate: true })).status).toBe(200);
  for (const signer of signers) expect((await signer.post(`${path}/sign`, {})).status).toBe(200);
  await eventually(async () => {
    const state = (await coach.get(`${path}/validation`)).json.validation;
    return state.current?.status === 'validated' && state.current.hasPdf ? state : null;
  }, 30_000);
}
