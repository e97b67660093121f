import { isDeepStrictEqual } from 'node:util';
import { hashPassword } from '@alterna/identity';
import type { Knex } from '@alterna/core';
import { BenchClient, type BenchApp } from './app.js';
import { benchId } from './generate.js';
import type { Figure } from './stats.js';

const SAVES = 50;
const PASSWORD = 'bench-booklets-password';

/**
 * A training of campus 0 (offered there) with a current training group, an apprentice of it employed by a company
 * whose tutor, and a coach attributed to the apprentice, can log in. Answers the ids and logins.
 */
async function makeApprentice(knex: Knex, sessionId: string) {
  const campusId = benchId('campus', 0);
  const hash = await hashPassword(PASSWORD);
  const session = await knex('training_sessions').where({ id: sessionId }).first('start_date', 'end_date');
  const [training] = await knex('trainings').insert({ name: 'Bench livrets', short_name: 'BLIV', is_published: true }).returning('id');
  await knex('training_campuses').insert({ training_id: training.id, campus_id: campusId });
  const [plan] = await knex('training_plans').insert({ training_id: training.id, training_session_id: sessionId }).returning('id');
  const [variant] = await knex('training_plan_variants').insert({ training_plan_id: plan.id, name: 'Standard' }).returning('id');
  const [group] = await knex('training_groups').insert({
    name: 'Bench livrets', short_name: 'BLIV-1', start_date: session.start_date, end_date: session.end_date, campus_id: campusId,
    training_session_id: sessionId, training_id: training.id, variant_id: variant.id,
  }).returning('id');
  const person = async (first: string, last: string, email: string, typology: string) => {
    const [row] = await knex('actors').insert({ first_name: first, last_name: last, email, password_hash: hash }).returning('id');
    await knex('actor_access_rules').insert({ actor_id: row.id, campus_id: campusId, typology });
    return row.id as string;
  };
  const studentId = await person('Élève', 'Livret', 'livret.apprenti@bench.alterna.school', 'student');
  await knex('students').insert({ actor_id: studentId, date_of_birth: '2004-05-06' });
  const [registration] = await knex('student_registrations').insert({ student_id: studentId, training_group_id: group.id, student_status: 'apprentice' }).returning('id');
  const tutorId = await person('Tuteur', 'Livret', 'livret.tuteur@bench.alterna.school', 'tutor');
  const [corporation] = await knex('corporations').insert({ name: 'Entreprise Bench Livrets' }).returning('id');
  await knex('corporation_people').insert({ corporation_id: corporation.id, actor_id: tutorId, role: 'tutor' });
  await knex('student_contracts').insert({ registration_id: registration.id, corporation_id: corporation.id, start_date: session.start_date, end_date: session.end_date });
  const coachId = await person('Coach', 'Livret', 'livret.coach@bench.alterna.school', 'coach');
  await knex('coach_attributions').insert({ coach_id: coachId, student_id: studentId, campus_id: campusId, training_session_id: sessionId });
  return { trainingId: training.id as string, registrationId: registration.id as string, tutorEmail: 'livret.tuteur@bench.alterna.school', coachEmail: 'livret.coach@bench.alterna.school' };
}

/** Deep equality regardless of key order (jsonb stores an object's keys in its own order). */
const same = (a: unknown, b: unknown) => isDeepStrictEqual(a, b);

/**
 * Booklet form locking (issue #12): 50 saves of one intermediate evaluation in flight at once, by its two fillers (the
 * tutor and the coach, over HTTP, each save its own session's turn): each forces the lock, reads the version, saves
 * with it. A lost update is an accepted save that the stored form does not account for: two accepted saves from the
 * same version, a version that counts fewer saves than were accepted, or stored values other than the last accepted
 * save's. The figure is that count against a baseline of 1 (target 0: the ratio must be 0).
 */
