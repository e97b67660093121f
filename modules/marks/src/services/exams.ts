import { AccessDeniedError, NotFoundError, type Actor, type PermissionMatrix, type Translate } from '@alterna/core';
import { perm } from '../permissions.js';
import type { MarkSheetInput } from '../validation/index.js';
import type { ExamSheet, GradableExam } from '../types.js';
import { personName, type MarksContext } from './context.js';

export interface ExamsService {
  /** The exams the actor enters marks for: their own, and every exam of the campuses they manage (newest first). */
  list(actor: Actor | null): Promise<{ exams: GradableExam[] }>;
  /** An exam's sheet: its students with their marks, the grade scale elements it may count for. */
  sheet(actor: Actor | null, examId: string): Promise<ExamSheet>;
  /** The whole sheet in one request: the element and semester, every line in one set statement (their appraisals in another). */
  save(actor: Actor | null, examId: string, input: MarkSheetInput, t: Translate): Promise<ExamSheet>;
}

interface ExamRow {
  id: string;
  campus_id: string;
  teacher_id: string;
  title: string;
}

export function examsService(ctx: MarksContext): ExamsService {
  const { knex } = ctx;
  const permissions: PermissionMatrix = ctx.permissions;

  const canWrite = (actor: Actor, exam: ExamRow) =>
    (actor.id === exam.teacher_id && permissions.isGranted(actor, perm.examWrite, exam.campus_id)) || permissions.isGranted(actor, perm.examManage, exam.campus_id);
  const canRead = (actor: Actor, exam: ExamRow) =>
    canWrite(actor, exam) || (actor.id === exam.teacher_id && permissions.isGranted(actor, perm.examRead, exam.campus_id)) || permissions.isGranted(actor, perm.reportCardRead, exam.campus_id);

  /** The exam when the actor may read it; 404 otherwise (another teacher's, another campus's). */
  const reach = async (actor: Actor | null, examId: string) => {
    permissions.assert(actor, perm.examRead);
    const exam = (await knex('courses_exams_view').where({ id: examId }).first('id', 'campus_id', 'teacher_id', 'title')) as ExamRow | undefined;
    if (!exam || !canRead(actor, exam)) throw new NotFoundError('exam');
    return { actor, exam };
  };

  // The exam's students: those subscribed to its planning groups (courses', planning's and students' read views).
  const students = (examId: string) =>
    knex('courses_exam_groups as xg')
      .join('planning_planning_group_subscriptions as s', 's.planning_group_id', 'xg.planning_group_id')
      .join('students_student_registrations as r', 'r.id', 's.student_registration_id')
      .join('identity_actors as a', 'a.id', 'r.student_id')
      .where('xg.exam_id', examId)
      .distinct('a.id', 'a.first_name', 'a.last_name')
      .orderBy(['a.last_name', 'a.first_name', 'a.id']);
  // The grade scale elements of the trainings of the exam's groups.
  const elements = (examId: string) =>
    knex('courses_exam_groups as xg')
      .join('planning_planning_groups as g', 'g.id', 'xg.planning_group_id')
      .join('trainings_training_groups as tg', 'tg.id', 'g.training_group_id')
      .join('trainings_grade_scale_elements as e', 'e.training_id', 'tg.training_id')
      .join('trainings_trainings as tr', 'tr.id', 'tg.training_id')
      .where('xg.exam_id', examId)
      .distinct('e.id', 'e.name', 'e.position', 'tr.name as training_name', knex.raw('e.coefficient::float8 AS coefficient'))
      .orderBy(['tr.name', 'e.position', 'e.id']);

  const sheet = async (actor: Actor, examId: string): Promise<ExamSheet> => {
    const [exam, setting, pupils, scale, marks, texts] = await Promise.all([
      knex('courses_exams_view as x')
        .join('trainings_school_subjects as ss', 'ss.id', 'x.school_subject_id')
        .join('identity_actors as a', 'a.id', 'x.teacher_id')
        .where('x.id', examId)
        .first('x.id', 'x.title', 'x.campus_id', 'x.teacher_id', 'ss.name as subject', 'a.first_name', 'a.last_name',
          knex.raw("to_char(x.exam_date, 'YYYY-MM-DD') AS exam_date"), knex.raw('x.coefficient::float8 AS coefficient')),
      knex('marks_exam_settings').where({ exam_id: examId }).first('grade_scale_element_id', 'semester'),
      students(examId),
      elements(examId),
      knex('marks_exam_marks').where({ exam_id: examId }).select('student_id', 'status', 'value'),
      knex('marks_subject_appraisals as a')
        .join('marks_exam_settings as s', function on() {
          this.on('s.grade_scale_element_id', 'a.grade_scale_element_id').andOn('s.semester', 'a.semester');
        })
        .where('s.exam_id', examId)
        .select('a.student_id', 'a.text'),
    ]);
    const appraisals = new Map(texts.map((a: { student_id: string; text: string }) => [a.student_id, a.text]));
    const byStudent = new Map(marks.map((m) => [m.student_id, m]));
    return {
      exam: {
        id: exam.id, title: exam.title, date: exam.exam_date, subject: exam.subject, coefficient: Number(exam.coefficient), campusId: exam.campus_id,
        teacher: personName(exam),
      },
      setting: setting ? { gradeScaleElementId: setting.grade_scale_element_id, semester: setting.semester } : null,
      elements: scale.map((e: any) => ({ id: e.id, name: e.name, coefficient: Number(e.coefficient), training: e.training_name })),
      students: pupils.map((p: any) => {
        const mark = byStudent.get(p.id);
        return { id: p.id, firstName: p.first_name, lastName: p.last_name, status: mark?.status ?? null, value: mark?.value ?? null, appraisal: appraisals.get(p.id) ?? null };
      }),
      canWrite: canWrite(actor, exam),
    };
  };

  return {
    async list(actor) {
      permissions.assert(actor, perm.examRead);
      const managed = permissions.campusesFor(actor, perm.examManage);
      const rows = await knex('courses_exams_view as x')
        .join('trainings_school_subjects as ss', 'ss.id', 'x.school_subject_id')
        .join('identity_actors as a', 'a.id', 'x.teacher_id')
        .leftJoin('marks_exam_settings as s', 's.exam_id', 'x.id')
        .where((q) => {
          q.where('x.teacher_id', actor.id).whereIn('x.campus_id', permissions.campusesFor(actor, perm.examRead));
          if (managed.length) q.orWhereIn('x.campus_id', managed);
        })
        .select('x.id', 'x.title', 'ss.name as subject', 'a.first_name', 'a.last_name', 's.semester',
          knex.raw("to_char(x.exam_date, 'YYYY-MM-DD') AS exam_date"),
          knex.raw('(SELECT count(*)::int FROM marks_exam_marks m WHERE m.exam_id = x.id) AS marks'))
        .orderBy([{ column: 'x.exam_date', order: 'desc' }, { column: 'x.title' }, { column: 'x.id' }])
        .limit(500);
      return {
        exams: rows.map((r: any) => ({ id: r.id, title: r.title, date: r.exam_date, subject: r.subject, teacher: personName(r), semester: r.semester ?? null, marks: r.marks })),
      };
    },

    async sheet(actor, examId) {
      const { actor: reader } = await reach(actor, examId);
      return sheet(reader, examId);
    },

    async save(actor, examId, input, t) {
      const { actor: writer, exam } = await reach(actor, examId);
      if (!canWrite(writer, exam)) throw new AccessDeniedError();
      const [pupils, scale] = await Promise.all([students(examId), elements(examId)]);
      const known = new Set(pupils.map((p: { id: string }) => p.id));
      const seen = new Set<string>();
      const violations: { path: string; key: string }[] = [];
      if (!scale.some((e: { id: string }) => e.id === input.gradeScaleElementId)) violations.push({ path: 'gradeScaleElementId', key: 'marks.validation.notExamElement' });
      input.marks.forEach((line, i) => {
        if (!known.has(line.studentId)) violations.push({ path: `marks[${i}].studentId`, key: 'marks.validation.notExamStudent' });
        else if (seen.has(line.studentId)) violations.push({ path: `marks[${i}].studentId`, key: 'marks.validation.duplicateStudent' });
        seen.add(line.studentId);
      });
      if (violations.length) ctx.refuse(t, violations);

      const lines = input.marks.map((line) => ({ student_id: line.studentId, status: line.status, value: line.status === 'present' ? (line.value ?? null) : null }));
      await knex.transaction(async (trx) => {
        await trx('marks_exam_settings')
          .insert({ exam_id: examId, grade_scale_element_id: input.gradeScaleElementId, semester: input.semester, updated_by: writer.id })
          .onConflict('exam_id')
          .merge({ grade_scale_element_id: input.gradeScaleElementId, semester: input.semester, updated_by: writer.id, updated_at: trx.fn.now() });
        // Every line in one statement: blank lines remove a mark, the others are written (unchanged ones left alone).
        await trx.raw(
          `WITH input AS (SELECT * FROM jsonb_to_recordset(?::jsonb) AS x(student_id uuid, status text, value numeric)),
           removed AS (
             DELETE FROM marks_exam_marks m USING input i
              WHERE m.exam_id = ? AND m.student_id = i.student_id AND i.status = 'present' AND i.value IS NULL)
           INSERT INTO marks_exam_marks (exam_id, student_id, status, value, entered_by)
           SELECT ?, i.student_id, i.status, i.value, ? FROM input i WHERE i.status <> 'present' OR i.value IS NOT NULL
           ON CONFLICT (exam_id, student_id) DO UPDATE
             SET status = excluded.status, value = excluded.value, entered_by = excluded.entered_by, updated_at = now()
             WHERE (marks_exam_marks.status, marks_exam_marks.value) IS DISTINCT FROM (excluded.status, excluded.value)`,
          [JSON.stringify(lines), examId, examId, writer.id],
        );
        // The lines' appraisals on the exam's element and semester, in one statement: blank removes, text writes.
        const appraisals = input.marks.filter((line) => line.appraisal !== undefined).map((line) => ({ student_id: line.studentId, text: line.appraisal!.trim() }));
        if (appraisals.length) {
          await trx.raw(
            `WITH input AS (SELECT * FROM jsonb_to_recordset(?::jsonb) AS x(student_id uuid, text text)),
             removed AS (
               DELETE FROM marks_subject_appraisals a USING input i
                WHERE a.student_id = i.student_id AND a.grade_scale_element_id = ? AND a.semester = ? AND i.text = '')
             INSERT INTO marks_subject_appraisals (student_id, grade_scale_element_id, semester, text, written_by)
             SELECT i.student_id, ?, ?, i.text, ? FROM input i WHERE i.text <> ''
             ON CONFLICT (student_id, grade_scale_element_id, semester) DO UPDATE
               SET text = excluded.text, written_by = excluded.written_by, updated_at = now()
               WHERE marks_subject_appraisals.text IS DISTINCT FROM excluded.text`,
            [JSON.stringify(appraisals), input.gradeScaleElementId, input.semester, input.gradeScaleElementId, input.semester, writer.id],
          );
        }
      });
      return sheet(writer, examId);
    },
  };
}
