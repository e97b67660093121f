// EventLessonSchedule field by field, once: each field's value from a `Lesson` (what the resolvers answer) and its JSON
// text as SQL for a selection (the calendar's compiled answer, written by PostgreSQL in the statement that reads the
// lessons: one text per lesson, no object or string per field in the server). Both read the same property through the
// same column (lesson-reads.ts), so an instant's text and a missing value are decided in one place; the two answers
// are compared for every leaf path of the schema's type in tests/api/planning/lesson-json.test.ts.
import type { CompiledSelection } from '@alterna/core';
import type { Lesson } from '../types.js';
import { columnSql, lessonSql, linkList, linkSources, subjectSql, type ColumnsOf, type LinkColumns, type LinkKind } from './lesson-reads.js';

export interface LessonJsonPlan {
  /** The link lists to read, as JSON text columns. */
  links: LinkColumns;
  /** The SQL of one lesson's JSON text, given the SQL of "attendance started". */
  object(started: string): string;
}

/** SQL of a JSON text, given the statement's SQL of "attendance started". */
type Sql = (started: string) => string;

/** A GraphQL field of a `T`: its value, and its JSON text as SQL for a selection (null when that one is not written here). */
interface FieldOf<T> {
  value(from: T): unknown;
  json(selections: CompiledSelection[], links: Links, columns: ColumnsOf<T>): Sql | null;
}

/** The link columns a selection reads (each its own: one field may be asked twice). */
class Links {
  columns: LinkColumns = {};
  private count = 0;

  /** A column aggregating `aggregate` over the lesson's links of this kind; its SQL in the lesson's object. */
  add(kind: LinkKind, aggregate: string): Sql {
    const name = `json_${this.count++}`;
    (this.columns[kind] ??= []).push({ name, aggregate });
    return () => linkList(kind, name);
  }
}

// GraphQL names only (the parser allows nothing else): safe inside SQL string literals and JSON keys as they are.
const isName = (key: string) => /^[_A-Za-z][_0-9A-Za-z]*$/.test(key);

/** A scalar property, its column's value written as JSON by `write`. */
function scalar<T>(property: keyof T, write: (sql: string) => string): FieldOf<T> {
  return {
    value: (from) => from[property],
    json: (_selections, _links, columns) => {
      const column = columns[property];
      return column === undefined ? null : (started) => write(columnSql(column, started));
    },
  };
}

/** Free text, or null. */
const text = <T>(property: keyof T) => scalar<T>(property, (sql) => `COALESCE(to_json(${sql})::text, 'null')`);
/** Ids and instants, never null: no character to escape. */
const plain = <T>(property: keyof T) => scalar<T>(property, (sql) => `'"' || ${sql} || '"'`);
/** A value its table's CHECK constraint keeps to a few plain words (no character to escape), or null. */
const word = <T>(property: keyof T) => scalar<T>(property, (sql) => `COALESCE('"' || ${sql} || '"', 'null')`);
const int = <T>(property: keyof T) => scalar<T>(property, (sql) => `COALESCE(${sql}::text, 'null')`);
const boolean = <T>(property: keyof T) => scalar<T>(property, (sql) => `CASE WHEN ${sql} THEN 'true' ELSE 'false' END`);

/** An object of fields read from the same `T`. */
function object<T>(fields: Record<string, FieldOf<T>>): FieldOf<T> {
  return {
    value: (from) => Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, field.value(from)])),
    json(selections, links, columns) {
      const parts: Sql[] = [];
      for (const [index, selection] of selections.entries()) {
        const value = fields[selection.field]?.json(selection.selections, links, columns);
        if (!value || !isName(selection.key)) return null;
        const prefix = `'${index ? ',' : '{'}"${selection.key}":'`;
        parts.push((started) => `${prefix} || ${value(started)}`);
      }
      if (!parts.length) return null;
      // `||`, not concat(): every part is text that is never null, and the operator is cheaper per lesson.
      return (started) => `(${parts.map((part) => part(started)).join(' || ')} || '}')`;
    },
  };
}

