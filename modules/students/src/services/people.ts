import type { Actor, CoreDeps, Knex, Translate } from '@alterna/core';
import type { PeopleServices } from '@alterna/people';
import type { CorporationRef } from './types.js';

/** What this module asks of the people module: student actors, and corporations for contracts. */
export interface PeopleAdapter {
  /** A new actor with the student typology on a campus (people checks the e-mail and the campus); its id. */
  createStudentActor(actor: Actor, input: { firstName: string; lastName: string; email: string; campusId: string }, trx: Knex, t: Translate): Promise<string>;
  corporationsByIds(ids: readonly string[]): Promise<Map<string, CorporationRef>>;
}

export function peopleAdapter(core: CoreDeps): PeopleAdapter {
  const people = () => core.module<PeopleServices>('people');
  return {
    createStudentActor(actor, input, trx, t) {
      return people().actors.create(actor, { ...input, typology: 'student' }, trx, t);
    },
    async corporationsByIds(ids) {
      const rows = ids.length ? await people().corporations.byIds(ids) : [];
      return new Map(rows.map((c) => [c.id, { id: c.id, uuid: c.id, name: c.name, shortName: c.shortName ?? null, siret: c.siret ?? null }]));
    },
  };
}
