import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, demo, startTestApp, type TestApp } from '../../support/app.js';
import { makeTraining } from '../../support/booklets/fixtures.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const client = async (email: string, language = 'fr') => {
  const c = new ApiClient(app.baseUrl, language);
  await c.login(email);
  return c;
};
const item = (extra: Record<string, unknown> = {}) => ({ title: 'Entretien', date: '2027-01-15', modules: ['coach-meeting'], ...extra });

describe('booklet items of a training', () => {
  it('a manager creates, edits, lists and deletes items; positions stay dense', async () => {
    const training = await makeTraining(app);
    const manager = await client(demo('pedagogy'));
    const base = `/api/coaching/trainings/${training.trainingId}/booklet-items`;
    const first = await manager.post(base, item({ title: 'Mission', modules: ['mission-definition'] }));
    expect(first.status).toBe(200);
    expect(first.json.item).toMatchObject({ title: 'Mission', position: 1, date: '2027-01-15', startDate: null, modules: ['mission-definition'] });
    const second = await manager.post(`/api/accompagnement/formations/${training.trainingId}/elements-livret`, item({ date: null, startDate: '2027-02-01', endDate: '2027-02-28' }));
    expect(second.json.item).toMatchObject({ position: 2, date: null, startDate: '2027-02-01', endDate: '2027-02-28' });
    const third = await manager.post(base, item({ modules: ['intermediate-evaluation', 'coach-tutor-meeting'] }));
    expect(third.json.item.modules).toEqual(['coach-tutor-meeting', 'intermediate-evaluation']);

    const edited = await manager.request('PUT', `/api/coaching/booklet-item/${second.json.item.id}`, item({ title: 'Entretien de février', modules: ['coach-meeting', 'first-meeting'] }));
    expect(edited.status).toBe(200);
    expect(edited.json.item).toMatchObject({ title: 'Entretien de février', date: '2027-01-15', startDate: null, endDate: null });

    expect((await manager.request('DELETE', `/api/coaching/booklet-item/${first.json.item.id}`)).status).toBe(204);
    const list = await manager.get(base);
    expect(list.json.items.map((i: any) => [i.title, i.position])).toEqual([['Entretien de février', 1], ['Entretien', 2]]);
    // Read-only staff read, but do not write.
    const reader = await client(demo('read-only'));
    expect((await reader.get(base)).status).toBe(200);
    expect((await reader.post(base, item())).status).toBe(403);
  });

  it('reorders with /coaching/booklet-item/{id}/position/{position}, clamped to the list', async () => {
    const training = await makeTraining(app);
    const manager = await client(demo('management'));
    const base = `/api/coaching/trainings/${training.trainingId}/booklet-items`;
    const ids: string[] = [];
    for (const title of ['A', 'B', 'C', 'D']) ids.push((await manager.post(base, item({ title }))).json.item.id);
    const moved = await manager.post(`/api/coaching/booklet-item/${ids[3]}/position/1`);
    expect(moved.status).toBe(200);
    expect(moved.json.items.map((i: any) => `${i.title}${i.position}`)).toEqual(['D1', 'A2', 'B3', 'C4']);
    const down = await manager.post(`/api/accompagnement/element-livret/${ids[3]}/position/3`);
    expect(down.json.items.map((i: any) => i.title)).toEqual(['A', 'B', 'D', 'C']);
    const last = await manager.post(`/api/coaching/booklet-item/${ids[0]}/position/99`);
    expect(last.json.items.map((i: any) => `${i.title}${i.position}`)).toEqual(['B1', 'D2', 'C3', 'A4']);
    const bad = await manager.post(`/api/coaching/booklet-item/${ids[0]}/position/zero`);
    expect(bad.status).toBe(422);
    expect(bad.json.errors).toEqual([{ path: 'position', message: 'La position est un nombre entier à partir de 1.' }]);
  });

  it('refuses bad dates and a repeated single-item module, in French and English; the database refuses it too', async () => {
    const training = await makeTraining(app);
    const fr = await client(demo('pedagogy'));
    const en = await client(demo('pedagogy'), 'en');
    const base = `/api/coaching/trainings/${training.trainingId}/booklet-items`;
    const cases: [Record<string, unknown>, string, string, string][] = [
      [{ date: null }, 'date', 'Indiquez une date, ou une date de début et une date de fin.', 'Give a date, or a start date and an end date.'],
      [{ date: null, startDate: '2027-02-01' }, 'endDate', 'La date de fin est obligatoire avec une date de début.', 'The end date is required with a start date.'],
      [{ date: null, endDate: '2027-02-01' }, 'startDate', 'La date de début est obligatoire avec une date de fin.', 'The start date is required with an end date.'],
      [{ startDate: '2027-02-01', endDate: '2027-02-03' }, 'date', 'Indiquez soit une date, soit une date de début et une date de fin, pas les deux.', 'Give either a date or a start and an end date, not both.'],
      [{ date: null, startDate: '2027-02-05', endDate: '2027-02-03' }, 'endDate', 'La date de fin doit suivre la date de début.', 'The end date must follow the start date.'],
      [{ modules: [] }, 'modules', 'Choisissez au moins un module.', 'Choose at least one module.'],
      [{ title: ' ' }, 'title', 'Le titre est obligatoire.', 'The title is required.'],
    ];
    for (const [extra, path, french, english] of cases) {
      const a = await fr.post(base, item(extra));
      expect(a.status, JSON.stringify(extra)).toBe(422);
      expect(a.json.errors).toContainEqual({ path, message: french });
      expect((await en.post(base, item(extra))).json.errors).toContainEqual({ path, message: english });
    }
    expect((await fr.post(base, item({ modules: ['thesis-evaluation'] }))).status).toBe(200);
    const twice = await fr.post(base, item({ modules: ['coach-meeting', 'thesis-evaluation'] }));
    expect(twice.status).toBe(422);
    expect(twice.json.errors).toEqual([{ path: 'modules', message: 'Le module « Évaluation du mémoire » figure déjà dans un autre élément de ce livret.' }]);
    expect((await en.post(base, item({ modules: ['thesis-evaluation'] }))).json.errors[0].message).toBe('The module "Thesis evaluation" is already in another item of this booklet.');
    // Coach meetings may repeat.
    expect((await fr.post(base, item())).status).toBe(200);
    expect((await fr.post(base, item())).status).toBe(200);
    // Two requests racing past the check: the partial unique index keeps one.
    const race = await Promise.all([0, 1, 2].map(() => fr.post(base, item({ modules: ['mission-definition'] }))));
    expect(race.map((r) => r.status).sort()).toEqual([200, 422, 422]);
    const knex = app.core.db.knex;
    const rows = await knex('booklet_item_modules').where({ training_id: training.trainingId, module: 'mission-definition' }).select('module');
    expect(rows).toHaveLength(1);
  });

  it('keeps staff of another campus out, and checks bodies before anything', async () => {
    const training = await makeTraining(app, 'paris');
    const lyon = await client(demo('campus-manager'));
    const base = `/api/coaching/trainings/${training.trainingId}/booklet-items`;
    expect((await lyon.get(base)).status).toBe(404);
    expect((await lyon.post(base, item())).status).toBe(404);
    const teacher = await client(demo('teacher'));
    expect((await teacher.get(base)).status).toBe(403);
    const manager = await client(demo('pedagogy'));
    const typed = await manager.post(base, { title: 3, date: '2027-01-01', modules: 'coach-meeting' });
    expect(typed.status).toBe(422);
    expect((await manager.post(base, item({ modules: ['dancing'] }))).json.errors).toContainEqual({ path: 'modules[0]', message: "Ce module n'existe pas." });
  });

  it('thesis skills and the thesis evaluation grid of a training', async () => {
    const training = await makeTraining(app);
    const manager = await client(demo('pedagogy'));
    const a = await manager.post(`/api/coaching/thesis-skill/new/${training.trainingId}`, { name: 'Problématique' });
    const b = await manager.post(`/api/accompagnement/competence-memoire/nouvelle/${training.trainingId}`, { name: 'Méthodologie' });
    expect([a.status, b.json.skill.position]).toEqual([200, 2]);
    expect((await manager.post(`/api/coaching/thesis-skill/new/${training.trainingId}`, { name: '' })).json.errors).toEqual([{ path: 'name', message: 'Le nom est obligatoire.' }]);
    const grid = `/api/coaching/thesis-evaluation-grid/${training.trainingId}/edit`;
    const saved = await manager.post(grid, { maxMark: 20, instructions: 'Soutenance de 20 minutes.', skills: [{ id: a.json.skill.id, coefficient: 2 }] });
    expect(saved.status).toBe(200);
    expect(saved.json.grid).toMatchObject({ maxMark: 20, instructions: 'Soutenance de 20 minutes.', skills: [{ name: 'Problématique', coefficient: 2 }, { name: 'Méthodologie', coefficient: 1 }] });
    const other = await makeTraining(app);
    const foreign = await manager.post(`/api/coaching/thesis-skill/new/${other.trainingId}`, { name: 'Autre' });
    const refused = await manager.post(grid, { maxMark: 20, instructions: '', skills: [{ id: foreign.json.skill.id, coefficient: 3 }] });
    expect(refused.status).toBe(422);
    expect(refused.json.errors).toEqual([{ path: 'skills', message: 'Ces compétences ne sont pas toutes de cette formation.' }]);
    expect((await manager.post(grid, { maxMark: 0, instructions: '' })).json.errors).toEqual([{ path: 'maxMark', message: 'La note maximale est un nombre entier de 1 à 100.' }]);
    expect((await manager.get(grid)).json.grid.skills[0].coefficient).toBe(2);
  });
});