/** An object held in a property of `T` that may be absent (null), read through its own columns. */
function nested<T, K extends keyof T>(property: K, source: { absent: string; columns: ColumnsOf<NonNullable<T[K]>> }, item: FieldOf<NonNullable<T[K]>>): FieldOf<T> {
  return {
    value: (from) => (from[property] == null ? null : item.value(from[property] as NonNullable<T[K]>)),
    json(selections, links) {
      const sql = item.json(selections, links, source.columns);
      return sql && ((started) => `CASE WHEN ${source.absent} THEN 'null' ELSE ${sql(started)} END`);
    },
  };
}

/** The link lists of `Lesson` and where each is read. */
const linkKinds = { teachers: 'teachers', rooms: 'rooms', planningGroups: 'groups' } as const satisfies Record<string, LinkKind>;
type LinkProperty = keyof typeof linkKinds;

/** A list of a lesson's links, in the order every lesson read gives; `only`: the links whose property is set. */
function list<P extends LinkProperty>(property: P, item: FieldOf<Lesson[P][number]>, only?: keyof Lesson[P][number]): FieldOf<Lesson> {
  const kind = linkKinds[property];
  const columns = linkSources[kind].columns as ColumnsOf<Lesson[P][number]>;
  return {
    value: (lesson) => (lesson[property] as Lesson[P][number][]).filter((link) => only === undefined || link[only] != null).map((link) => item.value(link)),
    json(selections, links) {
      // Objects of links never ask whether attendance has started.
      const sql = item.json(selections, links, columns)?.('false');
      if (!sql) return null;
      const filter = only === undefined ? '' : ` FILTER (WHERE ${columnSql(columns[only]!, 'false')} IS NOT NULL)`;
      return links.add(kind, `'[' || string_agg(${sql}, ',' ORDER BY ${linkSources[kind].order})${filter} || ']'`);
    },
  };
}

const person = object<Lesson['teachers'][number]>({ uuid: plain('id'), firstName: text('firstName'), lastName: text('lastName') });
const room = object<Lesson['rooms'][number]>({
  uuid: plain('id'), name: text('name'), size: int('size'), building: object({ uuid: plain('buildingId'), name: text('buildingName') }),
});

/** SPEC §3 EventLessonSchedule, from a `Lesson`. */
const eventLessonScheduleFields = object<Lesson>({
  uuid: plain('id'),
  startDate: plain('startAt'),
  endDate: plain('endAt'),
  remote: word('remote'),
  lessonType: word('lessonType'),
  lessonStatus: word('status'),
  lessonCancellationType: word('cancellationType'),
  cancelDesc: text('cancelDesc'),
  description: text('description'),
  attendanceStarted: boolean('attendanceStarted'),
  campus: object({ uuid: plain('campusId'), name: text('campusName') }),
  schoolSubject: nested('schoolSubject', subjectSql, object({ uuid: plain('id'), name: text('name'), shortName: text('shortName'), color: text('color') })),
  teachers: list('teachers', person),
  teacherContracts: list('teachers', object({ uuid: plain('teacherContractId') }), 'teacherContractId'),
  rooms: list('rooms', room),
  planningGroups: list('planningGroups', object({ uuid: plain('id'), name: text('name') })),
});

/** A lesson as the contract's EventLessonSchedule (the resolvers' answer). */
export const eventLessonSchedule = (lesson: Lesson) => eventLessonScheduleFields.value(lesson);

/** How lessons are read and written for these EventLessonSchedule selections; null when one is not known here. */
export function lessonJsonPlan(selections: CompiledSelection[]): LessonJsonPlan | null {
  const links = new Links();
  const sql = eventLessonScheduleFields.json(selections, links, lessonSql);
  return sql && { links: links.columns, object: sql };
}
