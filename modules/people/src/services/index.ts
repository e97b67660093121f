import type { CoreDeps } from '@alterna/core';
import { scope } from './scope.js';
import { actorsService, type ActorsService } from './actors.js';
import { corporationsService, type CorporationsService } from './corporations.js';
import { corporationPeopleService, type CorporationPeopleService } from './corporation-people.js';

/** What the module offers: other modules reach it with core.module('people'). */
export interface PeopleServices {
  actors: ActorsService;
  corporations: CorporationsService;
  corporationPeople: CorporationPeopleService;
}

export function peopleServices(core: CoreDeps): PeopleServices {
  const campusScope = scope(core);
  const actors = actorsService(core, campusScope);
  const corporations = corporationsService(core, campusScope);
  return { actors, corporations, corporationPeople: corporationPeopleService(core, campusScope, actors, corporations) };
}
