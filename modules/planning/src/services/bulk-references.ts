// The rooms, teachers, planning groups, contracts and subjects a bulk request names, read in one set query
// each, and the checks that they exist and belong to the lesson's campus (SPEC §5: ids of the chosen campuses).
import type { Knex, Translate, Violation } from '@alterna/core';
import type { Visibility } from '@alterna/identity';
import type { ContractsService } from '@alterna/teaching';

type Db = Knex | Knex.Transaction;

export interface References {
  groups: Map<string, { campusId: string; name: string }>;
  rooms: Map<string, { campusId: string; name: string }>;
  /** Teachers by id: their name and the campuses they have a rule on. */
  teachers: Map<string, { name: string; campuses: Set<string> }>;
  contracts: Map<string, { teacherId: string; campusId: string }>;
  subjects: Set<string>;
}

export interface ReferenceIds {
  groups: string[];
  rooms: string[];
  teachers: string[];
  contracts: string[];
  subjects: string[];
}

const unique = (ids: string[]) => [...new Set(ids)];

/** The references named; a teacher's campuses are those of all its rules (identity's visibility). */
export async function loadReferences(db: Db, visibility: Visibility, contractReads: Pick<ContractsService, 'byIds'>, ids: ReferenceIds): Promise<References> {
  const refs: References = { groups: new Map(), rooms: new Map(), teachers: new Map(), contracts: new Map(), subjects: new Set() };
  const [groups, rooms, teachers, contracts, subjects] = [ids.groups, ids.rooms, ids.teachers, ids.contracts, ids.subjects].map(unique);
  if (groups!.length) for (const g of await db('planning_groups').select('id', 'campus_id', 'name').whereIn('id', groups!)) refs.groups.set(g.id, { campusId: g.campus_id, name: g.name });
  if (rooms!.length) {
    const rows = await db('training_centre_room_places as r').select('r.id', 'r.name', 'r.campus_id').whereIn('r.id', rooms!);
    for (const r of rows) refs.rooms.set(r.id, { campusId: r.campus_id, name: r.name });
  }
  if (teachers!.length) {
    const rows: { id: string; first_name: string; last_name: string }[] = await db('identity_actors as a').select('a.id', 'a.first_name', 'a.last_name').whereIn('a.id', teachers!);
    const campuses = await visibility.campusesOf(rows.map((r) => r.id), null, db);
    for (const r of rows) refs.teachers.set(r.id, { name: `${r.first_name} ${r.last_name}`, campuses: new Set(campuses.get(r.id)) });
  }
  if (contracts!.length) for (const c of await contractReads.byIds(contracts!, db)) refs.contracts.set(c.id, { teacherId: c.teacherId, campusId: c.campusId });
  if (subjects!.length) for (const s of await db('trainings_school_subjects as school_subjects').select('id').whereIn('id', subjects!)) refs.subjects.add(s.id);
  return refs;
}

export interface LessonResources {
  planningGroups: string[];
  rooms: string[];
  teachers: string[];
  teacherContracts?: string[] | null;
  schoolSubject?: string | null;
}

/** The teachers with the contract chosen for each (a contract of that teacher on that campus), or none. */
export function teacherLinks(refs: References, teachers: string[], contracts: string[] | null | undefined, campusId: string): { id: string; contractId: string | null }[] {
  return teachers.map((id) => ({
    id,
    contractId: (contracts ?? []).find((c) => refs.contracts.get(c)?.teacherId === id && refs.contracts.get(c)?.campusId === campusId) ?? null,
  }));
}

/**
 * Violations of resources that do not exist or are not of the lesson's campus (`campusId`); `prefix` is the
 * field path of the values (`lines[2]`, `edit`). `allowed` are the campuses the request may use.
 */
export function resourceViolations(refs: References, values: LessonResources, campusId: string | null, allowed: ReadonlySet<string>, prefix: string, t: Translate): Violation[] {
  const violations: Violation[] = [];
  const at = (field: string) => (prefix ? `${prefix}.${field}` : field);
  const k = (name: string) => `planning.bulk.validation.${name}`;
  const place = (field: 'planningGroups' | 'rooms', map: Map<string, { campusId: string; name: string }>) => {
    for (const id of values[field]) {
      const found = map.get(id);
      if (!found) violations.push({ path: at(field), message: t(k('unknown'), { id }) });
      // Named by the id that was sent: what lies on another campus may be something the user may not see.
      else if (campusId && found.campusId !== campusId) violations.push({ path: at(field), message: t(k('otherCampus'), { name: id }) });
      else if (!allowed.has(found.campusId)) violations.push({ path: at(field), message: t(k('notInCampuses'), { name: id }) });
    }
  };
  place('planningGroups', refs.groups);
  place('rooms', refs.rooms);
  for (const id of values.teachers) {
    const teacher = refs.teachers.get(id);
    if (!teacher) violations.push({ path: at('teachers'), message: t(k('unknown'), { id }) });
    else if (campusId ? !teacher.campuses.has(campusId) : ![...teacher.campuses].some((c) => allowed.has(c))) {
      violations.push({ path: at('teachers'), message: t(k('teacherNotInCampus'), { name: id }) });
    }
  }
  for (const id of values.teacherContracts ?? []) {
    const contract = refs.contracts.get(id);
    if (!contract || !values.teachers.includes(contract.teacherId) || (campusId && contract.campusId !== campusId)) {
      violations.push({ path: at('teacherContracts'), message: t(k('contract')) });
    }
  }
  if (values.schoolSubject && !refs.subjects.has(values.schoolSubject)) violations.push({ path: at('schoolSubject'), message: t(k('unknown'), { id: values.schoolSubject }) });
  return violations;
}

/** The campus a line's lessons belong to: that of its planning groups, else of its rooms. */
export function campusOfResources(refs: References, values: LessonResources): string | null {
  for (const id of values.planningGroups) if (refs.groups.has(id)) return refs.groups.get(id)!.campusId;
  for (const id of values.rooms) if (refs.rooms.has(id)) return refs.rooms.get(id)!.campusId;
  return null;
}

/** Each message once per path. */
export function dedupeViolations(violations: Violation[]): Violation[] {
  const seen = new Set<string>();
  return violations.filter((v) => {
    const key = `${v.path}\u0000${v.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
