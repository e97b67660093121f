// Helpers of the profile-change tests: people of their own (the demo logins stay as they are) and the SMTP sink.
import crypto from 'node:crypto';
import type { Knex, Typology } from '@alterna/core';

export interface TestPerson {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

/** An actor with the demo password and one access rule, so that a test may log in and change it freely. */
export async function createPerson(knex: Knex, typology: Typology, campus: string, names: { firstName?: string; lastName?: string } = {}): Promise<TestPerson> {
  const tag = crypto.randomUUID().slice(0, 8);
  const { password_hash } = await knex('actors').where({ email: 'student@demo.alterna.school' }).first('password_hash');
  const campusId = (await knex('campuses').where({ name: campus }).first('id')).id as string;
  const person = { firstName: names.firstName ?? 'Jeanne', lastName: names.lastName ?? `Test-${tag}`, email: `pc-${tag}@example.test` };
  const [{ id }] = await knex('actors').insert({ first_name: person.firstName, last_name: person.lastName, email: person.email, password_hash }).returning('id');
  await knex('actor_access_rules').insert({ actor_id: id, campus_id: campusId, typology });
  return { id, ...person };
}

export async function removePeople(knex: Knex, people: TestPerson[]): Promise<void> {
  if (people.length) await knex('actors').whereIn('id', people.map((p) => p.id)).delete();
}

// The SMTP sink is shared with the other API tests.
export { mailHeader, mailText, startSmtpSink, type ReceivedMail } from '../../support/smtp-sink.js';
