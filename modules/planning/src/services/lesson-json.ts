// The calendar's lessons as GraphQL's JSON text for one selection of EventLessonSchedule fields, written by
// PostgreSQL in the statement that reads them: one text per lesson, no object or string per field in the server. What it writes
// equals the resolvers' answer (tests/api/planning/lesson-json.test.ts).
import type { CompiledSelection } from '@alterna/core';
import { isoUtc, linkList, linkSources, type LinkColumns, type LinkKind } from './lesson-reads.js';

export interface LessonJsonPlan {
  /** The link lists to read, as JSON text columns. */
  links: LinkColumns;
  /** The SQL of one lesson's JSON text, given the SQL of "attendance started". */
  object(started: string): string;
}

/** SQL of a JSON text, given the statement's SQL of "attendance started". */
type Sql = (started: string) => string;

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

/** A field's JSON text as SQL, or null when this selection of it is not written here. */
type Field = (selections: CompiledSelection[], links: Links) => Sql | null;

// GraphQL names only (the parser allows nothing else): safe inside SQL string literals and JSON keys as they are.
const isName = (key: string) => /^[_A-Za-z][_0-9A-Za-z]*$/.test(key);

/** Free text, or null. */
const text = (column: string): Field => () => () => `COALESCE(to_json(${column})::text, 'null')`;
/** Ids and instants, never null: no character to escape. */
const plain = (column: string): Field => () => () => `'"' || ${column} || '"'`;
/** A value its table's CHECK constraint keeps to a few plain words (no character to escape), or null. */
const word = (column: string): Field => () => () => `COALESCE('"' || ${column} || '"', 'null')`;
const int = (column: string): Field => () => () => `COALESCE(${column}::text, 'null')`;

function object(fields: Record<string, Field>, nullWhen?: string): Field {
  return (selections, links) => {
    const parts: Sql[] = [];
    for (const [index, selection] of selections.entries()) {
      const value = fields[selection.field]?.(selection.selections, links);
      if (!value || !isName(selection.key)) return null;
      const prefix = `'${index ? ',' : '{'}"${selection.key}":'`;
      parts.push((started) => `${prefix} || ${value(started)}`);
    }
    if (!parts.length) return null;
    // `||`, not concat(): every part is text that is never null, and the operator is cheaper per lesson.
    return (started) => {
      const sql = `(${parts.map((part) => part(started)).join(' || ')} || '}')`;
      return nullWhen ? `CASE WHEN ${nullWhen} THEN 'null' ELSE ${sql} END` : sql;
    };
  };
}

/** A list of a lesson's links, in the order every lesson read gives (`only`: which links count). */
function list(kind: LinkKind, item: Field, only?: string): Field {
  return (selections, links) => {
    // Objects of links never ask whether attendance has started.
    const sql = item(selections, links)?.('false');
    if (!sql) return null;
    return links.add(kind, `'[' || string_agg(${sql}, ',' ORDER BY ${linkSources[kind].order})${only ? ` FILTER (WHERE ${only})` : ''} || ']'`);
  };
}

const person = object({ uuid: plain('a.id'), firstName: text('a.first_name'), lastName: text('a.last_name') });
const room = object({ uuid: plain('r.id'), name: text('r.name'), size: int('r.size'), building: object({ uuid: plain('b.id'), name: text('b.name') }) });

const lesson = object({
  uuid: plain('l.id'),
  startDate: plain(isoUtc('l.start_at')),
  endDate: plain(isoUtc('l.end_at')),
  remote: word('l.remote'),
  lessonType: word('l.lesson_type'),
  lessonStatus: word('l.status'),
  lessonCancellationType: word('l.cancellation_type'),
  cancelDesc: text('l.cancel_desc'),
  description: text('l.description'),
  attendanceStarted: () => (started) => `CASE WHEN ${started} THEN 'true' ELSE 'false' END`,
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
  const links = new Links();
  const sql = lesson(selections, links);
  return sql && { links: links.columns, object: sql };
}
