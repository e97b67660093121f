import type { Knex } from '@alterna/core';
import { typologies, type Typology } from '@alterna/core';
import { demo } from '../app.js';
import { MatrixClient } from './http.js';

/** Staff typologies see a whole campus; the others see what is theirs (their lessons, their apprentices, themselves). */
export const campusWide: ReadonlySet<Typology> = new Set(['pedagogy', 'isd', 'management', 'campus-manager', 'read-only', 'referent']);

/** One demo login of the matrix: a typology on one campus, facing the other. */
export interface MatrixActor {
  typology: Typology;
  id: string;
  client: MatrixClient;
  campus: string;
  otherCampus: string;
  /** Students whose records are the actor's own: themself, a tutor's or contact's apprentices, a coach's attributed students. */
  followed: ReadonlySet<string>;
}

export interface Campuses {
  paris: string;
  lyon: string;
  name: Record<string, 'PARIS' | 'LYON'>;
}

export async function campusesOf(knex: Knex): Promise<Campuses> {
  const rows: { id: string; name: string }[] = await knex('campuses').select('id', 'name');
  const paris = rows.find((row) => row.name === 'Paris')!.id;
  const lyon = rows.find((row) => row.name === 'Lyon')!.id;
  return { paris, lyon, name: { [paris]: 'PARIS', [lyon]: 'LYON' } };
}

/**
 * The demo pedagogy and management logins hold Paris and Lyon: in this file's copy of the database they keep
 * Paris only, so that every typology has its own campus and an other one (Lyon for ten of them, Paris for the
 * campus manager and the trainer).
 */
export async function oneCampusEach(knex: Knex, campuses: Campuses): Promise<void> {
  const both = knex('actors').whereIn('email', [demo('pedagogy'), demo('management')]).select('id');
  await knex('actor_access_rules').whereIn('actor_id', both).where('campus_id', campuses.lyon).delete();
}

/** Students each person-scoped login follows, from the seed's relations (contracts, attributions). */
async function followedBy(knex: Knex, actorId: string, typology: Typology): Promise<string[]> {
  if (typology === 'student') return [actorId];
  if (typology === 'tutor' || typology === 'corporation-contact') {
    const rows = await knex.raw(
      `SELECT DISTINCT r.student_id FROM corporation_people cp JOIN student_contracts sc ON sc.corporation_id = cp.corporation_id
       JOIN student_registrations r ON r.id = sc.registration_id WHERE cp.actor_id = ? AND sc.end_date >= current_date`,
      [actorId],
    );
    return rows.rows.map((row: { student_id: string }) => row.student_id);
  }
  if (typology === 'coach') return (await knex('coach_attributions').where('coach_id', actorId).select('student_id')).map((row: { student_id: string }) => row.student_id);
  return [];
}

/** Logs every demo login in once (one session each for the whole matrix). */
export function loginAll(knex: Knex, baseUrl: string, campuses: Campuses): Promise<MatrixActor[]> {
  return Promise.all(typologies.map(async (typology) => {
    const client = new MatrixClient(baseUrl);
    const me = await client.login(demo(typology));
    const campus: string = (await knex('actor_access_rules').where({ actor_id: me.id, typology }).first('campus_id')).campus_id;
    const otherCampus = campus === campuses.paris ? campuses.lyon : campuses.paris;
    return { typology, id: me.id, client, campus, otherCampus, followed: new Set(await followedBy(knex, me.id, typology)) };
  }));
}
