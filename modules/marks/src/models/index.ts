// objection models of the marks module's tables: one class per table, relations only between its tables.
// Services query them with the knex or transaction object they were handed, never a global connection.

// The tables' row and insert types, generated from the database (`npm run db:rows`).
export type * from './rows.js';
