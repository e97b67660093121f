import type { Actor, CoreDeps, Knex, Translate } from '@alterna/core';
import type { CorporationRef } from './types.js';

/**
 * What this module asks of the people and identity modules: student actors (people's rules, identity's rows),
 * and corporations for contracts. This module's own rules (may the viewer change this student) run before.
 */
export interface PeopleAdapter {
  /** A new actor with the student typology on a campus (people checks the e-mail and the campus); its id. */
  createStudentActor(actor: Actor, input: { firstName: string; lastName: string; email: string; campusId: string }, trx: Knex, t: Translate): Promise<string>;
  /** The student's first and last names are the actor's: the same person everywhere in the centre. */
  renameStudent(trx: Knex, studentId: string, names: { firstName: string; lastName: string }): Promise<void>;
  /** A student registered on a new campus studies there too: the student rule follows the group. */
  grantStudentCampus(trx: Knex, studentId: string, campusId: string): Promise<void>;
  corporationsByIds(ids: readonly string[]): Promise<Map<string, CorporationRef>>;
}

export function peopleAdapter(core: CoreDeps): PeopleAdapter {
  const people = () => core.module('people');
  const accounts = () => core.module('identity').accounts;
  return {
    renameStudent: (trx, studentId, names) => accounts().update(trx, studentId, names),
    async grantStudentCampus(trx, studentId, campusId) {
      await accounts().grant(trx, [{ actorId: studentId, campusId, typology: 'student' }]);
    },
    createStudentActor(actor, input, trx, t) {
      return people().actors.create(actor, { ...input, typology: 'student' }, trx, t);
    },
    async corporationsByIds(ids) {
      const rows = ids.length ? await people().corporations.byIds(ids) : [];
      return new Map(rows.map((c) => [c.id, { id: c.id, uuid: c.id, name: c.name, shortName: c.shortName ?? null, siret: c.siret ?? null }]));
    },
  };
}
