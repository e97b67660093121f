import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.js';
import { demoCampuses, loggedIn } from './helpers.js';

let app: TestApp;
let demo: { Paris: string; Lyon: string };
beforeAll(async () => {
  app = await startTestApp();
  demo = await demoCampuses(app);
});
afterAll(() => app.close());

const identity = { name: 'Alterna Formation Lyon', siret: '812 345 678 00021', activityDeclarationNumber: '84 69 12345 69', streetAddress: '5 rue Garibaldi', postalCode: '69003', city: 'Lyon' };

describe('the organisation identity of a campus (issue #24)', () => {
  it('is read by the campus staff and set by its managers, SIRET and declaration number kept as digits', async () => {
    const manager = await loggedIn(app, 'campus-manager');
    const path = `/api/training-center/campus/${demo.Lyon}/organisation`;
    expect((await manager.get(path)).json).toEqual({ identity: expect.objectContaining({ siret: '81234567800021', city: 'Lyon' }), canEdit: true });
    const saved = await manager.post(path, identity);
    expect(saved.status).toBe(200);
    expect(saved.json.identity).toEqual({ ...identity, campusId: demo.Lyon, siret: '81234567800021', activityDeclarationNumber: '84691234569' });
    expect((await manager.get(path)).json.identity.name).toBe('Alterna Formation Lyon');

    // Lyon's manager does not reach Paris; read-only reads Paris without the right to change it.
    expect((await manager.get(`/api/training-center/campus/${demo.Paris}/organisation`)).status).toBe(404);
    const readOnly = await loggedIn(app, 'read-only');
    expect((await readOnly.get(`/api/training-center/campus/${demo.Paris}/organisation`)).json.canEdit).toBe(false);
    expect((await readOnly.post(`/api/training-center/campus/${demo.Paris}/organisation`, identity)).status).toBe(403);
  });

  it('refuses a SIRET that is not 14 digits or fails its check digit, and a declaration number not of 11 digits, with 422 in the user\'s language', async () => {
    const pedagogy = await loggedIn(app, 'pedagogy', 'fr');
    const path = `/api/centre-de-formation/campus/${demo.Paris}/organisme`;
    const wrong = await pedagogy.post(path, { ...identity, siret: '81234567800014', activityDeclarationNumber: '123' });
    expect(wrong.status).toBe(422);
    expect(wrong.json.errors).toEqual([
      { path: 'siret', message: "Ce SIRET n'existe pas : vérifiez les chiffres (clé de contrôle)." },
      { path: 'activityDeclarationNumber', message: "Le numéro de déclaration d'activité compte 11 chiffres." },
    ]);
    const english = await loggedIn(app, 'pedagogy', 'en');
    const short = await english.post(`/api/training-center/campus/${demo.Paris}/organisation`, { ...identity, siret: '8123', name: '' });
    expect(short.status).toBe(422);
    expect(short.json.errors).toEqual(expect.arrayContaining([{ path: 'siret', message: 'A SIRET has 14 digits.' }, { path: 'name', message: expect.any(String) }]));
    expect((await english.post(`/api/training-center/campus/${demo.Paris}/organisation`, { ...identity, city: 'Paris\u0000' })).status).toBe(422);
  });
});
