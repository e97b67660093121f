// The one entry file of all product workflows: the worker bundles this file.
// Each domain adds `export * from './<domain>/<workflow>.js';` here as its long processes arrive.
export { progressQuery } from './progress.js';
export * from './profile-changes/transition.js';
export * from './planning/index.js';
export * from './identity/purge-login-records.js';
export * from './attendance/alerts.js';
export * from './marks/report-cards-zip.js';
export * from './booklets/index.js';
export * from './mass-email/index.js';
export * from './files/expiry.js';
export * from './news/unused-uploads.js';
