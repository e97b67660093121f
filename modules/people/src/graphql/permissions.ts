import type { OperationPermissions } from '@alterna/core';

/**
 * Who may run each operation of the people module's schema (checked by the core before the resolver).
 * 'authenticated': any logged actor, the service then narrows to the person's own data or campuses.
 */
export const operationPermissions: OperationPermissions = {
  Query: {
    ActorsByName: 'people.actor.read',
    ActorsByMail: 'people.actor.read',
    getReferentsByCampus: 'people.actor.read',
    actors: 'people.actor.read',
    actor: 'people.actor.read',
    getTutorsByCorporation: 'people.corporation.read',
    tutors: 'people.actor.read',
    searchCorporations: 'people.corporation.read',
    corporations: 'people.corporation.read',
    corporation: 'people.corporation.read',
  },
  Mutation: {
    UpdateActor: 'people.actor.update',
  },
};
