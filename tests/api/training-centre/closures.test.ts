import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrainingCentreServices } from '@alterna/training-centre';
import { startTestApp, type TestApp, reasonOf } from '../../support/app.js';
import { demoCampuses, gqlData, gqlError, loggedIn } from './helpers.js';

let app: TestApp;
let demo: { Paris: string; Lyon: string };
beforeAll(async () => {
  app = await startTestApp();
  demo = await demoCampuses(app);
});
afterAll(async () => {
  await app.core.db.knex('schedule_campus_closures').where('name', 'like', 'Test %').delete();
  await app.close();
});

const closures = 'query($campusList: [ID!], $startDate: String, $endDate: String) { ScheduleCampusClosures(campusList: $campusList, startDate: $startDate, endDate: $endDate) { uuid startDate endDate type name campus { uuid name } } }';
const create = 'mutation($input: CreateScheduleCampusClosureInput!) { CreateScheduleCampusClosure(input: $input) { scheduleCampusClosure { uuid startDate endDate type name campus { name } } } }';
const update = 'mutation($input: UpdateScheduleCampusClosureInput!) { UpdateScheduleCampusClosure(input: $input) { scheduleCampusClosure { uuid startDate endDate type name } } }';
const remove = 'mutation($input: DeleteScheduleCampusClosureInput!) { DeleteScheduleCampusClosure(input: $input) { id } }';
const holidays = 'query($year: Int!) { PublicHolidays(year: $year) { date key name } }';

describe('campus closures', () => {
  it('lists the demo closures of the viewer’s campuses, and those meeting a period', async () => {
    const pedagogy = await loggedIn(app, 'pedagogy');
    const all = (await gqlData(pedagogy, closures, { campusList: [demo.Paris] })).ScheduleCampusClosures;
    expect(all.map((c: { name: string }) => c.name)).toEqual(['Vacances de Noël', "Pont de l'Ascension", 'Fermeture estivale']);
    const christmas = all[0];
    expect(christmas).toMatchObject({ type: 'holidays', campus: { uuid: demo.Paris, name: 'Paris' } });
    // A closure that starts before the period and ends in it is listed.
    const january = await gqlData(pedagogy, closures, { campusList: [demo.Paris], startDate: christmas.endDate, endDate: christmas.endDate });
    expect(january.ScheduleCampusClosures.map((c: { uuid: string }) => c.uuid)).toEqual([christmas.uuid]);
  });

  it('creates, updates and deletes a closure; the start may equal the end but never follow it', async () => {
    const pedagogy = await loggedIn(app, 'pedagogy');
    const created = (await gqlData(pedagogy, create, { input: { campus: demo.Lyon, startDate: '2031-03-03', endDate: '2031-03-03', type: 'closure', name: 'Test inventaire' } }))
      .CreateScheduleCampusClosure.scheduleCampusClosure;
    expect(created).toMatchObject({ startDate: '2031-03-03', endDate: '2031-03-03', type: 'closure', name: 'Test inventaire', campus: { name: 'Lyon' } });
    const refused = await gqlError(pedagogy, update, { input: { id: created.uuid, campus: demo.Lyon, startDate: '2031-03-05', endDate: '2031-03-04', type: 'closure' } });
    expect(refused.extensions.violations).toEqual([{ path: 'endDate', message: 'The start date must not be after the end date.' }]);
    const fr = await loggedIn(app, 'pedagogy', 'fr');
    const refusedFr = await gqlError(fr, create, { input: { campus: demo.Lyon, startDate: '2031-02-30', endDate: '2031-01-01', type: 'party' } });
    expect(refusedFr.extensions.violations).toEqual([
      { path: 'startDate', message: "Cette valeur n'est pas une date valide." },
      { path: 'type', message: expect.any(String) },
    ]);
    const moved = (await gqlData(pedagogy, update, { input: { id: created.uuid, campus: demo.Lyon, startDate: '2031-03-03', endDate: '2031-03-07', type: 'bridge', name: 'Test inventaire' } }))
      .UpdateScheduleCampusClosure.scheduleCampusClosure;
    expect(moved).toMatchObject({ endDate: '2031-03-07', type: 'bridge' });
    expect((await gqlData(pedagogy, remove, { input: { id: created.uuid } })).DeleteScheduleCampusClosure).toEqual({ id: created.uuid });
    expect(await app.core.db.knex('schedule_campus_closures').where({ id: created.uuid }).first()).toBeUndefined();
  });

  it('a Lyon-only campus manager sees nothing of Paris and cannot change it; read-only changes nothing; a teacher is refused', async () => {
    const manager = await loggedIn(app, 'campus-manager');
    const seen = (await gqlData(manager, closures, {})).ScheduleCampusClosures;
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((c: { campus: { name: string } }) => c.campus.name === 'Lyon')).toBe(true);
    expect((await gqlData(manager, closures, { campusList: [demo.Paris] })).ScheduleCampusClosures).toEqual([]);
    const paris = await app.core.db.knex('schedule_campus_closures').where({ campus_id: demo.Paris }).first('id');
    const input = { id: paris.id, campus: demo.Paris, startDate: '2031-01-01', endDate: '2031-01-02', type: 'other' };
    expect(reasonOf((await gqlError(manager, update, { input })))).toBe('Access Denied.');
    expect(reasonOf((await gqlError(manager, remove, { input: { id: paris.id } })))).toBe('Access Denied.');
    expect(reasonOf((await gqlError(manager, create, { input: { campus: demo.Paris, startDate: '2031-01-01', endDate: '2031-01-02', type: 'other' } })))).toBe('Access Denied.');
    const readOnly = await loggedIn(app, 'read-only');
    expect(reasonOf((await gqlError(readOnly, remove, { input: { id: paris.id } })))).toBe('Access Denied.');
    expect(await app.core.db.knex('schedule_campus_closures').where({ id: paris.id }).first('id')).toEqual({ id: paris.id });
    const teacher = await loggedIn(app, 'teacher');
    expect(reasonOf((await gqlError(teacher, closures, {})))).toBe('Access Denied.');
  });
});

