// Helpers of the profile-change tests: people of their own (the demo logins stay as they are) and an SMTP sink.
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
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

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  receivedAt: Date;
}

/** A real SMTP server on loopback that keeps every message it receives. */
export async function startSmtpSink(): Promise<{ url: string; mails: ReceivedMail[]; close(): Promise<void> }> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          receivedAt: new Date(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, mails, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The text of a (single-part) mail, its transfer encoding undone: enough for assertions. */
export function mailText(raw: string): string {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split);
  const body = raw.slice(split + 4);
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding !== 'quoted-printable') return body;
  return body
    .replace(/=\r?\n/g, '')
    .replace(/(=[0-9A-F]{2})+/g, (match) => Buffer.from(match.split('=').filter(Boolean).map((hex) => parseInt(hex, 16))).toString('utf8'));
}