export async function measureBookletSaves(app: BenchApp): Promise<Figure[]> {
  const name = `booklet form: ${SAVES} concurrent saves by two holders forcing the lock in turn (HTTP), lost updates vs 1`;
  // stats.ts knows time and memory units only; this figure is a count, printed as such.
  const unit = 'lost updates' as unknown as Figure['unit'];
  try {
    const knex = app.core.db.knex;
    const made = await makeApprentice(knex, app.centre.session.id);
    const base = `/api/coaching/trainings/${made.trainingId}/booklet-items`;
    const item = await app.manager.request('POST', base, { title: 'Évaluation intermédiaire', startDate: app.centre.session.startDate, endDate: app.centre.session.endDate, modules: ['intermediate-evaluation'] });
    if (item.status !== 200) throw new Error(`creating the booklet item answered ${item.status}: ${item.text.slice(0, 200)}`);
    const skill = await app.manager.request('POST', `/api/coaching/thesis-skill/new/${made.trainingId}`, { name: 'Communication' });
    if (skill.status !== 200) throw new Error(`adding a thesis skill answered ${skill.status}: ${skill.text.slice(0, 200)}`);

    const tutor = new BenchClient(app.baseUrl);
    const coach = new BenchClient(app.baseUrl);
    await tutor.login(made.tutorEmail, PASSWORD);
    await coach.login(made.coachEmail, PASSWORD);
    const booklet = await coach.request('GET', `/api/booklets/registration/${made.registrationId}`);
    const formId = booklet.json?.booklet?.forms?.[0]?.id as string | undefined;
    if (booklet.status !== 200 || !formId) throw new Error(`the coach's booklet answered ${booklet.status}: ${booklet.text.slice(0, 200)}`);
    const path = `/api/booklet-forms/${formId}`;

    const started = performance.now();
    const results = await Promise.all(Array.from({ length: SAVES }, async (_, i) => {
      const [holder, who] = i % 2 ? [tutor, 'tuteur'] : [coach, 'coach'];
      const lock = await holder.request('POST', `${path}/set-lock`, { force: true });
      const version = lock.json?.version as number;
      const values = { tasks: [`${who} ${i}`], skillMarks: [{ skill: 'Communication', mark: i % 21, comment: `save ${i}` }], note: `save ${i} by the ${who}` };
      const saved = await holder.request('POST', path, { action: 'save', version, values });
      return { i, status: saved.status, version: saved.json?.version as number | undefined, values, message: saved.json?.errors?.[0]?.message as string | undefined };
    }));
    const ms = performance.now() - started;

    const accepted = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status === 422);
    const other = results.filter((r) => r.status !== 200 && r.status !== 422);
    if (other.length) throw new Error(`saves answered ${other.map((r) => r.status).join(', ')}`);
    const form = (await coach.request('GET', path)).json.form;
    const last = accepted.reduce<(typeof accepted)[number] | undefined>((best, r) => (!best || r.version! > best.version! ? r : best), undefined);
    const stored = { tasks: form.values.tasks, skillMarks: form.values.skillMarks, note: form.values.note };
    const duplicates = accepted.length - new Set(accepted.map((r) => r.version)).size;
    const uncounted = Math.max(0, accepted.length - form.version);
    const overwritten = last ? (same(stored, last.values) ? 0 : 1) : form.version === 0 ? 0 : 1;
    const lost = duplicates + uncounted + overwritten;
    return [{
      name, value: lost, baseline: 1, unit, target: 0,
      note: `${accepted.length} saves accepted, ${refused.length} refused (422: lock taken by the other holder or stale version); final version ${form.version}`
        + ` (accepted versions ${duplicates ? 'NOT ' : ''}all distinct); stored values ${overwritten ? 'DIFFER from' : 'equal'} the last accepted save`
        + ` (#${last?.i}, version ${last?.version}); ${SAVES} lock+save pairs in ${ms.toFixed(0)} ms`,
    }];
  } catch (error) {
    return [{ name, value: null, baseline: 1, unit, target: 0, missing: error instanceof Error ? error.message.slice(0, 160) : String(error) }];
  }
}
