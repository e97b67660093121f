// The calendar's lessons as GraphQL's JSON text for one selection of EventLessonSchedule fields, written by
// PostgreSQL in the statement that reads them: no row, object or string per field in the server. What it writes
// equals the resolvers' answer (tests/api/planning/lesson-json.test.ts).
import type { CompiledSelection } from '@alterna/core';
import { isoUtc, linkSources, type LinkColumns, type LinkKind } from './lesson-reads.js';

export interface LessonJsonPlan {
  /** The link lists to read, as JSON text columns. */
  links: LinkColumns;
  /** The SQL of one lesson's JSON text, given the SQL of "attendance started" and of each link column. */
  object(started: string, lists: Record<string, string>): string;
}

/** Where a field's SQL is made: the statement's "attendance started" and link columns, and the links to read. */
class Context {
  links: LinkColumns = {};
  started = '';
  lists: Record<string, string> = {};
  private count = 0;

  /** A link column aggregating `aggregate` over the lesson's links of this kind. */
  list(kind: LinkKind, aggregate: string): () => string {
    const column = `json_${this.count++}`;
    (this.links[kind] ??= []).push(`${aggregate} AS ${column}`);
    return () => this.lists[column]!;
  }
}

/** A field's JSON text as SQL, or null when this selection of it is not written here. */
type Field = (selections: CompiledSelection[], context: Context) => (() => string) | null;

// GraphQL names only (the parser allows nothing else): safe inside SQL string literals and JSON keys as they are.
const isName = (key: string) => /^[_A-Za-z][_0-9A-Za-z]*$/.test(key);

/** Free text, or null. */
const text = (column: string): Field => () => () => `COALESCE(to_json(${column})::text, 'null')`;
/** Ids and instants: no character to escape. */
const plain = (column: string): Field => () => () => `'"' || ${column} || '"'`;
const int = (column: string): Field => () => () => `COALESCE(${column}::text, 'null')`;

function object(fields: Record<string, Field>, nullWhen?: string): Field {
  return (selections, context) => {
    const parts: (() => string)[] = [];
    for (const [index, selection] of selections.entries()) {
      const value = fields[selection.field]?.(selection.selections, context);
      if (!value || !isName(selection.key)) return null;
      const prefix = `'${index ? ',' : '{'}"${selection.key}":'`;
      parts.push(() => `${prefix}, ${value()}`);
    }
    if (!parts.length) return null;
    return () => {
      const sql = `concat(${parts.map((part) => part()).join(', ')}, '}')`;
      return nullWhen ? `CASE WHEN ${nullWhen} THEN 'null' ELSE ${sql} END` : sql;
    };
  };
}

/** A list of a lesson's links, in the order every lesson read gives (`only`: which links count). */
function list(kind: LinkKind, item: Field, only?: string): Field {
  return (selections, context) => {
    const sql = item(selections, context);
    if (!sql) return null;
    return context.list(kind, `'[' || string_agg(${sql()}, ',' ORDER BY ${linkSources[kind].order})${only ? ` FILTER (WHERE ${only})` : ''} || ']'`);
  };
}

const person = object({ uuid: plain('a.id'), firstName: text('a.first_name'), lastName: text('a.last_name') });
const room = object({ uuid: plain('r.id'), name: text('r.name'), size: int('r.size'), building: object({ uuid: plain('b.id'), name: text('b.name') }) });

const lesson = object({
  uuid: plain('l.id'),
  startDate: plain(isoUtc('l.start_at')),
  endDate: plain(isoUtc('l.end_at')),
  remote: text('l.remote'),
  lessonType: text('l.lesson_type'),
  lessonStatus: text('l.status'),
  lessonCancellationType: text('l.cancellation_type'),
  cancelDesc: text('l.cancel_desc'),
  description: text('l.description'),
  attendanceStarted: (_, context) => () => `CASE WHEN ${context.started} THEN 'true' ELSE 'false' END`,
  campus: object({ uuid: plain('c.id'), name: text('c.name') }),
  schoolSubject: object({
    uuid: plain('ss.id'), name: text("COALESCE(ss.name, '')"), shortName: text("COALESCE(ss.short_name, '')"), color: text('ss.color'),
  }, 'l.school_subject_id IS NULL'),
  teachers: list('teachers', person),
  teacherContracts: list('teachers', object({ uuid: plain('lt.teacher_contract_id') }), 'lt.teacher_contract_id IS NOT NULL'),
  rooms: list('rooms', room),
  planningGroups: list('groups', object({ uuid: plain('g.id'), name: text('g.name') })),
});

/** How lessons are read and written for these EventLessonSchedule selections; null when one is not known here. */
export function lessonJsonPlan(selections: CompiledSelection[]): LessonJsonPlan | null {
  const context = new Context();
  const sql = lesson(selections, context);
  if (!sql) return null;
  return {
    links: context.links,
    object(started, lists) {
      context.started = started;
      context.lists = lists;
      return sql();
    },
  };
}
