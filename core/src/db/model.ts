// objection, for the modules' models of their own tables (src/models/index.ts in each module). Models never
// get a global connection (`Model.knex()` is not called): a service passes the knex or transaction object it was
// handed, `RoomModel.query(trx)`, so one transaction stays one object (PGlite has a single connection).
export { Model, type RelationMappings, type ModelClass } from 'objection';
/** SQL functions in a model's patch (`updated_at: fn.now()`). */
export { fn } from 'objection';
