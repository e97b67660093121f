import { AccessDeniedError, NotFoundError, todayIn, type Actor, type PermissionMatrix, type Translate } from '@alterna/core';
import { perm } from '../permissions.js';
import type { ReportCard, ReportCardGroup } from '../types.js';
import { addDays } from '@alterna/core/dates';
import { computeReportCards, type ElementSums } from '../validation/index.js';
import type { AppraisalInput } from '../validation/index.js';
import type { MarksContext } from './context.js';

export interface GroupRow {
  id: string;
  name: string;
  campus_id: string;
  training_id: string;
  training_name: string;
  school_year: string;
}

/** A group's columns as GroupRow names them, from `tg` joined to its training `tr` and its session `ts`. */
export const groupColumns = ['tg.id', 'tg.name', 'tg.campus_id', 'tg.training_id', 'tr.name as training_name', 'ts.name as school_year'];

export interface ReportCardsService {
  /** Training groups of the actor's campuses (report-card staff), those not ended over a year ago. */
  groups(actor: Actor | null): Promise<{ groups: ReportCardGroup[] }>;
  /** A group's report cards for a semester (staff of its campus). */
  forGroup(actor: Actor | null, trainingGroupId: string, semester: number): Promise<{ group: ReportCardGroup; semester: number; cards: ReportCard[] }>;
  /** Writes (or, empty, removes) an appraisal: a subject's by one of its teachers or a manager, the general one by a manager. */
  appraise(actor: Actor | null, input: AppraisalInput, t: Translate): Promise<ReportCard>;
  /** The group (404 when unknown). */
  group(trainingGroupId: string): Promise<GroupRow>;
  /**
   * Report cards of a group for a semester, in six statements whatever its size (no query per student);
   * `studentIds` keeps some of them (ranks are still the group's).
   */
  compute(group: GroupRow, semester: number, studentIds?: string[]): Promise<ReportCard[]>;
}

