import { NotFoundError, ValidationError, todayIn, type Actor, type CoreDeps, type Knex, type PermissionMatrix, type Translate } from '@alterna/core';
import { perm } from '../permissions.js';
import type { FormRole } from '../validation/index.js';

export type Db = Knex | Knex.Transaction;

/** How the actor stands to an apprentice's registration (several at once are possible). */
export type Relation = 'student' | 'coach' | 'tutor' | 'contact' | 'staff' | 'manager';

export interface Registration {
  id: string;
  student: { id: string; firstName: string; lastName: string };
  trainingGroup: { id: string; name: string; campusId: string; trainingId: string; trainingSessionId: string };
  relations: Relation[];
}

export interface BookletsContext {
  core: CoreDeps;
  knex: Knex;
  permissions: PermissionMatrix;
  /** Registrations matching `where`, each with the actor's relations to it; those without any are left out. One statement. */
  registrations(actor: Actor, where: (qb: Knex.QueryBuilder) => void): Promise<Registration[]>;
  /** A 422 with one translated message. */
  refuse(t: Translate, key: string, path?: string, values?: Record<string, unknown>): never;
  /** Creates the missing forms of these registrations (one per item of their training's list). One statement. */
  ensureForms(db: Db, registrationIds: readonly string[]): Promise<void>;
}

/** The items an apprentice's booklet follows: their session's own list if it has one, else the training's general list. */
export const itemsOfGroup = (alias: string, group: string) => `${alias}.training_id = ${group}.training_id AND (${alias}.training_session_id = ${group}.training_session_id
  OR (${alias}.training_session_id IS NULL AND NOT EXISTS (SELECT 1 FROM booklet_items s WHERE s.training_id = ${group}.training_id AND s.training_session_id = ${group}.training_session_id)))`;

/**
 * The group of a registration of the current school year: its session is the one containing the day (a bound `?`),
 * else the next to start (trainings' current session; sessions never overlap).
 */
export const currentRegistration = (group: string) =>
  `${group}.training_session_id = (SELECT s.id FROM trainings_training_sessions s WHERE s.end_date >= ?::date ORDER BY s.start_date LIMIT 1)`;

export function bookletsContext(core: CoreDeps): BookletsContext {
  const { knex } = core;
  const permissions: PermissionMatrix = core.permissions;
  return {
    core,
    knex,
    permissions,
    async registrations(actor, where) {
      const me = actor.id;
      // Tutors and contacts through the apprentice's current contracts; coaches through their attributions.
      const company = (role: string) =>
        knex.raw(`EXISTS (SELECT 1 FROM students_student_contracts sc JOIN people_corporation_people cp ON cp.corporation_id = sc.corporation_id
          WHERE sc.registration_id = sr.id AND cp.actor_id = ? AND cp.role = ? AND ?::date BETWEEN sc.start_date AND coalesce(sc.end_date, 'infinity')) AS ${role}`, [me, role, todayIn()]);
      const query = knex('students_student_registrations as sr')
        .join('trainings_training_groups as tg', 'tg.id', 'sr.training_group_id')
        .join('identity_actors as a', 'a.id', 'sr.student_id')
        .select(
          'sr.id', 'sr.student_id', 'a.first_name', 'a.last_name', 'tg.id as group_id', 'tg.name as group_name', 'tg.campus_id', 'tg.training_id', 'tg.training_session_id',
          knex.raw('EXISTS (SELECT 1 FROM teaching_coach_attributions ca WHERE ca.coach_id = ? AND ca.student_id = sr.student_id) AS coach', [me]),
          company('tutor'), company('contact'),
        )
        .orderBy(['a.last_name', 'a.first_name']);
      where(query);
      const rows: any[] = await query;
      return rows
        .map((row) => {
          const relations: Relation[] = [];
          const holds = (id: string) => permissions.isGranted(actor, id, row.campus_id);
          if (row.student_id === me && holds(perm.formRead)) relations.push('student');
          if (row.coach && holds(perm.formRead)) relations.push('coach');
          if (row.tutor && holds(perm.formRead)) relations.push('tutor');
          if (row.contact && holds(perm.formRead)) relations.push('contact');
          if (holds(perm.formReadAll)) relations.push('staff');
          if (holds(perm.formManage)) relations.push('manager');
          return {
            id: row.id as string,
            student: { id: row.student_id, firstName: row.first_name, lastName: row.last_name },
            trainingGroup: { id: row.group_id, name: row.group_name, campusId: row.campus_id, trainingId: row.training_id, trainingSessionId: row.training_session_id },
            relations,
          };
        })
        .filter((registration) => registration.relations.length > 0);
    },
    refuse(t, key, path = '', values = {}) {
      throw new ValidationError([{ path, message: t(key, values) as string }]);
    },
    async ensureForms(db, registrationIds) {
      if (!registrationIds.length) return;
      await db.raw(
        `INSERT INTO booklet_forms (booklet_item_id, student_registration_id)
         SELECT i.id, sr.id FROM students_student_registrations sr
           JOIN trainings_training_groups tg ON tg.id = sr.training_group_id
           JOIN booklet_items i ON ${itemsOfGroup('i', 'tg')}
         WHERE sr.id = ANY(?::uuid[])
         ON CONFLICT (booklet_item_id, student_registration_id) DO NOTHING`,
        [[...registrationIds]],
      );
    },
  };
}

/** The registration of a form or booklet, as the actor sees it; 404 when out of reach (not 403: no existence leak). */
export async function reachable(ctx: BookletsContext, actor: Actor | null, registrationId: string): Promise<Registration> {
  ctx.permissions.assert(actor, perm.formRead);
  const [registration] = await ctx.registrations(actor, (qb) => qb.where('sr.id', registrationId));
  if (!registration) throw new NotFoundError('booklet');
  return registration;
}

/** A person who may give a role's signature on a registration's forms. */
export interface Signatory { registrationId: string; role: FormRole; id: string; email: string; language: string | null; name: string }

/** The people who may sign for these registrations: their coaches, their current company tutors, the apprentices. One statement. */
export async function signatories(db: Db, registrationIds: readonly string[], roles: readonly FormRole[]): Promise<Signatory[]> {
  if (!registrationIds.length || !roles.length) return [];
  const { rows } = await db.raw(
    `SELECT DISTINCT x.registration_id, x.role, a.id, a.email, a.language, a.first_name, a.last_name FROM (
       SELECT sr.id AS registration_id, 'student' AS role, sr.student_id AS actor_id FROM students_student_registrations sr WHERE sr.id = ANY(:regs)
       UNION SELECT sr.id, 'coach', ca.coach_id FROM students_student_registrations sr JOIN teaching_coach_attributions ca ON ca.student_id = sr.student_id WHERE sr.id = ANY(:regs)
       UNION SELECT sc.registration_id, 'tutor', cp.actor_id FROM students_student_contracts sc JOIN people_corporation_people cp ON cp.corporation_id = sc.corporation_id AND cp.role = 'tutor'
         WHERE sc.registration_id = ANY(:regs) AND CAST(:today AS date) BETWEEN sc.start_date AND coalesce(sc.end_date, 'infinity')
     ) x JOIN identity_actors a ON a.id = x.actor_id AND NOT a.archived
     WHERE x.role = ANY(:roles) ORDER BY a.email`,
    { regs: [...registrationIds], roles: [...roles], today: todayIn() },
  );
  return rows.map((row: any) => ({
    registrationId: row.registration_id, role: row.role, id: row.id, email: row.email, language: row.language, name: `${row.first_name} ${row.last_name}`,
  }));
}
