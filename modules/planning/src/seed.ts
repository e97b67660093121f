import type { CoreDeps, Knex } from '@alterna/core';
import { loadDemoContext } from './seed-context.js';
import { planDemoTerm, type DemoTerm } from './seed-plan.js';
import type { PlanningServices } from './services/index.js';

/** Multi-row inserts, a few hundred rows per statement (well under PostgreSQL's bind limit). */
async function insertAll(trx: Knex.Transaction, table: string, rows: Record<string, unknown>[], size = 500): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await trx(table).insert(rows.slice(i, i + size));
}

/** Writes a planned term in a handful of set inserts, parents before children. */
export async function insertDemoTerm(trx: Knex.Transaction, term: DemoTerm, sessionId: string, authorId: string | null): Promise<void> {
  const groupRow = (g: DemoTerm['groups'][number]) => ({ id: g.id, campus_id: g.campusId, training_group_id: g.trainingGroupId, parent_id: g.parentId, name: g.name });
  await insertAll(trx, 'planning_groups', term.groups.filter((g) => !g.parentId).map(groupRow));
  await insertAll(trx, 'planning_groups', term.groups.filter((g) => g.parentId).map(groupRow));
  await insertAll(trx, 'planning_group_subject_lines', term.groups.flatMap((g) => g.lines.map((l, position) => ({
    planning_group_id: g.id, school_subject_id: l.subjectId, hours: l.hours, position,
  }))));
  await insertAll(trx, 'planning_group_subscriptions', term.groups.flatMap((g) => g.registrationIds.map((id) => ({ planning_group_id: g.id, student_registration_id: id }))));
  await insertAll(trx, 'training_group_work_studies', term.workStudies.map((w) => ({ training_group_id: w.trainingGroupId, start_date: w.startDate, end_date: w.endDate, type: w.type })));
  await insertAll(trx, 'trainer_constraints', term.constraints.map((c) => ({
    teacher_id: c.teacherId, all_day: c.allDay, start_at: c.startAt, end_at: c.endAt, description: c.description, created_by: authorId,
  })));
  await insertAll(trx, 'lessons', term.lessons.map((l) => ({
    id: l.id, campus_id: l.campusId, training_session_id: sessionId, start_at: l.startAt, end_at: l.endAt, remote: l.remote, lesson_type: l.lessonType,
    status: l.status, cancellation_type: l.cancellationType, cancel_desc: l.cancelDesc, description: l.description, school_subject_id: l.subjectId, created_by: authorId,
  })));
  // Link rows: the triggers copy each lesson's period and active flag, and the exclusion constraints check them.
  await insertAll(trx, 'lesson_planning_groups', term.lessons.map((l) => ({ lesson_id: l.id, planning_group_id: l.groupId })));
  await insertAll(trx, 'lesson_teachers', term.lessons.filter((l) => l.teacherId).map((l) => ({ lesson_id: l.id, teacher_id: l.teacherId, teacher_contract_id: l.contractId })));
  await insertAll(trx, 'lesson_rooms', term.lessons.filter((l) => l.roomId).map((l) => ({ lesson_id: l.id, room_id: l.roomId })));
  await insertAll(trx, 'room_bookings', term.bookings.map((b) => ({
    room_id: b.roomId, campus_id: b.campusId, start_at: b.startAt, end_at: b.endAt, title: b.title, description: b.description, booked_by: authorId,
  })));
}

/**
 * The demo centre's planned term: planning groups of the current session's training groups (and two
 * practical-work halves), their subject hours and students, about eight weeks of lessons around today,
 * trainer constraints, a company week, bookings, a few locked and cancelled lessons. The core seeds an
 * empty database once, after the other modules' seeds.
 */
export async function seedPlanning(_services: PlanningServices, core: CoreDeps, knex: Knex): Promise<void> {
  const context = await loadDemoContext(knex, core.module('training-centre').calendar);
  if (!context || !context.trainingGroups.length) return;
  const term = planDemoTerm(context);
  await knex.transaction((trx) => insertDemoTerm(trx, term, context.session.id, context.authorId));
}
