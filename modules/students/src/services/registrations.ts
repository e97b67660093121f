import { AccessDeniedError, NotFoundError, ValidationError, validate, type Actor, type Knex, type Translate } from '@alterna/core';
import type { TrainingGroup } from '@alterna/trainings';
import { registrationSchema } from '../validation/index.js';
import type { StudentStatus } from '../rules/statuses.js';
import { perm } from '../permissions.js';
import type { ServiceContext } from './context.js';
import type { PeopleAdapter } from './people.js';
import type { StudentAccess } from './access.js';
import type { RegistrationGroup, StudentRegistration } from './types.js';

export interface RegistrationsService {
  /** Internal (no campus filter): registrations of these students, latest first for each (set queries). */
  byStudents(studentIds: readonly string[]): Promise<Map<string, StudentRegistration[]>>;
  /** Internal, for other modules (attendance…): registrations by id; check the group's campus yourself. */
  byIds(ids: readonly string[]): Promise<StudentRegistration[]>;
  /** Internal, for other modules: the registrations of training groups, by student name. */
  byGroups(groupIds: readonly string[]): Promise<StudentRegistration[]>;
  /** /students/{id}/registrations/new */
  create(actor: Actor | null, studentId: string, input: unknown, t: Translate): Promise<StudentRegistration>;
  /** /students/{id}/registrations/{studentRegistration}/edit */
  update(actor: Actor | null, studentId: string, registrationId: string, input: unknown, t: Translate): Promise<StudentRegistration>;
  /** The registration, checked to belong to the student and to a campus the actor may read. */
  get(actor: Actor | null, studentId: string, registrationId: string): Promise<StudentRegistration>;
}

interface RegistrationRow {
  id: string;
  student_id: string;
  training_group_id: string;
  student_status: StudentStatus;
  created_at: Date | string;
}


export function toRegistrationGroup(group: TrainingGroup): RegistrationGroup {
  const session = group.trainingSession;
  return {
    id: group.id, uuid: group.id, name: group.name, shortName: group.shortName, campus: group.campus,
    training: { id: group.training.id, uuid: group.training.id, name: group.training.name, shortName: group.training.shortName },
    trainingSession: { id: session.id, uuid: session.id, name: session.name, startDate: session.startDate, endDate: session.endDate },
  };
}

