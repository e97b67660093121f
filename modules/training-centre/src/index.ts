import { defineModule, staffTypologies } from '@alterna/core';
import fr from './locales/fr.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };
import { campuses } from './migrations/20261122000100_campuses.js';
import { campusesService, type CampusesService } from './services/campuses.js';
import { seedCampuses } from './seed.js';

export interface TrainingCentreServices {
  campuses: CampusesService;
}

export type { Campus, CampusesService } from './services/campuses.js';

export default defineModule<TrainingCentreServices>({
  name: 'training-centre',
  dependsOn: [],
  migrations: [campuses],
  locales: { fr, en },
  permissions: [
    { id: 'training-centre.campus.read', kind: 'read', typologies: staffTypologies },
    { id: 'training-centre.campus.update', kind: 'change', typologies: ['pedagogy', 'isd', 'management', 'campus-manager'] },
  ],
  services: ({ knex }) => ({ campuses: campusesService(knex) }),
  seed: (_services, _core, knex) => seedCampuses(knex),
});
