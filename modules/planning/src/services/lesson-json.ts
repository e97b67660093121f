// The calendar's lessons written as GraphQL's JSON text for one selection of EventLessonSchedule fields, without
// building an object per lesson and field: link lists come from PostgreSQL as JSON text with the selection's keys,
// the rest is written here. What it writes equals the resolvers' answer (tests/api/planning/lesson-json.test.ts).
import type { CompiledSelection } from '@alterna/core';
import type { LessonRowBase, LinkColumns, LinkKind } from './lesson-reads.js';
import { linkSources } from './lesson-reads.js';

export interface LessonJsonPlan {
  /** The link lists to read, as JSON text columns. */
  links: LinkColumns;
  /** The rows as a JSON array of the selection's objects. */
  write(rows: LessonRowBase[]): string;
}

type Row = LessonRowBase;
type Write = (row: Row) => string;

// GraphQL names only (the parser allows nothing else): safe inside SQL string literals and JSON keys as they are.
const isName = (key: string) => /^[_A-Za-z][_0-9A-Za-z]*$/.test(key);

// --- Objects of the link lists, written by PostgreSQL --------------------------------------------------------------

type SqlField = (selections: CompiledSelection[]) => string | null;

const sqlText = (column: string): SqlField => () => `COALESCE(to_json(${column})::text, 'null')`;
const sqlInt = (column: string): SqlField => () => `COALESCE(${column}::text, 'null')`;

function sqlObject(fields: Record<string, SqlField>): SqlField {
  return (selections) => {
    const parts: string[] = [];
    for (const [index, selection] of selections.entries()) {
      const value = fields[selection.field]?.(selection.selections);
      if (!value || !isName(selection.key)) return null;
      parts.push(`'${index ? ',' : '{'}"${selection.key}":'`, value);
    }
    return parts.length ? `concat(${parts.join(', ')}, '}')` : null;
  };
}

const personSql = sqlObject({ uuid: sqlText('a.id'), firstName: sqlText('a.first_name'), lastName: sqlText('a.last_name') });
const contractSql = sqlObject({ uuid: sqlText('lt.teacher_contract_id') });
const roomSql = sqlObject({
  uuid: sqlText('r.id'), name: sqlText('r.name'), size: sqlInt('r.size'),
  building: sqlObject({ uuid: sqlText('b.id'), name: sqlText('b.name') }),
});
const groupSql = sqlObject({ uuid: sqlText('g.id'), name: sqlText('g.name') });

/** A list field: its link kind, how one object is written, and which links count (teacherContracts: those with one). */
const lists: Record<string, { kind: LinkKind; object: SqlField; only?: string }> = {
  teachers: { kind: 'teachers', object: personSql },
  teacherContracts: { kind: 'teachers', object: contractSql, only: 'lt.teacher_contract_id IS NOT NULL' },
  rooms: { kind: 'rooms', object: roomSql },
  planningGroups: { kind: 'groups', object: groupSql },
};

// --- The lesson and its single objects, written here ---------------------------------------------------------------

/** Columns a writer reads, and the link lists it asked for (each its own column: one field may be asked twice). */
class Needs {
  links: LinkColumns = {};
  private count = 0;

  list(kind: LinkKind, aggregate: string): string {
    const column = `json_${this.count++}`;
    (this.links[kind] ??= []).push(`${aggregate} AS ${column}`);
    return column;
  }
}

type JsField = (selections: CompiledSelection[], needs: Needs) => Write | null;

const quoted = (value: unknown) => (value === null || value === undefined ? 'null' : JSON.stringify(value));
const jsText = (read: (row: Row) => unknown): JsField => () => (row) => quoted(read(row));

function jsObject(fields: Record<string, JsField>, nullWhen?: (row: Row) => boolean): JsField {
  return (selections, needs) => {
    const parts: [string, Write][] = [];
    for (const [index, selection] of selections.entries()) {
      const write = fields[selection.field]?.(selection.selections, needs);
      if (!write) return null;
      parts.push([`${index ? ',' : '{'}${JSON.stringify(selection.key)}:`, write]);
    }
    if (!parts.length) return null;
    return (row) => {
      if (nullWhen?.(row)) return 'null';
      let out = '';
      for (const [prefix, write] of parts) out += prefix + write(row);
      return `${out}}`;
    };
  };
}

function jsList(field: string): JsField {
  const { kind, object, only } = lists[field]!;
  return (selections, needs) => {
    const sql = object(selections);
    if (!sql) return null;
    const aggregate = `'[' || string_agg(${sql}, ',' ORDER BY ${linkSources[kind].order})${only ? ` FILTER (WHERE ${only})` : ''} || ']'`;
    const column = needs.list(kind, aggregate);
    return (row) => row[column] as string;
  };
}

const lessonFields: Record<string, JsField> = {
  uuid: jsText((row) => row.id),
  startDate: jsText((row) => row.start_at),
  endDate: jsText((row) => row.end_at),
  remote: jsText((row) => row.remote),
  lessonType: jsText((row) => row.lesson_type),
  lessonStatus: jsText((row) => row.status),
  lessonCancellationType: jsText((row) => row.cancellation_type),
  cancelDesc: jsText((row) => row.cancel_desc),
  description: jsText((row) => row.description),
  attendanceStarted: () => (row) => (row.attendance_started ? 'true' : 'false'),
  campus: jsObject({ uuid: jsText((row) => row.campus_id), name: jsText((row) => row.campus_name) }),
  schoolSubject: jsObject({
    uuid: jsText((row) => row.school_subject_id),
    name: jsText((row) => row.subject_name ?? ''),
    shortName: jsText((row) => row.subject_short_name ?? ''),
    color: jsText((row) => row.subject_color),
  }, (row) => row.school_subject_id === null),
  teachers: jsList('teachers'),
  teacherContracts: jsList('teacherContracts'),
  rooms: jsList('rooms'),
  planningGroups: jsList('planningGroups'),
};

const lesson = jsObject(lessonFields);

/** How lessons are read and written for these EventLessonSchedule selections; null when one is not known here. */
export function lessonJsonPlan(selections: CompiledSelection[]): LessonJsonPlan | null {
  const needs = new Needs();
  const write = lesson(selections, needs);
  if (!write) return null;
  return {
    links: needs.links,
    write(rows) {
      let out = '[';
      for (const [index, row] of rows.entries()) out += (index ? ',' : '') + write(row);
      return `${out}]`;
    },
  };
}
