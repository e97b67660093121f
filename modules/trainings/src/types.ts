/** What the trainings module answers its clients: types only (no runtime imports), shared by its services and the web client. */
export type * from './services/types.js';
