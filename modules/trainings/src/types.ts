// Shapes the trainings module hands out, for other modules and the web client (`import type`; nothing runs).
export type * from './services/types.js';
