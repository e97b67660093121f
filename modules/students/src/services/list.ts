import { ValidationError, validate, type Actor, type Translate } from '@alterna/core';
import { isMinor, studentListFilterSchema, type StudentListFilter } from '../validation/index.js';
import { perm } from '../permissions.js';
import type { ServiceContext } from './context.js';
import type { RegistrationsService } from './registrations.js';
import { campusRefs, selectStudents, type StudentRow } from './students.js';
import { byName } from '../rules/order.js';
import type { Ref, StudentListRow, StudentRegistration } from './types.js';

/** A student's lines (several registrations matched): the latest session first. */
function compareRegistrations(a: StudentRegistration | null, b: StudentRegistration | null): number {
  return (b?.trainingGroup.trainingSession.startDate ?? '').localeCompare(a?.trainingGroup.trainingSession.startDate ?? '');
}

export interface StudentListService {
  /**
   * The student list of the actor's campuses (or the chosen one), ordered by last name, first name. With a
   * session, training or group chosen: one line per matching registration; otherwise each student with the
   * latest registration. Chosen groups or trainings must be available for the campus (SPEC §5).
   */
  list(actor: Actor | null, filter: unknown, t: Translate, permission?: string): Promise<StudentListRow[]>;
}

export function studentListService(ctx: ServiceContext, deps: { registrations: RegistrationsService }): StudentListService {
  const { knex } = ctx.core;
  const trainings = () => ctx.core.module('trainings');

  /** SPEC §5 "chosen groups or trainings must be available for the campus" (the actor's, or the one chosen). */
  const checkAvailability = async (filter: StudentListFilter, campuses: string[], t: Translate) => {
    const violations = [];
    if (filter.trainingIds.length) {
      const offered = await trainings().trainings.campusesOf(filter.trainingIds);
      if (filter.trainingIds.some((id) => !(offered.get(id) ?? []).some((campus) => campuses.includes(campus)))) {
        violations.push({ path: 'trainingIds', message: t('students.validation.notAvailableForCampus') });
      }
    }
    if (filter.trainingGroupIds.length) {
      const groups = new Map((await trainings().groups.byIds(filter.trainingGroupIds)).map((g) => [g.id, g]));
      const unavailable = filter.trainingGroupIds.some((id) => {
        const group = groups.get(id);
        return !group || !campuses.includes(group.campus.id)
          || (filter.trainingIds.length > 0 && !filter.trainingIds.includes(group.training.id))
          || (!!filter.trainingSessionId && group.trainingSession.id !== filter.trainingSessionId);
      });
      if (unavailable) violations.push({ path: 'trainingGroupIds', message: t('students.validation.notAvailableForCampus') });
    }
    if (violations.length) throw new ValidationError(violations);
  };

  return {
    async list(actor, input, t, permission = perm.studentRead) {
      const readable = ctx.campusesFor(actor, permission);
      const filter = await validate(studentListFilterSchema, input, t);
      if (filter.campusId && !readable.includes(filter.campusId)) {
        throw new ValidationError([{ path: 'campusId', message: t('students.list.campusUnknown') }]);
      }
      const campuses = filter.campusId ? [filter.campusId] : readable;
      await checkAvailability(filter, campuses, t);
      const byRegistration = !!(filter.trainingSessionId || filter.trainingIds.length || filter.trainingGroupIds.length);

      const query = selectStudents(knex);
      if (byRegistration) {
        query
          .join('student_registrations as sr', 'sr.student_id', 's.actor_id')
          .join('trainings_training_groups as g', 'g.id', 'sr.training_group_id')
          .select('sr.id as registration_id')
          .whereIn('g.campus_id', campuses);
        if (filter.trainingSessionId) query.where('g.training_session_id', filter.trainingSessionId);
        if (filter.trainingIds.length) query.whereIn('g.training_id', filter.trainingIds);
        if (filter.trainingGroupIds.length) query.whereIn('g.id', filter.trainingGroupIds);
      } else {
        query.where(ctx.visibility().onCampuses('s.actor_id', campuses, ['student']));
      }
      const rows: (StudentRow & { registration_id?: string })[] = await query;

      const studentIds = [...new Set(rows.map((r) => r.actor_id))];
      const registrations = await deps.registrations.byStudents(studentIds);
      const campusRows: { actor_id: string; campus_id: string }[] = studentIds.length
        ? await ctx.visibility().rules(knex, { actors: studentIds, campuses: readable, typologies: ['student'] }).select('r.actor_id', 'r.campus_id')
        : [];
      const refs = await campusRefs(ctx, campusRows.map((r) => r.campus_id));
      const campusesOf = new Map<string, Ref[]>();
      for (const c of campusRows) {
        const ref = refs.get(c.campus_id);
        if (ref) campusesOf.set(c.actor_id, [...(campusesOf.get(c.actor_id) ?? []), ref].sort((a, b) => a.name.localeCompare(b.name)));
      }
      const today = ctx.today();
      return rows.map((row): StudentListRow => {
        const own = (registrations.get(row.actor_id) ?? []).filter((r) => campuses.includes(r.trainingGroup.campus.id));
        const registration = byRegistration ? own.find((r) => r.id === row.registration_id) : own[0];
        return {
          id: row.actor_id, uuid: row.actor_id, firstName: row.first_name, lastName: row.last_name, dateOfBirth: row.date_of_birth,
          birthCountry: row.birth_country, birthplace: row.birthplace, isMinor: isMinor(row.date_of_birth, today),
          campuses: campusesOf.get(row.actor_id) ?? [],
          registration: registration ?? null,
        };
      }).sort((a, b) => byName(a, b) || compareRegistrations(a.registration, b.registration));
    },
  };
}
