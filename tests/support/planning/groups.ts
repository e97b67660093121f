import type { TestApp } from '../app.js';
import { tag } from './fixtures.js';
import { todayIn } from '@alterna/core/dates';

/** A training group of the campus that is not over yet (a demo group of the current session). */
export async function currentTrainingGroup(app: TestApp, campusId: string, shortNamePrefix = ''): Promise<{ id: string; shortName: string; name: string }> {
  const knex = app.core.db.knex;
  const today = todayIn();
  const row = await knex('training_groups')
    .where('campus_id', campusId).where('end_date', '>=', today).where('start_date', '<=', today)
    .whereILike('short_name', `${shortNamePrefix}%`)
    .orderBy('short_name').first('id', 'short_name', 'name');
  if (!row) throw new Error(`no current training group on campus ${campusId}`);
  return { id: row.id, shortName: row.short_name, name: row.name };
}

/** A new student (unique name) registered in a training group; returns the registration id and the names. */
export async function makeRegistration(app: TestApp, trainingGroupId: string, lastName = tag('Eleve')): Promise<{ id: string; studentId: string; firstName: string; lastName: string }> {
  const knex = app.core.db.knex;
  return knex.transaction(async (trx) => {
    const group = await trx('training_groups').where('id', trainingGroupId).first('campus_id');
    const firstName = 'Camille';
    const [actor] = await trx('actors').insert({ first_name: firstName, last_name: lastName, email: `${tag('s')}@test.alterna.school` }).returning('id');
    await trx('actor_access_rules').insert({ actor_id: actor.id, campus_id: group.campus_id, typology: 'student' });
    await trx('students').insert({ actor_id: actor.id, date_of_birth: '2004-05-06' });
    const [registration] = await trx('student_registrations').insert({ student_id: actor.id, training_group_id: trainingGroupId, student_status: 'apprentice' }).returning('id');
    return { id: registration.id as string, studentId: actor.id as string, firstName, lastName };
  });
}
