// The planning module's web-safe surface: validation schemas, option lists and the time rules the calendar shares.
export * from './bulk.js';
export * from './groups.js';
export * from './lessons.js';
export * from './resources.js';
export * from '../rules/lesson-time.js';
export * from '../rules/resource-time.js';
