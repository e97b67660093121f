import { NotFoundError, NotLoggedInError, ValidationError, type Actor, type Knex, type PermissionMatrix, type Translate } from '@alterna/core';
import { perm } from '../permissions.js';
import { maxDate, minDate, eachDate, isIsoDate, startNotAfterEnd } from '../rules/dates.js';
import { publicHolidaysBetween } from '../rules/holidays.js';
import { campusesFor } from './access.js';
import { CampusModel, ScheduleCampusClosureModel } from '../models/index.js';

/** SPEC §3 ScheduleCampusClosure: uuid, startDate, endDate, type (and a name people recognise it by). */
export interface CampusClosure {
  id: string;
  startDate: string;
  endDate: string;
  type: string;
  name: string | null;
  campus: { id: string; name: string; openDays: number[] };
}

export interface ClosureInput {
  campus: string;
  startDate: string;
  endDate: string;
  type: string;
  name?: string | null;
}

/** A day the planning skips, with why: a campus closure, a public holiday, or both. */
export interface NonWorkingDay {
  date: string;
  reasons: ({ kind: 'closure'; closureId: string; type: string; name: string | null } | { kind: 'publicHoliday'; key: string; name: string })[];
}

/** A campus and a day ('YYYY-MM-DD') a reader asks about; `i` is the reader's own, given back with each answer. */
export interface CampusDay {
  i: number;
  campusId: string;
  day: string;
}

/** A closure covering an asked campus day. */
export interface ClosureOnDay {
  i: number;
  closureId: string;
  campusId: string;
  type: string;
  name: string | null;
}

/** A closure's campus and days ('YYYY-MM-DD', both included). */
export interface ClosedPeriod {
  campusId: string;
  startDate: string;
  endDate: string;
}

export interface ClosuresService {
  /** Closures of the viewer's campuses (narrowed to campusList) that meet [startDate, endDate]. */
  list(viewer: Actor | null, campusList: string[] | null, startDate?: string | null, endDate?: string | null): Promise<CampusClosure[]>;
  create(viewer: Actor | null, input: ClosureInput, t: Translate): Promise<CampusClosure>;
  update(viewer: Actor | null, id: string, input: ClosureInput, t: Translate): Promise<CampusClosure>;
  remove(viewer: Actor | null, id: string, t: Translate): Promise<string>;
  /** For the planning module (no actor check): closures of the campus and public holidays, from `from` to `to` included. */
  nonWorkingDays(campusId: string, from: string, to: string): Promise<NonWorkingDay[]>;
  /** For the planning module (no actor check): the closures covering each asked campus day, in one statement, on `db` (a caller's transaction). */
  closuresOn(days: readonly CampusDay[], db?: Knex): Promise<ClosureOnDay[]>;
  /** For the planning module's demo (no actor check): every closure's campus and days. */
  closedPeriods(db?: Knex): Promise<ClosedPeriod[]>;
}

