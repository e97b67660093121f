import { defineModule } from '@alterna/core';
import { fr, en } from './locales/index.js';
import { news } from './migrations/20270301000100_news.js';
import { permissions } from './permissions.js';
import { routes } from './routes/index.js';
import { seedNews } from './seed.js';
import { newsServices, type NewsServices } from './services/index.js';
import { activities } from './activities.js';
import { newsWorkflows } from './workflow-contract.js';
import './module-services.js';

export type { NewsServices } from './services/index.js';
export * from './types.js';
export { perm } from './permissions.js';
/** What the module's workflows call, typed by its `workflow-contract` (the worker's check: workflows/src/contracts.ts). */
export { activities } from './activities.js';

/**
 * News (issue #13): page (Editor.js rich text), downloadable file or link news, published to typologies on campuses,
 * and for students to trainings and groups; every space reads the news meant for its actor. The Editor.js API (image
 * uploads, the link tool) lives here too.
 */
export default defineModule<NewsServices>({
  name: 'news',
  dependsOn: ['identity', 'training-centre', 'trainings', 'students'],
  migrations: [news],
  locales: { fr, en },
  permissions,
  services: (core) => newsServices(core),
  routes,
  activities,
  // Every night (03:30 UTC): images and files sent from the form and left unused for a day go.
  schedules: [{ id: 'news-unused-uploads', workflowType: newsWorkflows.unusedUploads, cron: '30 3 * * *' }],
  seed: (_services, core, knex) => seedNews(core, knex),
});
