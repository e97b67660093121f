import crypto from 'node:crypto';
import type { Knex } from '@alterna/core';
import type { ApiClient } from '../app.js';
import { eventually } from '../worker.js';

/** A campaign's detail once its run has ended (completed or cancelled). */
export const campaignFinished = (client: ApiClient, id: string) =>
  eventually(async () => {
    const campaign = (await client.get(`/api/mailbox/mass-email/campaigns/${id}`)).json.campaign;
    return ['completed', 'cancelled'].includes(campaign.status) ? campaign : null;
  }, 60_000);

export async function campusId(knex: Knex, name: string): Promise<string> {
  return (await knex('campuses').where({ name }).first('id')).id;
}

/** A demo training group of the campus with registered students, and their ids and addresses. */
export async function groupWithStudents(knex: Knex, campus: string) {
  const group = await knex('training_groups as g')
    .join('campuses as c', 'c.id', 'g.campus_id')
    .join('training_sessions as s', 's.id', 'g.training_session_id')
    .where('c.name', campus)
    .whereExists((q) => q.select(knex.raw('1')).from('student_registrations as sr').whereRaw('sr.training_group_id = g.id'))
    .orderBy('g.name')
    .first('g.id', 'g.name', 'g.campus_id', 's.name as session_name');
  const students = await knex('student_registrations as sr')
    .join('actors as a', 'a.id', 'sr.student_id')
    .where('sr.training_group_id', group.id)
    .distinct('a.id', 'a.email', 'a.first_name')
    .orderBy('a.id');
  return { group, students: students as { id: string; email: string; first_name: string }[] };
}

/** Adds people with one typology on a campus (what a big list is made of), returns their ids and addresses. */
export async function addPeople(knex: Knex, count: number, campus: string, typology = 'tutor') {
  const tag = crypto.randomUUID().slice(0, 8);
  const rows = Array.from({ length: count }, (_, i) => ({ first_name: `Person${i}`, last_name: `Bulk${tag}`, email: `bulk-${tag}-${i}@example.test` }));
  const people: { id: string; email: string }[] = [];
  for (let i = 0; i < rows.length; i += 1000) people.push(...(await knex('actors').insert(rows.slice(i, i + 1000)).returning(['id', 'email'])));
  const campusRow = await campusId(knex, campus);
  for (let i = 0; i < people.length; i += 1000) {
    await knex('actor_access_rules').insert(people.slice(i, i + 1000).map((p) => ({ actor_id: p.id, campus_id: campusRow, typology })));
  }
  return people;
}
