import crypto from 'node:crypto';
import type { PlanningServices } from '@alterna/planning';
import type { ApiClient, TestApp } from '../app.js';
import { eventually } from '../worker.js';
import { tag } from './fixtures.js';

/** A training group of its own on a campus for the current session (copying a demo group's training and variant). */
export async function makeTrainingGroup(app: TestApp, campusId: string, sessionId: string): Promise<string> {
  const knex = app.core.db.knex;
  const model = await knex('training_groups').where({ campus_id: campusId }).first('training_id', 'variant_id');
  const session = await knex('training_sessions').where({ id: sessionId }).first('start_date', 'end_date');
  const name = tag('TG');
  const [row] = await knex('training_groups')
    .insert({ name, short_name: name, campus_id: campusId, training_session_id: sessionId, training_id: model.training_id, variant_id: model.variant_id, start_date: session.start_date, end_date: session.end_date })
    .returning('id');
  return row.id;
}

/** A work-study period (Entreprise by default) of a training group, days included. */
export async function makeWorkStudy(app: TestApp, trainingGroupId: string, startDate: string, endDate: string, type = 'Entreprise'): Promise<void> {
  await app.core.db.knex('training_group_work_studies').insert({ training_group_id: trainingGroupId, start_date: startDate, end_date: endDate, type });
}

/** Waits for a run to close (completed, failed, cancelled) and answers the operation as its starter sees it. */
export async function finished(client: ApiClient, operationId: string, timeoutMs = 60_000): Promise<any> {
  return eventually(async () => {
    const { json } = await client.get(`/api/operations/${operationId}`);
    return json?.operation && json.operation.status !== 'running' ? json.operation : null;
  }, timeoutMs, 250);
}

/** A table the tests fill with lesson ids whose attendance "has started"; registered as the planning attendance check. */
export async function registerStartedAttendance(app: TestApp): Promise<(lessonIds: string[]) => Promise<void>> {
  const knex = app.core.db.knex;
  if (!(await knex.schema.hasTable('test_started_attendance'))) {
    await knex.schema.createTable('test_started_attendance', (t) => t.uuid('lesson_id').primary()).catch(() => undefined);
  }
  const planning = app.core.services<PlanningServices>('planning');
  planning.attendance.registerStarted('SELECT lesson_id FROM test_started_attendance');
  return async (lessonIds) => {
    await knex('test_started_attendance').insert(lessonIds.map((lesson_id) => ({ lesson_id }))).onConflict('lesson_id').ignore();
  };
}

/** A mass creation body with a fresh request id. */
export function seriesBody(values: Record<string, unknown>): Record<string, unknown> {
  return { requestId: crypto.randomUUID(), frequency: 'weekly', days: [1], startTime: '09:00', endTime: '11:00', name: tag('Série '), ...values };
}
