import { ValidationError, type Knex, type Translate, type Violation } from '@alterna/core';
import { removedSubjects } from '../rules/group-subject-lines.js';
import { groupMessages, type SubjectLinesInput } from '../validation/groups.js';
import { allQueries } from './queries.js';

type Line = SubjectLinesInput['lines'][number];

/**
 * Saves a group's whole table of school subjects with hours in the caller's transaction: subjects must exist
 * (archived ones only if already in the table), and a subject that active or locked lessons of the group
 * teach cannot leave the table. One query per concern, then one DELETE and one INSERT … ON CONFLICT.
 */
export async function saveSubjectLines(trx: Knex.Transaction, groupId: string, lines: Line[], t: Translate): Promise<void> {
  const wanted = lines.map((line) => line.schoolSubject!);
  const [saved, subjects] = await allQueries(trx, [
    () => trx('planning_group_subject_lines').where('planning_group_id', groupId).pluck('school_subject_id') as Promise<string[]>,
    () => wanted.length ? trx('trainings_school_subjects as school_subjects').whereIn('id', wanted).select('id', 'archived') : Promise.resolve([]),
  ]);
  const known = new Map((subjects as { id: string; archived: boolean }[]).map((s) => [s.id, s]));
  const violations: Violation[] = [];
  wanted.forEach((subject, index) => {
    const found = known.get(subject);
    if (!found) violations.push({ path: `lines[${index}].schoolSubject`, message: t('planning.groups.lines.unknownSubject') });
    else if (found.archived && !saved.includes(subject)) violations.push({ path: `lines[${index}].schoolSubject`, message: t('planning.groups.lines.archivedSubject') });
  });
  const removed = removedSubjects(saved, wanted);
  if (removed.length) {
    const scheduled: { name: string }[] = await trx('trainings_school_subjects as s')
      .whereIn('s.id', removed)
      .whereExists((q) =>
        q.select(trx.raw('1')).from('lesson_planning_groups as lpg').join('lessons as le', 'le.id', 'lpg.lesson_id')
          .where('lpg.planning_group_id', groupId).whereRaw('le.school_subject_id = s.id').whereIn('le.status', ['active', 'locked']),
      )
      .select('s.name')
      .orderBy('s.name');
    for (const subject of scheduled) violations.push({ path: 'lines', message: t(groupMessages.scheduledSubject, { subject: subject.name }) });
  }
  if (violations.length) throw new ValidationError(violations);

  await trx('planning_group_subject_lines').where('planning_group_id', groupId).modify((q) => wanted.length && q.whereNotIn('school_subject_id', wanted)).delete();
  if (lines.length) {
    await trx('planning_group_subject_lines')
      .insert(lines.map((line, position) => ({ planning_group_id: groupId, school_subject_id: line.schoolSubject!, hours: line.hours, position })))
      .onConflict(['planning_group_id', 'school_subject_id'])
      .merge(['hours', 'position']);
  }
}
