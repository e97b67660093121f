import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, startTestApp, type TestApp } from '../../support/app.js';
import { login } from '../../support/booklets/validation.js';
import { eventually, startTestWorker } from '../../support/worker.js';

let app: TestApp;
let worker: Awaited<ReturnType<typeof startTestWorker>>;
beforeAll(async () => {
  app = await startTestApp();
  worker = await startTestWorker(app.core);
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  await app?.close();
});

describe('demo booklets (seed)', () => {
  it('the demo student\'s booklet has a validated mission, a filled meeting and an evaluation awaiting the coach, who signs it from the seed', async () => {
    const student = await login(app, demo('student'));
    const [booklet] = (await student.get('/api/booklets/mine')).json.booklets;
    const byTitle = new Map<string, any>(booklet.forms.map((f: any) => [f.title, f]));
    expect([...byTitle.keys()]).toEqual(['Définition de la mission', 'Premier entretien coach/tuteur', 'Évaluation intermédiaire', 'Entretien coach', 'Évaluation finale']);
    expect(byTitle.get('Définition de la mission').validatedAt).not.toBeNull();
    expect(byTitle.get('Entretien coach').validatedAt).toBeNull();
    const evaluation = byTitle.get('Évaluation intermédiaire');
    expect(evaluation.averageMark).toBe(13.83);

    for (const who of ['coach', 'tutor']) {
      const mine = (await (await login(app, demo(who))).get('/api/booklets/mine')).json.booklets as any[];
      expect(mine.map((b) => b.registration.id)).toContain(booklet.registration.id);
    }
    const tutor = await login(app, demo('tutor'));
    const mission = (await tutor.get(`/api/booklet-forms/${byTitle.get('Définition de la mission').id}/validation`)).json.validation;
    expect(mission.current).toMatchObject({ status: 'validated', signatures: [{ role: 'tutor', signer: expect.any(String) }, { role: 'student', signer: expect.any(String) }] });

    const coach = await login(app, demo('coach'));
    const path = `/api/booklet-forms/${evaluation.id}`;
    const waiting = (await coach.get(`${path}/validation`)).json.validation;
    expect(waiting).toMatchObject({ canSign: true, current: { status: 'pending', awaiting: 'coach' } });
    expect((await coach.post(`${path}/sign`, {})).json.validation.current.awaiting).toBe('student');
    expect((await student.post(`${path}/sign`, {})).status).toBe(200);
    await eventually(async () => (await coach.get(`${path}/validation`)).json.validation.current?.status === 'validated');
  }, 90_000);
});
