import type { TestApp } from '../app.js';
import { withDemoPassword } from '../attendance/fixtures.js';
import { makePerson, planningDemo, tag } from '../planning/fixtures.js';
import { makeRegistration } from '../planning/groups.js';

/** A training of its own offered on a campus, with a current training group (a plan and variant of the current session). */
export async function makeTraining(app: TestApp, campus: 'paris' | 'lyon' = 'paris') {
  const knex = app.core.db.knex;
  const demo = await planningDemo(app);
  const campusId = demo[campus];
  const short = tag('T');
  const [training] = await knex('trainings').insert({ name: `Formation ${short}`, short_name: short, is_published: true }).returning('id');
  await knex('training_campuses').insert({ training_id: training.id, campus_id: campusId });
  const [plan] = await knex('training_plans').insert({ training_id: training.id, training_session_id: demo.session.id }).returning('id');
  const [variant] = await knex('training_plan_variants').insert({ training_plan_id: plan.id, name: 'Base' }).returning('id');
  const [group] = await knex('training_groups')
    .insert({ name: `Groupe ${short}`, short_name: short, start_date: demo.session.startDate, end_date: demo.session.endDate, campus_id: campusId, training_session_id: demo.session.id, training_id: training.id, variant_id: variant.id })
    .returning('id');
  return { trainingId: training.id as string, trainingGroupId: group.id as string, sessionId: demo.session.id, campusId, session: demo.session };
}

/** A corporation with a tutor and a contact who can log in; `employ` gives an apprentice a current contract with it. */
export async function makeCompany(app: TestApp, campusId: string) {
  const knex = app.core.db.knex;
  const [corporation] = await knex('corporations').insert({ name: tag('Entreprise ') }).returning('id');
  const tutorId = await makePerson(app, [campusId], 'tutor', tag('Tuteur'));
  const contactId = await makePerson(app, [campusId], 'corporation-contact', tag('Contact'));
  await knex('corporation_people').insert([{ corporation_id: corporation.id, actor_id: tutorId, role: 'tutor' }, { corporation_id: corporation.id, actor_id: contactId, role: 'contact' }]);
  return {
    corporationId: corporation.id as string, tutorId, contactId,
    tutorEmail: await withDemoPassword(app, tutorId), contactEmail: await withDemoPassword(app, contactId),
    async employ(registrationId: string, session: { startDate: string; endDate: string }) {
      await knex('student_contracts').insert({ registration_id: registrationId, corporation_id: corporation.id, start_date: session.startDate, end_date: session.endDate });
    },
  };
}

/** An apprentice of the training's group, employed by the company, coached by a new coach; everyone can log in. */
export async function makeApprentice(app: TestApp, training: Awaited<ReturnType<typeof makeTraining>>, company: Awaited<ReturnType<typeof makeCompany>>, coachId?: string) {
  const knex = app.core.db.knex;
  const registration = await makeRegistration(app, training.trainingGroupId, tag('Apprenti'));
  await company.employ(registration.id, training.session);
  const coach = coachId ?? (await makePerson(app, [training.campusId], 'coach', tag('Coach')));
  await knex('coach_attributions').insert({ coach_id: coach, student_id: registration.studentId, campus_id: training.campusId, training_session_id: training.sessionId });
  return { ...registration, email: await withDemoPassword(app, registration.studentId), coachId: coach, coachEmail: await withDemoPassword(app, coach) };
}

/** Registers the apprentice in a group of the same training in last year's session too; returns that group and registration. */
export async function registerLastYear(app: TestApp, training: Awaited<ReturnType<typeof makeTraining>>, studentId: string) {
  const knex = app.core.db.knex;
  const previous = await knex('training_sessions').where('end_date', '<', training.session.startDate).orderBy('end_date', 'desc').first('id');
  const group = await knex('training_groups').where('id', training.trainingGroupId).first();
  const name = `${group.name} N-1`;
  const [old] = await knex('training_groups')
    .insert({ ...group, id: undefined, name, short_name: `${group.short_name}-1`, training_session_id: previous.id, created_at: undefined, updated_at: undefined })
    .returning('id');
  const [registration] = await knex('student_registrations').insert({ student_id: studentId, training_group_id: old.id, student_status: 'apprentice' }).returning('id');
  return { groupName: name, registrationId: registration.id as string };
}