describe('public holidays', () => {
  it('gives the French public holidays of a year, in the user language', async () => {
    const en = await loggedIn(app, 'read-only');
    const list = (await gqlData(en, holidays, { year: 2026 })).PublicHolidays;
    expect(list).toHaveLength(11);
    expect(list[0]).toEqual({ date: '2026-01-01', key: 'newYear', name: "New Year's Day" });
    expect(list.map((h: { date: string }) => h.date)).toEqual([
      '2026-01-01', '2026-04-06', '2026-05-01', '2026-05-08', '2026-05-14', '2026-05-25', '2026-07-14', '2026-08-15', '2026-11-01', '2026-11-11', '2026-12-25',
    ]);
    const fr = await loggedIn(app, 'read-only', 'fr');
    expect((await gqlData(fr, holidays, { year: 2026 })).PublicHolidays[1]).toEqual({ date: '2026-04-06', key: 'easterMonday', name: 'Lundi de Pâques' });
  });

  it('gives planning the non-working days of a campus: closures and holidays, each day once', async () => {
    const services = app.core.services<TrainingCentreServices>('training-centre');
    const knex = app.core.db.knex;
    const [row] = await knex('schedule_campus_closures')
      .insert({ campus_id: demo.Lyon, start_date: '2032-04-30', end_date: '2032-05-03', type: 'bridge', name: 'Test pont de mai' })
      .returning('id');
    const days = await services.calendar.nonWorkingDays(demo.Lyon, '2032-05-01', '2032-05-08');
    // 2032: Ascension falls on 6 May.
    expect(days.map((d) => d.date)).toEqual(['2032-05-01', '2032-05-02', '2032-05-03', '2032-05-06', '2032-05-08']);
    expect(days[0]!.reasons).toEqual([
      { kind: 'closure', closureId: row.id, type: 'bridge', name: 'Test pont de mai' },
      { kind: 'publicHoliday', key: 'labourDay', name: 'Fête du travail' },
    ]);
    expect(days[4]!.reasons).toEqual([{ kind: 'publicHoliday', key: 'victoryDay', name: 'Victoire des alliés' }]);
    // Another campus's closure is not this one's.
    expect((await services.calendar.nonWorkingDays(demo.Paris, '2032-05-02', '2032-05-03'))).toEqual([]);
  });
});
