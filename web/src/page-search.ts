import { defaultStringifySearch, useNavigate, useSearch, type SearchMiddleware } from '@tanstack/react-router';
import type { absenceKinds } from '@alterna/attendance/validation';
import type { semesters } from '@alterna/marks/validation';
import type { PageId } from './pages';

// The filters each page keeps in its URL (`?campus=…&from=…`), declared once per page here; router.tsx gives each
// page's route its schema as `validateSearch`, and screens read and write them through usePageSearch(pageId), typed
// from the schema. Type-only imports: this file is part of the first visit's bundle.

/** A reader of one search parameter: anything it does not accept reads as its default (it never throws). */
export type SearchReader<T> = (raw: unknown) => T;
export type SearchSchema = Record<string, SearchReader<unknown>>;
export type SearchValues<S extends SearchSchema> = { [Name in keyof S]: ReturnType<S[Name]> };
/** A change of some search parameters; null (or '', or []) removes one from the URL. */
export type SearchChange<S extends SearchSchema> = { [Name in keyof S]?: ReturnType<S[Name]> | null };

/** Text (a search box, a scanned code), at most 200 characters. */
export const searchText = (raw: unknown): string =>
  typeof raw === 'string' ? raw.slice(0, 200) : typeof raw === 'number' || typeof raw === 'boolean' ? String(raw) : '';
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** One id (a UUID), else null. */
export const searchId = (raw: unknown): string | null => (typeof raw === 'string' && uuidPattern.test(raw) ? raw : null);
/** A list of ids (UUIDs only; anything else is dropped), written `a,b` in the URL. */
export const searchIds = (raw: unknown): string[] =>
  (Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : []).filter((id): id is string => searchId(id) !== null);
/** A calendar day 'YYYY-MM-DD', else ''. */
export const searchDay = (raw: unknown): string => (/^\d{4}-\d{2}-\d{2}$/.test(searchText(raw)) ? searchText(raw) : '');
/** A path of this site to come back to after logging in ('/…', never '//…' or another origin), else ''. */
export const searchReturnPath = (raw: unknown): string =>
  typeof raw === 'string' && raw.length <= 1000 && raw.startsWith('/') && !raw.startsWith('//') && !raw.includes('\\') ? raw : '';
/** One of `choices`, else `fallback`. */
export const searchChoice =
  <T extends string | number>(choices: readonly T[], fallback: T) =>
  (raw: unknown): T =>
    (choices as readonly unknown[]).includes(raw) ? (raw as T) : typeof raw === 'string' && (choices as readonly unknown[]).includes(Number(raw)) ? (Number(raw) as T) : fallback;

export const calendarViews = ['timeGridDay', 'timeGridWeek', 'dayGridMonth'] as const;
export type CalendarView = (typeof calendarViews)[number];
export const absenceTabs = ['justifications', 'absences', 'statistics', 'alerts'] as const;
type AbsenceKind = (typeof absenceKinds)[number];
/** A list holding every member of T (it does not compile once a module adds one). */
const every = <T>() => <L extends readonly T[]>(list: L & ([Exclude<T, L[number]>] extends [never] ? unknown : never)): L => list;
/** The attendance module's kinds: a type-only import keeps its validation code out of the first visit. */
const kinds = every<AbsenceKind>()(['late', 'absent', 'early-exit', 'temporary-exit', 'temporary-exclusion', 'fraud'] as const);
export const profileChangeFilters = ['pending', 'approved', 'rejected', 'expired', 'all'] as const;
export const actorFilters = ['active', 'archived', 'all'] as const;
/** The operations page's state filter ('' = every state): the server's states. */
export const operationStates = ['', 'running', 'completed', 'failed', 'cancelled', 'terminated', 'timed_out'] as const;
const semesterList = every<(typeof semesters)[number]>()([1, 2, 3, 4] as const);

const period = { from: searchDay, to: searchDay };
const followedStudent = { student: searchId };
const week = { week: searchDay };
const searchBox = { q: searchText };

