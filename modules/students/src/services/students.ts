import { validate, type Actor, type Knex, type Translate } from '@alterna/core';
import { coordinatesSchema, guardianFields, isMinor, newStudentSchema, type CoordinatesInput } from '../validation/index.js';
import { perm } from '../permissions.js';
import { dateText, type ServiceContext } from './context.js';
import type { PeopleAdapter } from './people.js';
import type { StudentAccess } from './access.js';
import type { RegistrationsService } from './registrations.js';
import type { LegalGuardian, Ref, Student } from './types.js';
import type { StudentsRow } from '../models/index.js';

export interface StudentsService {
  /** The student with coordinates, campuses, registrations (latest first) and Y-1 situation. */
  get(actor: Actor | null, id: string): Promise<Student>;
  /** A new actor with the student typology on a campus, with coordinates. */
  create(actor: Actor | null, input: unknown, t: Translate): Promise<Student>;
  /** /students/{id}/personal-informations/edit */
  updateCoordinates(actor: Actor | null, id: string, input: unknown, t: Translate): Promise<Student>;
  /** Internal, for other modules: students by id without registrations, no campus filter (check it yourself). */
  byIds(ids: readonly string[]): Promise<Omit<Student, 'registrations' | 'lastRegistration' | 'lastSituation'>[]>;
}

/** A student's row with the person's name, address and state (the columns generated for `students`, less its date). */
export interface StudentRow extends Omit<StudentsRow, 'created_at'> {
  first_name: string;
  last_name: string;
  email: string;
  archived: boolean;
}

const column = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The students table joined to their actor. */
export function selectStudents(knex: Knex) {
  return knex('students as s')
    .join('identity_actors as a', 'a.id', 's.actor_id')
    .select(
      's.actor_id', 'a.first_name', 'a.last_name', 'a.email', 'a.archived', knex.raw(dateText('s.date_of_birth', 'date_of_birth')),
      's.birth_country', 's.birth_city_code', 's.birthplace', ...guardianFields.map((f) => `s.${column(f)}`),
    );
}

/** Campus names through the training-centre module's service (one set query). */
export async function campusRefs(ctx: ServiceContext, ids: readonly string[]): Promise<Map<string, Ref>> {
  if (!ids.length) return new Map();
  const campuses = await ctx.core.module('training-centre').campuses.list([...new Set(ids)]);
  return new Map(campuses.map((c) => [c.id, { id: c.id, uuid: c.id, name: c.name }]));
}

/** The columns of the coordinates; the guardian is kept only while the student is under 18 (SPEC §4). */
function coordinatesRow(value: CoordinatesInput, today: string) {
  const minor = isMinor(value.dateOfBirth, today);
  return {
    date_of_birth: value.dateOfBirth,
    birth_country: value.birthCountry,
    birth_city_code: value.birthCityCode ?? null,
    birthplace: value.birthplace,
    ...Object.fromEntries(guardianFields.map((f) => [column(f), minor ? ((value[f] as string | null | undefined) || null) : null])),
  };
}

export function studentsService(
  ctx: ServiceContext,
  deps: { people: PeopleAdapter; access: StudentAccess; registrations: RegistrationsService },
): StudentsService {
  const { knex } = ctx.core;

  const present = async (rows: StudentRow[], visibleCampuses: readonly string[] | null) => {
    const campusesOf = await deps.access.campusesOf(rows.map((r) => r.actor_id));
    const refs = await campusRefs(ctx, [...campusesOf.values()].flat());
    const today = ctx.today();
    return rows.map((row) => {
      const minor = isMinor(row.date_of_birth, today);
      const guardian = Object.fromEntries(guardianFields.map((f) => [f, row[`${column(f)}` as keyof StudentRow] ?? null])) as unknown as LegalGuardian;
      return {
        id: row.actor_id, uuid: row.actor_id, firstName: row.first_name, lastName: row.last_name, email: row.email, archived: row.archived,
        dateOfBirth: row.date_of_birth, birthCountry: row.birth_country, birthplace: row.birthplace, birthCityCode: row.birth_city_code,
        isMinor: minor,
        legalGuardian: minor ? guardian : null,
        campuses: (campusesOf.get(row.actor_id) ?? [])
          .filter((id) => !visibleCampuses || visibleCampuses.includes(id))
          .map((id) => refs.get(id))
          .filter((c): c is Ref => !!c)
          .sort((a, b) => a.name.localeCompare(b.name)),
      };
    });
  };

  const service: StudentsService = {
    async get(actor, id) {
      await deps.access.assertCanRead(actor, id);
      const readable = ctx.campusesFor(actor, perm.studentRead);
      const row: StudentRow = await selectStudents(knex).where('s.actor_id', id).first();
      const [student] = await present([row], readable);
      const registrations = ((await deps.registrations.byStudents([id])).get(id) ?? []).filter((r) => readable.includes(r.trainingGroup.campus.id));
      const situation = await knex('student_last_situations')
        .select('situation', 'establishment', 'diploma')
        .where('student_id', id)
        .first();
      return { ...student!, registrations, lastRegistration: registrations[0] ?? null, lastSituation: situation ?? null };
    },
    async create(actor, input, t) {
      ctx.campusesFor(actor, perm.studentUpdate);
      const value = await validate(newStudentSchema, input, t);
      ctx.core.permissions.assert(actor, perm.studentUpdate, value.campusId);
      const id = await knex.transaction(async (trx) => {
        const actorId = await deps.people.createStudentActor(actor!, { firstName: value.firstName, lastName: value.lastName, email: value.email, campusId: value.campusId }, trx, t);
        await trx('students').insert({ actor_id: actorId, ...coordinatesRow(value, ctx.today()) });
        return actorId;
      });
      return service.get(actor, id);
    },
    async updateCoordinates(actor, id, input, t) {
      await deps.access.assertCanChange(actor, id);
      const value = await validate(coordinatesSchema, input, t);
      await knex.transaction(async (trx) => {
        await deps.people.renameStudent(trx, id, { firstName: value.firstName, lastName: value.lastName });
        await trx('students').where({ actor_id: id }).update({ ...coordinatesRow(value, ctx.today()), updated_at: trx.fn.now() });
      });
      return service.get(actor, id);
    },
    async byIds(ids) {
      if (!ids.length) return [];
      return present(await selectStudents(knex).whereIn('s.actor_id', [...new Set(ids)]), null);
    },
  };
  return service;
}
