import crypto from 'node:crypto';
import type { Knex } from '@alterna/core';
import { addDays, todayIn } from '@alterna/core/dates';
import { ApiClient, demo, type TestApp } from '../app.js';
import { evaluationToValidate } from '../booklets/validation.js';
import { pngBytes } from '../uploads.js';
import { routeSurface, type SurfaceRoute } from '../surface.js';
import { eventually } from '../worker.js';

// The SPEC routes that answer a file (exports, certificates, zips, signed PDFs, stored documents, images, the
// iCal feed), found in the core's route table: a handler that returns a download (`download(…)`, a service's
// `.download(`, `.pdf(`, `.image(`, `.document(`) or writes a calendar. Each has here the request a demo login
// allowed to use it makes, with real ids; one without fails the test by name, so a new download is covered.

export interface DownloadRoute {
  /** The route's name without its language (`pepal_core_<name>`). */
  name: string;
  method: SurfaceRoute['method'];
  /** Its paths: English then French, or the one path both languages share. */
  paths: string[];
}

export interface DownloadRequest {
  /** Demo typology, null: no session (a public address). */
  as: string | null;
  params?: Record<string, string>;
  query?: string;
  body?: unknown;
}

const answersAFile = /download\)?\(|\.pdf\(|\.image\(|\.document\(|text\/calendar/;

export function downloadRoutes(app: TestApp): DownloadRoute[] {
  const byName = new Map<string, DownloadRoute>();
  for (const route of routeSurface(app.core)) {
    if (!answersAFile.test(route.definition.handler.toString())) continue;
    const name = route.name.replace(/\.(en|fr)$/, '');
    const entry = byName.get(name) ?? { name, method: route.method, paths: [] };
    entry.paths.push(route.path);
    byName.set(name, entry);
  }
  return [...byName.values()];
}

export interface DownloadContext {
  app: TestApp;
  knex: Knex;
  client(typology: string): Promise<ApiClient>;
  /** Runs that need the worker: a group's report-card zip and a signed booklet form. */
  runs: Promise<{ reportCardsOperation: string; signedForm: string }>;
}

const first = async (query: Knex.QueryBuilder, what: string): Promise<string> => {
  const row = (await query.first()) as Record<string, unknown> | undefined;
  const value = row && Object.values(row)[0];
  if (typeof value !== 'string') throw new Error(`downloads: the demo centre has no ${what}`);
  return value;
};
const demoStudent = (knex: Knex) => first(knex('identity_actors').where({ email: demo('student') }).select('id'), 'student login');

export const downloadRequests: Record<string, (ctx: DownloadContext) => Promise<DownloadRequest>> = {
  pepal_core_students_export_xlsx: async () => ({ as: 'pedagogy' }),
  pepal_core_trainings_training_center_export: async () => ({ as: 'pedagogy' }),
  pepal_core_my_marks_export: async () => ({ as: 'student' }),
  // The weeks around the run's today, whose lessons the demo seed planned (a fixed start answered 404 at 31 December).
  pepal_core_absences_certificates: async ({ knex }) => ({ as: 'pedagogy', query: `student=${await demoStudent(knex)}&from=${addDays(todayIn(), -90)}&to=${todayIn()}` }),
  pepal_core_attendance_sheet_download_link: async ({ knex }) => ({ as: 'pedagogy', query: `lessons=${await first(knex('attendance_sheets').orderBy('lesson_id').select('lesson_id'), 'attendance sheet')}` }),
  pepal_core_attendance_sheet_download: async ({ knex }) => ({ as: 'pedagogy', body: { lessons: [await first(knex('attendance_sheets').orderBy('lesson_id').select('lesson_id'), 'attendance sheet')] } }),
  pepal_core_report_card_export_download: async ({ runs }) => ({ as: 'pedagogy', params: { operation: (await runs).reportCardsOperation } }),
  pepal_core_booklet_form_signed_pdf: async ({ runs }) => ({ as: 'pedagogy', params: { id: (await runs).signedForm } }),
  pepal_core_files_download: async ({ knex }) => ({ as: 'pedagogy', params: { id: await first(knex('files_documents').where({ published: true }).orderBy('id').select('id'), 'published document') } }),
  pepal_core_news_file: async ({ knex }) => ({ as: 'pedagogy', params: { id: await first(knex('news').whereNotNull('file_id').orderBy('id').select('id'), 'news item with a file') } }),
  pepal_core_news_image: async ({ knex }) => ({ as: 'pedagogy', params: { id: await first(knex('news_files').where({ kind: 'image' }).orderBy('file_id').select('file_id'), 'news image') } }),
  pepal_core_absences_justification_document: async ({ knex }) => ({
    as: 'pedagogy',
    params: { justification: await first(knex('attendance_justifications').whereNotNull('file_id').orderBy('id').select('id'), 'justification with a document') },
  }),
  pepal_core_mailbox_mail_template_image: async ({ client }) => {
    const form = new FormData();
    form.append('file', new Blob([pngBytes], { type: 'image/png' }), 'walk.png');
    const uploaded = await (await client('pedagogy')).request('POST', '/api/mailbox/mail-templates/upload-file', form, { 'x-requested-with': 'XMLHttpRequest' });
    const token = String(uploaded.json?.imageUrl ?? '').split('/').pop();
    if (!token) throw new Error(`downloads: the template image upload answered ${uploaded.status} ${uploaded.text}`);
    return { as: null, params: { token } };
  },
  pepal_core_planning_calendar_feed_ics: async ({ client }) => {
    const renewed = await (await client('teacher')).post('/api/planning/my-calendar-feed');
    const token = /calendar-feeds\/([^/]+)\.ics$/.exec(String(renewed.json?.url ?? ''))?.[1];
    if (!token) throw new Error(`downloads: the teacher's calendar feed answered ${renewed.status} ${renewed.text}`);
    return { as: null, params: { token } };
  },
};

/** A group's report-card zip (a tracked run) and a booklet form signed by its tutor, coach and apprentice. */
export async function workerRuns(app: TestApp, client: (typology: string) => Promise<ApiClient>): Promise<{ reportCardsOperation: string; signedForm: string }> {
  const knex = app.core.db.knex;
  const group = await first(knex('students_student_registrations').groupBy('training_group_id').orderByRaw('count(*) desc, training_group_id').select('training_group_id'), 'training group');
  const started = await (await client('pedagogy')).post(`/api/report-cards/training-groups/${group}/export`, { semester: 1, withRank: true, requestId: crypto.randomUUID() });
  const operation = started.json?.operation?.id as string | undefined;
  if (!operation) throw new Error(`downloads: the report-card export answered ${started.status} ${started.text}`);

  const { evaluation, coach, tutor, student } = await evaluationToValidate(app);
  const form = `/api/booklet-forms/${evaluation.id}`;
  for (const [who, path] of [[coach, 'validate'], [tutor, 'sign'], [coach, 'sign'], [student, 'sign']] as const) {
    const answer = await who.post(`${form}/${path}`, path === 'validate' ? { validate: true } : {});
    if (answer.status !== 200) throw new Error(`downloads: booklet ${path} answered ${answer.status} ${answer.text}`);
  }
  const staff = await client('pedagogy');
  await eventually(async () => (await staff.get(`/api/operations/${operation}`)).json?.operation?.status === 'completed', 120_000, 500);
  await eventually(async () => (await coach.get(`${form}/validation`)).json?.validation?.current?.hasPdf === true, 120_000, 500);
  return { reportCardsOperation: operation, signedForm: evaluation.id as string };
}

/** The route's paths with the request's params, and its query. */
export function addresses(route: DownloadRoute, request: DownloadRequest): string[] {
  return route.paths.map((path) => {
    const filled = path.replace(/:([A-Za-z_]\w*)/g, (_match, name: string) => {
      const value = request.params?.[name];
      if (!value) throw new Error(`downloads: no value for :${name} of ${route.name}`);
      return encodeURIComponent(value);
    });
    return request.query ? `${filled}?${request.query}` : filled;
  });
}
