import { ValidationError, type Actor, type Translate } from '@alterna/core';
import { duplicateSearchTerms, isStrictMatch } from '../rules/duplicates.js';
import { isIsoDate } from '../rules/age.js';
import { byName } from '../rules/order.js';
import { perm } from '../permissions.js';
import { dateText, type ServiceContext } from './context.js';
import type { RegistrationsService } from './registrations.js';
import type { StudentMatch } from './types.js';

export interface StudentLookup {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  /** The student being edited: never their own duplicate. */
  excludeId?: string | null;
  /** Only exact case-insensitive names. */
  strict?: boolean;
}

export interface DuplicatesService {
  /**
   * SPEC §7 getStudentByFirstNameAndLastNameAndDateOfBirth: students of the actor's campuses with that birth
   * date whose names match the SPEC §5 terms, ordered by last name then first name, with their latest registration.
   */
  findStudents(actor: Actor | null, lookup: StudentLookup, t: Translate): Promise<StudentMatch[]>;
}

export function duplicatesService(ctx: ServiceContext, deps: { registrations: RegistrationsService }): DuplicatesService {
  const { knex } = ctx.core;
  return {
    async findStudents(actor, lookup, t) {
      const campuses = ctx.campusesFor(actor, perm.studentRead);
      if (!isIsoDate(lookup.dateOfBirth)) throw new ValidationError([{ path: 'dateOfBirth', message: t('validation.date') }]);
      if (!lookup.firstName.trim() || !lookup.lastName.trim()) return [];
      const terms = duplicateSearchTerms(lookup);
      const query = knex('students as s')
        .join('identity_actors as a', 'a.id', 's.actor_id')
        .select('s.actor_id', 'a.first_name', 'a.last_name', knex.raw(dateText('s.date_of_birth', 'date_of_birth')))
        .where('s.date_of_birth', terms.dateOfBirth)
        .whereILike('a.first_name', terms.firstName)
        .whereILike('a.last_name', terms.lastName)
        .where(ctx.visibility().onCampuses('s.actor_id', campuses, ['student']))
      if (lookup.excludeId) query.whereNot('s.actor_id', lookup.excludeId);
      const rows: { actor_id: string; first_name: string; last_name: string; date_of_birth: string }[] = await query;
      const found = rows
        .map((r) => ({ id: r.actor_id, uuid: r.actor_id, firstName: r.first_name, lastName: r.last_name, dateOfBirth: r.date_of_birth }))
        .filter((s) => !lookup.strict || isStrictMatch(s, lookup))
        .sort(byName);
      const registrations = await deps.registrations.byStudents(found.map((s) => s.id));
      return found.map((s) => ({
        ...s,
        lastRegistration: (registrations.get(s.id) ?? []).find((r) => campuses.includes(r.trainingGroup.campus.id)) ?? null,
      }));
    },
  };
}