export function closuresService(knex: Knex, permissions: PermissionMatrix): ClosuresService {
  const select = () =>
    knex('schedule_campus_closures as k')
      .join('campuses as c', 'c.id', 'k.campus_id')
      // As text: PGlite hands DATE columns back as Date objects, PostgreSQL (as configured) as strings.
      .select('k.id', knex.raw("to_char(k.start_date, 'YYYY-MM-DD') as start_date"), knex.raw("to_char(k.end_date, 'YYYY-MM-DD') as end_date"))
      .select('k.type', 'k.name', 'c.id as campus_id', 'c.name as campus_name', 'c.open_days as campus_open_days')
      .orderBy([{ column: 'k.start_date' }, { column: 'c.name' }]);
  const toClosure = (row: Record<string, any>): CampusClosure => ({
    id: row.id,
    startDate: row.start_date,
    endDate: row.end_date,
    type: row.type,
    name: row.name,
    // Campus.openDays is non-null in the schema: a query selecting it failed without them.
    campus: { id: row.campus_id, name: row.campus_name, openDays: row.campus_open_days },
  });
  const overlapping = (query: Knex.QueryBuilder, from?: string | null, to?: string | null) => {
    if (from) query.where('k.end_date', '>=', from);
    if (to) query.where('k.start_date', '<=', to);
    return query;
  };

  async function validCampus(viewer: Actor, input: ClosureInput, t: Translate): Promise<string> {
    const campus = await CampusModel.query(knex).findById(input.campus).select('id');
    if (!campus) {
      permissions.assert(viewer, perm.campusUpdate);
      throw new ValidationError([{ path: 'campus', message: t('training-centre.closure.campusRequired') }]);
    }
    permissions.assert(viewer, perm.campusUpdate, campus.id);
    // The schema says so too; the service holds the rule for callers that skip the schema.
    if (!startNotAfterEnd(input.startDate, input.endDate)) throw new ValidationError([{ path: 'endDate', message: t('training-centre.closure.endBeforeStart') }]);
    return campus.id;
  }

  async function existing(viewer: Actor | null, id: string, t: Translate) {
    if (!viewer) throw new NotLoggedInError();
    const row = await ScheduleCampusClosureModel.query(knex).findById(id).select('id', 'campus_id');
    if (!row) throw new NotFoundError(t('errors.notFound'));
    permissions.assert(viewer, perm.campusUpdate, row.campus_id);
    return viewer;
  }

  const values = (campusId: string, input: ClosureInput) => ({
    campus_id: campusId,
    start_date: input.startDate,
    end_date: input.endDate,
    type: input.type,
    name: input.name?.trim() || null,
  });

  return {
    async list(viewer, campusList, startDate, endDate) {
      const campuses = campusesFor(permissions, viewer, perm.campusRead, campusList);
      if (!campuses.length) return [];
      return (await overlapping(select().whereIn('k.campus_id', campuses), startDate, endDate)).map(toClosure);
    },

    async create(viewer, input, t) {
      if (!viewer) throw new NotLoggedInError();
      const campusId = await validCampus(viewer, input, t);
      const row = await ScheduleCampusClosureModel.query(knex).insert(values(campusId, input)).returning('id');
      return toClosure(await select().where('k.id', row.id).first());
    },

    async update(viewer, id, input, t) {
      const actor = await existing(viewer, id, t);
      const campusId = await validCampus(actor, input, t);
      await ScheduleCampusClosureModel.query(knex).findById(id).patch({ ...values(campusId, input), updated_at: knex.fn.now() as unknown as Date });
      return toClosure(await select().where('k.id', id).first());
    },

    async remove(viewer, id, t) {
      await existing(viewer, id, t);
      await ScheduleCampusClosureModel.query(knex).deleteById(id);
      return id;
    },

    async nonWorkingDays(campusId, from, to) {
      if (!isIsoDate(from) || !isIsoDate(to) || from > to) return [];
      const closures = await overlapping(select().where('k.campus_id', campusId), from, to);
      const days = new Map<string, NonWorkingDay>();
      const day = (date: string) => days.get(date) ?? days.set(date, { date, reasons: [] }).get(date)!;
      for (const closure of closures) {
        for (const date of eachDate(maxDate(closure.start_date, from), minDate(closure.end_date, to))) {
          day(date).reasons.push({ kind: 'closure', closureId: closure.id, type: closure.type, name: closure.name });
        }
      }
      for (const holiday of publicHolidaysBetween(from, to)) day(holiday.date).reasons.push({ kind: 'publicHoliday', key: holiday.key, name: holiday.frenchName });
      return [...days.values()].sort((a, b) => a.date.localeCompare(b.date));
    },

    async closuresOn(days, db = knex) {
      if (!days.length) return [];
      const { rows } = await db.raw(
        `SELECT s.i, c.id, c.campus_id, c.name, c.type
           FROM jsonb_to_recordset(?::jsonb) AS s(i int, campus_id uuid, day date)
           JOIN schedule_campus_closures c ON c.campus_id = s.campus_id AND s.day BETWEEN c.start_date AND c.end_date`,
        [JSON.stringify(days.map((d) => ({ i: d.i, campus_id: d.campusId, day: d.day })))],
      );
      return rows.map((row: { i: number; id: string; campus_id: string; name: string | null; type: string }) => ({ i: row.i, closureId: row.id, campusId: row.campus_id, name: row.name, type: row.type }));
    },

    async closedPeriods(db = knex) {
      // Dates come as 'YYYY-MM-DD' text (the core's pg parsers).
      const rows = await db('schedule_campus_closures').select('campus_id', 'start_date', 'end_date').orderBy(['start_date', 'campus_id']);
      return rows.map((row) => ({ campusId: row.campus_id, startDate: row.start_date, endDate: row.end_date }));
    },
  };
}
