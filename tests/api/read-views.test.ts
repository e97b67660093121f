import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

// The views other modules read instead of the training centre's and the trainings module's tables (their
// read_views migrations): same rows and columns as the tables, and a change of a table shows at once.
const views: [view: string, table: string, columns: string[]][] = [
  ['training_centre_campuses', 'campuses', ['id', 'name', 'open_days']],
  ['training_centre_sites', 'sites', ['id', 'campus_id', 'name', 'address']],
  ['training_centre_buildings', 'buildings', ['id', 'site_id', 'name']],
  ['training_centre_rooms', 'rooms', ['id', 'building_id', 'name', 'size']],
  ['training_centre_closures', 'schedule_campus_closures', ['id', 'campus_id', 'start_date', 'end_date', 'type', 'name']],
  ['trainings_school_subjects', 'school_subjects', ['id', 'name', 'short_name', 'level', 'color', 'archived']],
  ['trainings_training_sessions', 'training_sessions', ['id', 'name', 'start_date', 'end_date']],
  ['trainings_training_groups', 'training_groups', ['id', 'name', 'short_name', 'start_date', 'end_date', 'campus_id', 'training_session_id', 'training_id', 'variant_id']],
  ['trainings_training_plan_blocks', 'training_plan_blocks', ['id', 'training_plan_id', 'variant_id', 'name', 'position']],
  ['trainings_training_plan_subjects', 'training_plan_subjects', ['id', 'block_id', 'school_subject_id', 'hours', 'position']],
];

describe('read views other modules query', () => {
  it.each(views)('%s answers the rows and columns of %s', async (view, table, columns) => {
    const knex = app.core.db.knex;
    const fromView = await knex(view).select(columns).orderBy('id');
    expect(fromView).toEqual(await knex(table).select(columns).orderBy('id'));
    if (table !== 'schedule_campus_closures') expect(fromView.length).toBeGreaterThan(0);
    expect(Object.keys((await knex(view).first()) ?? Object.fromEntries(columns.map((c) => [c, null]))).sort()).toEqual([...columns].sort());
  });

  it('follows a change of the tables at once (a view, not a copy)', async () => {
    const knex = app.core.db.knex;
    const [campus] = await knex('campuses').insert({ name: 'Nantes (view test)' }).returning('id');
    expect(await knex('training_centre_campuses').where({ id: campus.id }).first('name')).toEqual({ name: 'Nantes (view test)' });
    await knex('campuses').where({ id: campus.id }).delete();
    expect(await knex('training_centre_campuses').where({ id: campus.id }).first()).toBeUndefined();
  });
});
