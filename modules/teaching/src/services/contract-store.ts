import type { Knex } from '@alterna/core';
import type { Campus } from '@alterna/training-centre';
import type { SchoolSubject, TrainingSession } from '@alterna/trainings';
import type { ContractStatus } from '../rules/references.js';
import { contractTotals } from '../rules/related-activity.js';
import { companiesByIds, type TeacherCompany } from './company-store.js';
import { dateText, num, type ServiceContext } from './context.js';
import type { RelatedActivity, ReferencesService, TeacherStatus } from './references.js';

/** SPEC §3 TeacherContract with its form's company and related activity lines. */
export interface TeacherContract {
  id: string;
  teacherId: string;
  status: ContractStatus;
  trainingSession: TrainingSession;
  campus: Campus;
  startDate: string;
  endDate: string;
  teacherStatus: TeacherStatus;
  schoolSubjectLines: { id: string; schoolSubject: SchoolSubject; hours: number }[];
  teacherCompany: TeacherCompany | null;
  relatedActivityLines: { id: string; relatedActivity: RelatedActivity; amount: number; price: number }[];
  totals: { teachingHours: number; activityHours: number; activityAmount: number };
}

/** What planning needs of a contract: who teaches what, how many hours, where and when. */
export interface ContractSubjectLines {
  id: string;
  teacherId: string;
  campusId: string;
  trainingSessionId: string;
  status: ContractStatus;
  startDate: string;
  endDate: string;
  schoolSubjectLines: { schoolSubjectId: string; hours: number }[];
}

export interface ContractRow {
  id: string;
  teacher_id: string;
  campus_id: string;
  training_session_id: string;
  status: ContractStatus;
  start_date: string;
  end_date: string;
  teacher_status_id: string;
  teacher_company_id: string | null;
}

/** Contracts with their dates as text, by start date then campus. */
export function contractRows(knex: Knex) {
  return knex('teacher_contracts as tc')
    .select(
      'tc.id', 'tc.teacher_id', 'tc.campus_id', 'tc.training_session_id', 'tc.status', 'tc.teacher_status_id', 'tc.teacher_company_id',
      knex.raw(dateText('tc.start_date', 'start_date')), knex.raw(dateText('tc.end_date', 'end_date')),
    )
    .orderBy([{ column: 'tc.start_date' }, { column: 'tc.created_at' }]);
}

async function subjectLineRows(knex: Knex, contractIds: string[]) {
  if (!contractIds.length) return [];
  return knex('teacher_contract_subject_lines')
    .select('id', 'teacher_contract_id', 'school_subject_id', 'hours')
    .whereIn('teacher_contract_id', contractIds)
    .orderBy('position');
}

function group<T, K extends keyof T>(rows: T[], key: K): Map<T[K], T[]> {
  const map = new Map<T[K], T[]>();
  for (const row of rows) map.set(row[key], [...(map.get(row[key]) ?? []), row]);
  return map;
}

/** Full contracts from their rows: a fixed number of set queries whatever the number of contracts. */
export async function loadContracts(ctx: ServiceContext, references: ReferencesService, rows: ContractRow[], trx: Knex = ctx.knex): Promise<TeacherContract[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [subjectLines, activityLines, statuses, activities, sessions, campuses, companies] = await Promise.all([
    subjectLineRows(trx, ids),
    trx('teacher_contract_activity_lines').select('id', 'teacher_contract_id', 'related_activity_id', 'amount', 'price').whereIn('teacher_contract_id', ids).orderBy('position'),
    references.teacherStatuses(trx),
    references.relatedActivities(undefined, trx),
    ctx.trainings().sessions.list(trx),
    ctx.trainingCentre().campuses.list([...new Set(rows.map((r) => r.campus_id))]),
    companiesByIds(trx, rows.map((r) => r.teacher_company_id).filter((id): id is string => !!id)),
  ]);
  const subjects = new Map((await ctx.trainings().subjects.byIds(subjectLines.map((l) => l.school_subject_id), trx)).map((s) => [s.id, s]));
  const linesOf = group(subjectLines, 'teacher_contract_id');
  const activityLinesOf = group(activityLines, 'teacher_contract_id');
  const byId = <T extends { id: string }>(list: T[]) => new Map(list.map((item) => [item.id, item]));
  const [statusById, activityById, sessionById, campusById, companyById] = [byId(statuses), byId(activities), byId(sessions), byId(campuses), byId(companies)];
  return rows.map((row) => {
    const schoolSubjectLines = (linesOf.get(row.id) ?? []).map((line) => ({ id: line.id, schoolSubject: subjects.get(line.school_subject_id)!, hours: num(line.hours) }));
    const relatedActivityLines = (activityLinesOf.get(row.id) ?? []).map((line) => ({
      id: line.id, relatedActivity: activityById.get(line.related_activity_id)!, amount: num(line.amount), price: num(line.price),
    }));
    return {
      id: row.id,
      teacherId: row.teacher_id,
      status: row.status,
      trainingSession: sessionById.get(row.training_session_id)!,
      campus: campusById.get(row.campus_id)!,
      startDate: row.start_date,
      endDate: row.end_date,
      teacherStatus: statusById.get(row.teacher_status_id)!,
      schoolSubjectLines,
      teacherCompany: row.teacher_company_id ? companyById.get(row.teacher_company_id) ?? null : null,
      relatedActivityLines,
      totals: contractTotals(schoolSubjectLines, relatedActivityLines.map((l) => ({ ...l, isHour: l.relatedActivity.isHour }))),
    };
  });
}

/** The light shape for other modules: two set queries. */
export async function loadSubjectLines(knex: Knex, rows: ContractRow[]): Promise<ContractSubjectLines[]> {
  const lines = group(await subjectLineRows(knex, rows.map((r) => r.id)), 'teacher_contract_id');
  return rows.map((row) => ({
    id: row.id,
    teacherId: row.teacher_id,
    campusId: row.campus_id,
    trainingSessionId: row.training_session_id,
    status: row.status,
    startDate: row.start_date,
    endDate: row.end_date,
    schoolSubjectLines: (lines.get(row.id) ?? []).map((line) => ({ schoolSubjectId: line.school_subject_id, hours: num(line.hours) })),
  }));
}
