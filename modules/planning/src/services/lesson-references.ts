// What a lesson refers to must exist and belong to its campus (rooms, teachers, planning groups), its subject
// must exist, and its teacher contracts must be its teachers' contracts of the lesson's session. One set query
// per kind, whatever the number of ids.
import { teacherTypologies, type Knex } from '@alterna/core';
import type { Visibility } from '@alterna/identity';
import type { ContractsService } from '@alterna/teaching';
import type { RuleViolation } from '../rules/lesson-rules.js';
import { allQueries } from './queries.js';

type Db = Knex | Knex.Transaction;

export interface LessonReferences {
  campusId: string;
  sessionId: string | null;
  teacherIds: readonly string[];
  teacherContractIds: readonly string[];
  roomIds: readonly string[];
  planningGroupIds: readonly string[];
  schoolSubjectId: string | null;
  /** Only changed references are checked for archival (an old lesson keeps its archived subject). */
  subjectChanged: boolean;
}

const rule = (path: string, name: string, values?: Record<string, unknown>): RuleViolation => ({ path, key: `planning.lessons.rules.${name}`, values });
const list = (names: string[]) => names.join(', ');

/** Violations of the references, and the contract of each teacher (null when none is given); a teacher's campuses are identity's. */
export async function checkReferences(db: Db, visibility: Visibility, contractReads: Pick<ContractsService, 'byIds'>, refs: LessonReferences): Promise<{ violations: RuleViolation[]; contractOf: Map<string, string | null> }> {
  const [rooms, teachers, groups, subject, contracts] = await allQueries(db, [
    () => refs.roomIds.length
      ? db('training_centre_room_places as r')
        .whereRaw('r.id = ANY(?::uuid[])', [[...refs.roomIds]]).select('r.id', 'r.name', 'r.campus_id')
      : [],
    () => refs.teacherIds.length
      ? db('identity_actors as a').whereRaw('a.id = ANY(?::uuid[])', [[...refs.teacherIds]]).select(
        'a.id', db.raw("a.first_name || ' ' || a.last_name AS name"),
        db.raw('? AS on_campus', [visibility.onCampuses('a.id', [refs.campusId], teacherTypologies)]),
      )
      : [],
    () => refs.planningGroupIds.length ? db('planning_groups').whereRaw('id = ANY(?::uuid[])', [[...refs.planningGroupIds]]).select('id', 'name', 'campus_id') : [],
    () => refs.schoolSubjectId ? db('trainings_school_subjects as school_subjects').where({ id: refs.schoolSubjectId }).first('id', 'name', 'archived') : null,
    () => contractReads.byIds([...new Set(refs.teacherContractIds)], db),
  ]);
  const violations: RuleViolation[] = [];
  const outside = <T extends { id: string }>(ids: readonly string[], found: T[], belongs: (row: T) => boolean) => {
    const byId = new Map(found.map((row) => [row.id, row]));
    // Named by the id that was sent: a room, teacher or group of another campus may be one the user may not see.
    return ids.filter((id) => !byId.get(id) || !belongs(byId.get(id)!));
  };
  const badRooms = outside(refs.roomIds, rooms as { id: string; name: string; campus_id: string }[], (room) => room.campus_id === refs.campusId);
  if (badRooms.length) violations.push(rule('rooms', 'roomsNotOnCampus', { rooms: list(badRooms) }));
  const badTeachers = outside(refs.teacherIds, teachers as { id: string; name: string; on_campus: boolean }[], (teacher) => teacher.on_campus);
  if (badTeachers.length) violations.push(rule('teachers', 'teachersNotOnCampus', { teachers: list(badTeachers) }));
  const badGroups = outside(refs.planningGroupIds, groups as { id: string; name: string; campus_id: string }[], (group) => group.campus_id === refs.campusId);
  if (badGroups.length) violations.push(rule('planningGroups', 'groupsNotOnCampus', { groups: list(badGroups) }));
  if (refs.schoolSubjectId && !subject) violations.push(rule('schoolSubject', 'subjectUnknown'));
  else if (subject?.archived && refs.subjectChanged) violations.push(rule('schoolSubject', 'subjectArchived', { subject: subject.name }));

  const contractOf = new Map<string, string | null>(refs.teacherIds.map((id) => [id, null]));
  const known = new Set(contracts.map((contract) => contract.id));
  let contractsWrong = refs.teacherContractIds.some((id) => !known.has(id));
  for (const contract of contracts) {
    const ofTeacher = contractOf.has(contract.teacherId);
    if (!ofTeacher || contract.trainingSessionId !== refs.sessionId || contract.status === 'cancelled' || contractOf.get(contract.teacherId)) contractsWrong = true;
    else contractOf.set(contract.teacherId, contract.id);
  }
  if (contractsWrong) violations.push(rule('teacherContracts', 'contractsOfTeachers'));
  return { violations, contractOf };
}