/** Each page's URL filters; a page not listed reads none. */
export const pageSearch = {
  /** Where a logged-out visitor was going (a scanned QR code, any deep link): login lands there. */
  login: { next: searchReturnPath },
  'attendance.sheets': { campus: searchId, ...period },
  'attendance.staffAbsences': {
    tab: searchChoice(absenceTabs, 'justifications'),
    campus: searchId,
    ...period,
    kind: searchChoice<AbsenceKind | ''>(['', ...kinds], ''),
    justified: searchChoice(['', 'yes', 'no'], ''),
    planningGroup: searchId,
  },
  'attendance.coached': period,
  'attendance.followedTutor': period,
  'attendance.followedCorporation': period,
  'attendance.day': { date: searchDay },
  /** What the scanned QR code's link carries. */
  'attendance.checkIn': { lesson: searchText, window: (raw: unknown) => Number(raw), code: searchText },
  'timetable.teacher': week,
  'timetable.student': week,
  'planning.calendar': {
    campus: searchId,
    groups: searchIds,
    rooms: searchIds,
    teachers: searchIds,
    subject: searchId,
    view: searchChoice(calendarViews, 'timeGridWeek'),
    date: (raw: unknown): string | null => searchDay(raw) || null,
  },
  'planning.progress': { groups: searchIds, teachers: searchIds },
  'planning.groups': { campuses: searchIds },
  'planning.workStudies': { group: searchId },
  'marks.groups': { group: searchId, semester: searchChoice(semesterList, 1) },
  'marks.followedCoach': followedStudent,
  'marks.followedTutor': followedStudent,
  'marks.followedCorporation': followedStudent,
  'profileChanges.inbox': { status: searchChoice(profileChangeFilters, 'pending'), campus: searchId },
  'trainings.groups': { session: searchId },
  'trainings.gradeScales': { training: searchId },
  'people.actors': { ...searchBox, show: searchChoice(actorFilters, 'active') },
  'people.tutors': searchBox,
  'people.corporations': searchBox,
  /** No session means the current one, `session=all` every session. */
  /** `kind`: one kind of run ('' = all); `state`: one state. */
  'staff.operations': { kind: (raw: unknown): string => (/^[a-zA-Z][\w.-]{0,99}$/.test(searchText(raw)) ? searchText(raw) : ''), state: searchChoice(operationStates, '') },
  'students.list': {
    campus: searchId,
    session: (raw: unknown): 'all' | string | null => (raw === 'all' ? 'all' : searchId(raw)),
    trainings: searchIds,
    groups: searchIds,
  },
} satisfies Partial<Record<PageId, SearchSchema>>;

export type SearchPageId = keyof typeof pageSearch;
export type PageSearch<Id extends SearchPageId> = SearchValues<(typeof pageSearch)[Id]>;
export type PageSearchChange<Id extends SearchPageId> = SearchChange<(typeof pageSearch)[Id]>;

const schemaOf = (id: PageId): SearchSchema | undefined => (pageSearch as Partial<Record<PageId, SearchSchema>>)[id];

/** A raw search (as the router parsed the URL) read through a schema: every name gets a value. */
export function readSearch<S extends SearchSchema>(schema: S, raw: Record<string, unknown>): SearchValues<S> {
  return Object.fromEntries(Object.entries(schema).map(([name, read]) => [name, read(raw[name])])) as SearchValues<S>;
}

const same = (a: unknown, b: unknown) =>
  Object.is(a, b) || (Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => Object.is(item, b[i])));

/** The search written to the URL: a filter at its default (nothing chosen) leaves it, a list is written `a,b`. */
function compact(schema: SearchSchema, search: Record<string, unknown>): Record<string, unknown> {
  const written: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(search)) {
    const read = schema[name];
    if (!read) written[name] = value;
    else if (value === undefined || value === null || value === '' || same(value, read(undefined))) continue;
    else written[name] = Array.isArray(value) ? value.join(',') : value;
  }
  return written;
}

/**
 * The search options of a page's route (router.tsx): `validateSearch` reads the URL through the page's schema (a bad
 * or missing value reads as its default, never an error page), and a middleware keeps defaults out of the URL.
 */
export function routeSearchOptions(id: PageId): { validateSearch?: (raw: Record<string, unknown>) => Record<string, unknown>; search?: { middlewares: SearchMiddleware<Record<string, unknown>>[] } } {
  const schema = schemaOf(id);
  if (!schema) return {};
  return {
    validateSearch: (raw) => readSearch(schema, raw),
    search: { middlewares: [({ search, next }) => compact(schema, next(search))] },
  };
}

/** The `?…` of a link to a page with these filters (what its route would write). */
export function pageSearchString<Id extends SearchPageId>(id: Id, values: PageSearchChange<Id>): string {
  return defaultStringifySearch(compact(schemaOf(id)!, values as Record<string, unknown>));
}

/**
 * The filters a page keeps in its URL, as its route validated them (`validateSearch`, from `pageSearch`), and a setter
 * writing a change back without a new history entry. A screen serving several pages names them all (same schema).
 */
export function usePageSearch<Id extends SearchPageId>(...ids: [Id, ...Id[]]): [PageSearch<Id>, (change: PageSearchChange<Id>) => void] {
  const search: Record<string, unknown> = useSearch({ strict: false });
  const navigate = useNavigate();
  const schema: SearchSchema = pageSearch[ids[0]];
  const values = Object.fromEntries(Object.keys(schema).map((name) => [name, search[name]])) as PageSearch<Id>;
  const set = (change: PageSearchChange<Id>) => {
    // Nothing changes (a calendar telling the dates it already shows): no navigation.
    const unchanged = Object.entries(change).every(([name, next]) =>
      same(next === null || next === undefined || next === '' ? schema[name]!(undefined) : next, values[name as keyof PageSearch<Id>]));
    if (!unchanged) void navigate({ to: '.', search: (previous: Record<string, unknown>) => ({ ...previous, ...change }), replace: true } as never);
  };
  return [values, set];
}
