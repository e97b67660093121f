export * from './validation.js';
export * from './cancellation.js';
