import { defineModule } from '@alterna/core';
import fr from './locales/fr.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };

export default defineModule({
  name: 'students',
  dependsOn: ['people', 'trainings', 'training-centre', 'identity'],
  locales: { fr, en },
});
