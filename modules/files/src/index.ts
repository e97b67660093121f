import { defineModule } from '@alterna/core';
import { graphql } from './graphql/index.js';
import { fr, en } from './locales/index.js';
import { files } from './migrations/20270201000100_files.js';
import { permissions } from './permissions.js';
import { routes } from './routes/index.js';
import { filesServices, type FilesServices } from './services/index.js';
import './module-services.js';
import { seedFiles } from './seed.js';
import { history } from './history.js';
import { activities } from './activities.js';
import { filesWorkflows } from './workflow-contract.js';

export type { FilesServices } from './services/index.js';
export * from './types.js';
export { perm } from './permissions.js';
/** What the module's workflows call, typed by its `workflow-contract` (the worker's check: workflows/src/contracts.ts). */
export { activities } from './activities.js';

/**
 * Files and folders (issue #13): a tree of folders per campus seen by the planning groups allowed, files with a
 * typology, an expiration date and a published flag (bytes through core.files), and a daily expiry run.
 */
export default defineModule<FilesServices>({
  name: 'files',
  dependsOn: ['identity', 'training-centre', 'people', 'students', 'planning'],
  migrations: [files],
  locales: { fr, en },
  permissions,
  services: filesServices,
  routes,
  graphql,
  history,
  activities,
  // Every morning (05:00 UTC: 06:00 or 07:00 in Paris), before anyone opens a document.
  schedules: [{ id: 'files-expiry', workflowType: filesWorkflows.expiry, cron: '0 5 * * *' }],
  seed: (_services, core, knex) => seedFiles(knex, core),
});