export function reportCardsService(ctx: MarksContext): ReportCardsService {
  const { knex } = ctx;
  const permissions: PermissionMatrix = ctx.permissions;

  const group = async (trainingGroupId: string): Promise<GroupRow> => {
    const row = await knex('trainings_training_groups as tg')
      .join('trainings_trainings as tr', 'tr.id', 'tg.training_id')
      .join('trainings_training_sessions as ts', 'ts.id', 'tg.training_session_id')
      .where('tg.id', trainingGroupId)
      .first(groupColumns);
    if (!row) throw new NotFoundError('trainingGroup');
    return row;
  };
  const groupView = (g: GroupRow): ReportCardGroup => ({ id: g.id, name: g.name, training: g.training_name, schoolYear: g.school_year, campusId: g.campus_id });

  const compute = async (g: GroupRow, semester: number, only?: string[]): Promise<ReportCard[]> => {
    const members = knex('students_student_registrations').where('training_group_id', g.id).select('student_id');
    const [students, elements, sums, subjectAppraisals, generalAppraisals] = await Promise.all([
      knex('students_student_registrations as r')
        .join('identity_actors as a', 'a.id', 'r.student_id')
        .where('r.training_group_id', g.id)
        .distinct('a.id', 'a.first_name', 'a.last_name')
        .orderBy(['a.last_name', 'a.first_name', 'a.id']),
      knex('trainings_grade_scale_elements').where('training_id', g.training_id).select('id', 'name', knex.raw('coefficient::float8 AS coefficient')).orderBy(['position', 'id']),
      // Per student and element: Σ mark × exam coefficient and Σ coefficients (absent counts 0, excused is left out).
      knex('marks_exam_marks as m')
        .join('marks_exam_settings as s', 's.exam_id', 'm.exam_id')
        .join('trainings_grade_scale_elements as e', 'e.id', 's.grade_scale_element_id')
        .join('courses_exams_view as x', 'x.id', 'm.exam_id')
        .where({ 's.semester': semester, 'e.training_id': g.training_id })
        .whereNot('m.status', 'excused')
        .whereIn('m.student_id', members.clone())
        .groupBy('m.student_id', 's.grade_scale_element_id')
        .select('m.student_id', 's.grade_scale_element_id as element_id',
          knex.raw('sum(coalesce(m.value, 0) * x.coefficient)::float8 AS weighted'), knex.raw('sum(x.coefficient)::float8 AS weight')),
      knex('marks_subject_appraisals as sa')
        .join('trainings_grade_scale_elements as e', 'e.id', 'sa.grade_scale_element_id')
        .where({ 'sa.semester': semester, 'e.training_id': g.training_id })
        .whereIn('sa.student_id', members.clone())
        .select('sa.student_id', 'sa.grade_scale_element_id', 'sa.text'),
      knex('marks_general_appraisals').where({ semester, training_id: g.training_id }).whereIn('student_id', members.clone()).select('student_id', 'text'),
    ]);
    const scale = elements.map((e: any) => ({ id: e.id as string, name: e.name as string, coefficient: Number(e.coefficient) }));
    const computed = computeReportCards(
      scale,
      students.map((s: { id: string }) => s.id),
      sums.map((s: any): ElementSums => ({ studentId: s.student_id, elementId: s.element_id, weighted: Number(s.weighted), weight: Number(s.weight) })),
    );
    const subjectText = new Map(subjectAppraisals.map((a: any) => [`${a.student_id}:${a.grade_scale_element_id}`, a.text as string]));
    const generalText = new Map(generalAppraisals.map((a: any) => [a.student_id as string, a.text as string]));
    const keep = only ? new Set(only) : null;
    return computed.flatMap((card, i) => {
      if (keep && !keep.has(card.studentId)) return [];
      const student = students[i];
      return [{
        student: { id: student.id, firstName: student.first_name, lastName: student.last_name },
        trainingGroup: { id: g.id, name: g.name },
        training: { id: g.training_id, name: g.training_name },
        semester,
        subjects: card.subjects.map((s, j) => ({
          elementId: s.elementId, name: scale[j]!.name, coefficient: scale[j]!.coefficient, average: s.average,
          appraisal: subjectText.get(`${card.studentId}:${s.elementId}`) ?? null,
        })),
        general: card.general,
        rank: card.rank,
        groupSize: students.length,
        appraisal: generalText.get(card.studentId) ?? null,
      }];
    });
  };

  return {
    group,
    compute,

    async groups(actor) {
      const campuses = permissions.campusesOrDeny(actor, perm.reportCardRead);
      const rows = await knex('trainings_training_groups as tg')
        .join('trainings_trainings as tr', 'tr.id', 'tg.training_id')
        .join('trainings_training_sessions as ts', 'ts.id', 'tg.training_session_id')
        .whereIn('tg.campus_id', campuses)
        .where('tg.end_date', '>=', addDays(todayIn(), -365))
        .select(groupColumns)
        // Groups of the same name, this year's first: the label tells them apart by the school year.
        .orderBy([{ column: 'tg.name' }, { column: 'ts.start_date', order: 'desc' }, { column: 'tg.id' }]);
      return { groups: rows.map(groupView) };
    },

    async forGroup(actor, trainingGroupId, semester) {
      permissions.assert(actor, perm.reportCardRead);
      const g = await group(trainingGroupId);
      if (!permissions.isGranted(actor, perm.reportCardRead, g.campus_id)) throw new NotFoundError('trainingGroup');
      return { group: groupView(g), semester, cards: await compute(g, semester) };
    },

    async appraise(actor, input, t) {
      permissions.assert(actor, perm.appraise);
      const g = await group(input.trainingGroupId);
      if (!permissions.isGranted(actor, perm.appraise, g.campus_id)) throw new NotFoundError('trainingGroup');
      const member = await knex('students_student_registrations').where({ training_group_id: g.id, student_id: input.studentId }).first('id');
      if (!member) ctx.refuse(t, [{ path: 'studentId', key: 'marks.validation.notGroupStudent' }]);
      const manager = permissions.isGranted(actor, perm.examManage, g.campus_id);
      const text = input.text.trim();
      if (input.gradeScaleElementId) {
        const element = await knex('trainings_grade_scale_elements').where({ id: input.gradeScaleElementId, training_id: g.training_id }).first('id');
        if (!element) ctx.refuse(t, [{ path: 'gradeScaleElementId', key: 'marks.validation.notTrainingElement' }]);
        // A teacher appraises the subjects they set an exam of, that semester, for a planning group of this training group.
        const teaches = manager || !!(await knex('marks_exam_settings as s')
          .join('courses_exam_groups as xg', 'xg.exam_id', 's.exam_id')
          .join('planning_planning_groups as pg', 'pg.id', 'xg.planning_group_id')
          .where({ 's.grade_scale_element_id': input.gradeScaleElementId, 's.semester': input.semester, 'xg.teacher_id': actor.id, 'pg.training_group_id': g.id })
          .first('s.exam_id'));
        if (!teaches) throw new AccessDeniedError();
        const key = { student_id: input.studentId, grade_scale_element_id: input.gradeScaleElementId, semester: input.semester };
        if (!text) await knex('marks_subject_appraisals').where(key).delete();
        else await knex('marks_subject_appraisals').insert({ ...key, text, written_by: actor.id }).onConflict(['student_id', 'grade_scale_element_id', 'semester']).merge({ text, written_by: actor.id, updated_at: knex.fn.now() });
      } else {
        if (!manager) throw new AccessDeniedError();
        const key = { student_id: input.studentId, training_id: g.training_id, semester: input.semester };
        if (!text) await knex('marks_general_appraisals').where(key).delete();
        else await knex('marks_general_appraisals').insert({ ...key, text, written_by: actor.id }).onConflict(['student_id', 'training_id', 'semester']).merge({ text, written_by: actor.id, updated_at: knex.fn.now() });
      }
      const [card] = await compute(g, input.semester, [input.studentId]);
      return card!;
    },
  };
}
