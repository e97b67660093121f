import { defineModule } from '@alterna/core';
import fr from './locales/fr.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };
import { corporations } from './migrations/20261124000100_corporations.js';

/** People: actors management and duplicate detection, corporations with their contacts and tutors. */
export default defineModule({
  name: 'people',
  dependsOn: ['identity', 'training-centre'],
  migrations: [corporations],
  locales: { fr, en },
});
