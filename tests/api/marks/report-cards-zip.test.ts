import crypto from 'node:crypto';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, startTestApp, type TestApp } from '../../support/app.js';
import { downloadAs, gradedCourse, loggedIn } from '../../support/marks/fixtures.js';
import { eventually, startTestWorker } from '../../support/worker.js';

let app: TestApp;
let worker: Awaited<ReturnType<typeof startTestWorker>>;
beforeAll(async () => {
  app = await startTestApp();
  worker = await startTestWorker(app.core);
}, 120_000);
afterAll(async () => {
  await worker.stop();
  await app.close();
});

describe('zip of a group\'s report cards (a tracked run)', () => {
  it('runs as a workflow with per-student progress, stores the zip, and lets the group\'s staff download it', async () => {
    const course = await gradedCourse(app, 'paris', 3);
    await course.teacher.post(`/api/marks/exams/${course.exams[0]}`, {
      gradeScaleElementId: course.elementIds[1], semester: 2,
      marks: course.students.map((s, i) => ({ studentId: s.studentId, status: 'present', value: 10 + i })),
    });
    const pedagogy = await loggedIn(app, demo('pedagogy'));
    const requestId = crypto.randomUUID();
    const started = await pedagogy.post(`/api/report-cards/training-groups/${course.trainingGroupId}/export`, { semester: 2, withRank: true, requestId });
    expect(started.status).toBe(200);
    const { operation } = started.json;
    expect(operation).toMatchObject({ kind: 'marks.reportCards', workflowId: `marks-report-cards:${requestId}`, campusId: course.campusId });
    // The same request again answers the same run.
    expect((await pedagogy.post(`/api/bulletins/groupes/${course.trainingGroupId}/export`, { semester: 2, withRank: true, requestId })).json.operation.id).toBe(operation.id);

    const done = await eventually(async () => {
      const { json } = await pedagogy.get(`/api/operations/${operation.id}`);
      return json.operation.status === 'completed' ? json.operation : null;
    }, 60_000);
    const groupSize = (await pedagogy.get(`/api/report-cards/training-groups/${course.trainingGroupId}?semester=2`)).json.cards.length;
    expect(done.progress).toMatchObject({ done: groupSize, total: groupSize });
    expect(done.items).toHaveLength(groupSize);
    expect(done.items.every((item: { status: string }) => item.status === 'done')).toBe(true);
    expect(done.result).toMatchObject({ count: groupSize, filename: expect.stringMatching(/^Bulletins-S2_.*\.zip$/) });

    const file = await downloadAs(app, demo('pedagogy'), `/api/report-cards/exports/${operation.id}/download`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/zip');
    const zip = await JSZip.loadAsync(file.body);
    const names = Object.keys(zip.files);
    expect(names).toHaveLength(groupSize);
    const mine = names.find((name) => name.includes(course.students[2]!.studentId.slice(0, 8)))!;
    expect(mine).toMatch(/^Bulletin-S2_.*\.pdf$/);
    expect((await zip.file(mine)!.async('nodebuffer')).subarray(0, 5).toString()).toBe('%PDF-');
    // The batch parts were removed once zipped: only the zip is left of the run's files.
    expect(await app.core.db.knex('stored_files').where({ module: 'marks' }).count({ n: '*' }).first()).toMatchObject({ n: 1 });

    // Another campus's manager and a teacher cannot start or download it; a bad body is a 422.
    const lyon = await loggedIn(app, demo('campus-manager'));
    expect((await lyon.post(`/api/report-cards/training-groups/${course.trainingGroupId}/export`, { semester: 2, requestId: crypto.randomUUID() })).status).toBe(404);
    expect((await downloadAs(app, demo('campus-manager'), `/api/report-cards/exports/${operation.id}/download`)).status).toBe(404);
    expect((await course.teacher.post(`/api/report-cards/training-groups/${course.trainingGroupId}/export`, { semester: 2, requestId: crypto.randomUUID() })).status).toBe(403);
    const bad = await pedagogy.post(`/api/report-cards/training-groups/${course.trainingGroupId}/export`, { semester: 0, requestId: 'x' });
    expect(bad.status).toBe(422);
    expect(bad.json.errors.map((e: { path: string }) => e.path).sort()).toEqual(['requestId', 'semester']);
  }, 120_000);
});