export function registrationsService(ctx: ServiceContext, deps: { people: PeopleAdapter; access: StudentAccess }): RegistrationsService {
  const { knex } = ctx.core;
  const trainings = () => ctx.core.module('trainings');

  /** Registrations with their group (trainings module) and contract (corporation from people), latest first. */
  const present = async (rows: RegistrationRow[]): Promise<StudentRegistration[]> => {
    if (!rows.length) return [];
    const groups = new Map((await trainings().groups.byIds(rows.map((r) => r.training_group_id))).map((g) => [g.id, toRegistrationGroup(g)]));
    const contracts = await knex('student_contracts')
      .select('id', 'registration_id', 'corporation_id', 'start_date', 'end_date')
      .whereIn('registration_id', rows.map((r) => r.id));
    const corporations = await deps.people.corporationsByIds(contracts.map((c) => c.corporation_id));
    const contractOf = new Map(contracts.map((c) => [c.registration_id, c]));
    const created = new Map(rows.map((r) => [r.id, new Date(r.created_at).getTime()]));
    return rows
      .filter((row) => groups.has(row.training_group_id))
      .map((row): StudentRegistration => {
        const contract = contractOf.get(row.id);
        const corporation = contract ? corporations.get(contract.corporation_id) : undefined;
        return {
          id: row.id, uuid: row.id, studentId: row.student_id, studentStatus: row.student_status, trainingGroup: groups.get(row.training_group_id)!,
          contract: contract && corporation ? { id: contract.id, uuid: contract.id, corporation, startDate: contract.start_date, endDate: contract.end_date } : null,
        };
      })
      .sort((a, b) => b.trainingGroup.trainingSession.startDate.localeCompare(a.trainingGroup.trainingSession.startDate) || created.get(b.id)! - created.get(a.id)!);
  };

  const select = () => knex('student_registrations').select('id', 'student_id', 'training_group_id', 'student_status', 'created_at');

  /** The group chosen for a registration: it must exist and be on a campus where the actor changes students. */
  const groupFor = async (actor: Actor, groupId: string, t: Translate): Promise<TrainingGroup> => {
    const [group] = await trainings().groups.byIds([groupId]);
    if (!group) throw new ValidationError([{ path: 'trainingGroupId', message: t('students.validation.groupRequired') }]);
    ctx.core.permissions.assert(actor, perm.studentUpdate, group.campus.id);
    return group;
  };

  /** One registration per student and session. */
  const assertSessionFree = async (studentId: string, group: TrainingGroup, exceptId: string | null, t: Translate) => {
    const query = knex('student_registrations as sr')
      .join('trainings_training_groups as g', 'g.id', 'sr.training_group_id')
      .where({ 'sr.student_id': studentId, 'g.training_session_id': group.trainingSession.id });
    if (exceptId) query.whereNot('sr.id', exceptId);
    if (await query.first('sr.id')) throw new ValidationError([{ path: 'trainingGroupId', message: t('students.registration.sessionTaken', { session: group.trainingSession.name }) }]);
  };

  const ensureStudentRule = (trx: Knex, studentId: string, campusId: string) => deps.people.grantStudentCampus(trx, studentId, campusId);

  const service: RegistrationsService = {
    async byStudents(studentIds) {
      const map = new Map<string, StudentRegistration[]>(studentIds.map((id) => [id, []]));
      if (!studentIds.length) return map;
      for (const registration of await present(await select().whereIn('student_id', [...new Set(studentIds)]))) {
        map.get(registration.studentId)?.push(registration);
      }
      return map;
    },
    async byIds(ids) {
      return ids.length ? present(await select().whereIn('id', [...new Set(ids)])) : [];
    },
    async byGroups(groupIds) {
      if (!groupIds.length) return [];
      const rows: (RegistrationRow & { last_name: string; first_name: string })[] = await knex('student_registrations as sr')
        .join('identity_actors as a', 'a.id', 'sr.student_id')
        .select('sr.id', 'sr.student_id', 'sr.training_group_id', 'sr.student_status', 'sr.created_at', 'a.last_name', 'a.first_name')
        .whereIn('sr.training_group_id', [...new Set(groupIds)]);
      const order = new Map(rows
        .sort((a, b) => a.last_name.localeCompare(b.last_name, 'fr') || a.first_name.localeCompare(b.first_name, 'fr'))
        .map((r, i) => [r.id, i]));
      return (await present(rows)).sort((a, b) => order.get(a.id)! - order.get(b.id)!);
    },
    async get(actor, studentId, registrationId) {
      await deps.access.assertCanRead(actor, studentId);
      const row: RegistrationRow | undefined = await select().where({ id: registrationId, student_id: studentId }).first();
      if (!row) throw new NotFoundError('student registration');
      const [registration] = await present([row]);
      if (!registration) throw new NotFoundError('student registration');
      if (!ctx.core.permissions.isGranted(actor, perm.studentRead, registration.trainingGroup.campus.id)) throw new AccessDeniedError();
      return registration;
    },
    async create(actor, studentId, input, t) {
      ctx.campusesFor(actor, perm.studentUpdate);
      await deps.access.assertCanRead(actor, studentId);
      const value = await validate(registrationSchema, input, t);
      const group = await groupFor(actor!, value.trainingGroupId, t);
      await assertSessionFree(studentId, group, null, t);
      const id = await knex.transaction(async (trx) => {
        const [row] = await trx('student_registrations')
          .insert({ student_id: studentId, training_group_id: group.id, student_status: value.studentStatus })
          .returning('id');
        if (!row) throw new Error('students: the registration insert returned no row');
        await ensureStudentRule(trx, studentId, group.campus.id);
        return row.id;
      });
      return (await service.byIds([id]))[0]!;
    },
    async update(actor, studentId, registrationId, input, t) {
      const current = await service.get(actor, studentId, registrationId);
      ctx.core.permissions.assert(actor, perm.studentUpdate, current.trainingGroup.campus.id);
      const value = await validate(registrationSchema, input, t);
      const group = await groupFor(actor!, value.trainingGroupId, t);
      await assertSessionFree(studentId, group, registrationId, t);
      await knex.transaction(async (trx) => {
        await trx('student_registrations')
          .where({ id: registrationId })
          .update({ training_group_id: group.id, student_status: value.studentStatus, updated_at: trx.fn.now() });
        await ensureStudentRule(trx, studentId, group.campus.id);
      });
      return (await service.byIds([registrationId]))[0]!;
    },
  };
  return service;
}
