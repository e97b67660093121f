import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, demo, startTestApp, type TestApp, reasonOf } from '../../support/app.js';
import { insertLesson, makePlanningGroup, parisTime, planningDemo, tag } from '../../support/planning/fixtures.js';
import { currentTrainingGroup, makeRegistration } from '../../support/planning/groups.js';

let app: TestApp;
let ids: Awaited<ReturnType<typeof planningDemo>>;
let parisTraining: { id: string; shortName: string };
let otherParisTraining: { id: string; shortName: string };
let lyonTraining: { id: string; shortName: string };
let MATH: string;
let CGE: string;
let CEJM: string;

beforeAll(async () => {
  app = await startTestApp();
  ids = await planningDemo(app);
  parisTraining = await currentTrainingGroup(app, ids.paris, 'SIO');
  otherParisTraining = await currentTrainingGroup(app, ids.paris, 'MCO');
  lyonTraining = await currentTrainingGroup(app, ids.lyon);
  [MATH, CGE, CEJM] = (['MATH', 'CGE', 'CEJM'] as const).map((shortName) => ids.subjects[shortName]!) as [string, string, string];
});
afterAll(() => app?.close());

const api = '/api/planning/planning-groups';
const apiFr = '/api/planification/groupes-de-planification';

async function as(typology: string, language = 'fr'): Promise<ApiClient> {
  const client = new ApiClient(app.baseUrl, language);
  await client.login(demo(typology));
  return client;
}

function expectAccessDenied(response: { status: number; json: any }): void {
  if (response.json?.errors?.[0]?.extensions) expect(response.json.errors[0]).toMatchObject({ extensions: { code: 'FORBIDDEN', reason: 'Access Denied.' } });
  else {
    expect(response.status, JSON.stringify(response.json)).toBe(403);
    expect(reasonOf(response.json.errors[0])).toBe('Access Denied.');
  }
}

/** Rows of the planning tables a refused request must leave as they were. */
async function snapshot() {
  const knex = app.core.db.knex;
  const [groups, lines, subscriptions] = await Promise.all([
    knex('planning_groups').select('id', 'name', 'campus_id', 'training_group_id', 'parent_id').orderBy('id'),
    knex('planning_group_subject_lines').select('planning_group_id', 'school_subject_id', 'hours', 'position').orderBy(['planning_group_id', 'school_subject_id']),
    knex('planning_group_subscriptions').select('planning_group_id', 'student_registration_id').orderBy(['planning_group_id', 'student_registration_id']),
  ]);
  return { groups, lines, subscriptions };
}

const groupFields = `uuid name campus { uuid name } trainingGroup { uuid name shortName campus { uuid name } } parent { uuid name }
  schoolSubjectLines { uuid schoolSubject { uuid name shortName color } hours scheduled } subscriptionsCount`;

async function byCampus(client: ApiClient, campusList?: string[]) {
  const response = await client.graphql(`query PlanningGroupByCampus($campusList: [ID!]) { PlanningGroupByCampus(campusList: $campusList) { ${groupFields} } }`, { campusList });
  expect(response.json.errors, response.text).toBeUndefined();
  return response.json.data.PlanningGroupByCampus as any[];
}

/** A lesson of the group on a Paris weekday of the current session, far from today. */
async function lessonOf(groupId: string, subjectId: string, status: 'active' | 'locked' | 'cancelled' = 'active', hour = 9) {
  const day = ids.session.endDate.slice(0, 8) + '10';
  return insertLesson(app, {
    campusId: ids.paris, startAt: parisTime(day, `${String(hour).padStart(2, '0')}:00`), endAt: parisTime(day, `${String(hour + 1).padStart(2, '0')}:00`),
    planningGroupIds: [groupId], schoolSubjectId: subjectId, sessionId: ids.session.id, status,
  });
}

describe('planning groups: new, informations, list', () => {
  it('creates a group (French path), shows it, edits its informations (English path) and lists it, by REST and GraphQL', async () => {
    const client = await as('pedagogy');
    const name = tag('BTS SIO 1 ');
    const form = await client.get(`${apiFr}/nouveau`);
    expect(form.status, form.text).toBe(200);
    expect(form.json.options.campuses.map((c: { name: string }) => c.name)).toEqual(['Lyon', 'Paris']);
    expect(form.json.options.trainingGroups.map((g: { id: string }) => g.id)).toContain(parisTraining.id);

    const created = await client.post(`${apiFr}/nouveau`, { name, campus: ids.paris, trainingGroup: parisTraining.id, parent: null });
    expect(created.status, created.text).toBe(200);
    expect(created.json.message).toBe('Le groupe de planification a été créé.');
    const group = created.json.planningGroup;
    expect(group).toMatchObject({ name, campus: { id: ids.paris, name: 'Paris' }, trainingGroup: { id: parisTraining.id, shortName: parisTraining.shortName, campus: { name: 'Paris' } }, parent: null, schoolSubjectLines: [], subscriptionsCount: 0 });

    const child = (await client.post(`${api}/new`, { name: `${name} TP`, campus: ids.paris, parent: group.id })).json.planningGroup;
    expect(child.parent).toEqual({ id: group.id, uuid: group.id, name });

    const english = await as('pedagogy', 'en');
    const editForm = await english.get(`${api}/${child.id}/informations/edit`);
    expect(editForm.json.planningGroup.id).toBe(child.id);
    expect(editForm.json.options.parents.map((p: { id: string }) => p.id)).toContain(group.id);
    expect(editForm.json.options.parents.map((p: { id: string }) => p.id)).not.toContain(child.id);
    const edited = await english.post(`${api}/${child.id}/informations/edit`, { name: `${name} TP A`, campus: ids.paris, trainingGroup: parisTraining.id, parent: group.id });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json.message).toBe("The planning group's informations have been saved.");
    expect(edited.json.planningGroup).toMatchObject({ name: `${name} TP A`, trainingGroup: { id: parisTraining.id }, parent: { id: group.id } });

    const shown = await client.get(`${api}/${group.id}`);
    expect(shown.json.planningGroup.id).toBe(group.id);
    expect(shown.json.children).toEqual([{ id: child.id, uuid: child.id, name: `${name} TP A` }]);
    expect(shown.json.canUpdate).toBe(true);
    expect(shown.json.subjects.length).toBeGreaterThan(0);

    const listed = (await client.get(`${api}?campus=${ids.paris}`)).json.planningGroups;
    expect(listed.map((g: { id: string }) => g.id)).toEqual(expect.arrayContaining([group.id, child.id]));
    expect(listed.every((g: { campus: { id: string } }) => g.campus.id === ids.paris)).toBe(true);

    const graph = await byCampus(client, [ids.paris]);
    expect(graph.find((g) => g.uuid === child.id)).toEqual({
      uuid: child.id, name: `${name} TP A`, campus: { uuid: ids.paris, name: 'Paris' },
      trainingGroup: { uuid: parisTraining.id, name: expect.any(String), shortName: parisTraining.shortName, campus: { uuid: ids.paris, name: 'Paris' } },
      parent: { uuid: group.id, name }, schoolSubjectLines: [], subscriptionsCount: 0,
    });
    expect((await byCampus(client)).some((g) => g.campus.name === 'Lyon')).toBe(true);
  });

  it('keeps training group and parent on the campus, the parent above the group, and names unique per campus', async () => {
    const client = await as('pedagogy', 'en');
    const top = await makePlanningGroup(app, ids.paris, { name: tag('Top ') });
    const middle = await makePlanningGroup(app, ids.paris, { name: tag('Middle '), parentId: top });
    const lyonGroup = await makePlanningGroup(app, ids.lyon);
    const before = await snapshot();

    const wrongCampus = await client.post(`${api}/new`, { name: tag('G '), campus: ids.paris, trainingGroup: lyonTraining.id, parent: lyonGroup });
    expect(wrongCampus.status).toBe(422);
    expect(wrongCampus.json.errors).toEqual([
      { path: 'trainingGroup', message: "The training group must belong to the planning group's campus." },
      { path: 'parent', message: 'The parent group must belong to the same campus.' },
    ]);
    const cycle = await client.post(`${api}/${top}/informations/edit`, { name: 'Top', campus: ids.paris, parent: middle });
    expect(cycle.json.errors).toEqual([{ path: 'parent', message: 'The parent group can be neither the group itself nor one of its sub-groups.' }]);
    const self = await client.post(`${api}/${top}/informations/edit`, { name: 'Top', campus: ids.paris, parent: top });
    expect(self.json.errors).toEqual([{ path: 'parent', message: 'The parent group can be neither the group itself nor one of its sub-groups.' }]);
    const taken = (await app.core.db.knex('planning_groups').where('id', middle).first('name')).name as string;
    const french = await as('pedagogy');
    const duplicate = await french.post(`${api}/new`, { name: taken.toUpperCase(), campus: ids.paris });
    expect(duplicate.json.errors).toEqual([{ path: 'name', message: 'Un groupe de planification de ce campus porte déjà ce nom.' }]);
    // The campus of a group with sub-groups no longer changes.
    const moved = await french.post(`${api}/${top}/informations/edit`, { name: 'Top', campus: ids.lyon });
    expect(moved.json.errors).toEqual([{ path: 'campus', message: 'Le campus ne peut plus changer : des étudiants, des cours ou des sous-groupes sont liés à ce groupe.' }]);
    expect(await snapshot()).toEqual(before);
  });

  it('answers bad input with 422 and messages, writing nothing', async () => {
    const client = await as('pedagogy');
    const before = await snapshot();
    const unknownCampus = await client.post(`${api}/new`, { name: tag('G '), campus: crypto.randomUUID() });
    expect(unknownCampus.status).toBe(422);
    expect(unknownCampus.json.errors).toEqual([{ path: 'campus', message: "Ce campus n'existe pas." }]);
    const malformed = await client.post(`${api}/new`, { name: '', campus: 'paris', trainingGroup: 12, parent: 'x' });
    expect(malformed.status).toBe(422);
    expect(malformed.json.errors.map((e: { path: string }) => e.path)).toEqual(['name', 'campus', 'trainingGroup', 'parent']);
    const noCampus = await (await as('pedagogy', 'en')).post(`${api}/new`, { name: 'G' });
    expect(noCampus.json.errors).toEqual([{ path: 'campus', message: "Choose the group's campus." }]);
    const unknownTraining = await client.post(`${api}/new`, { name: tag('G '), campus: ids.paris, trainingGroup: crypto.randomUUID(), parent: crypto.randomUUID() });
    expect(unknownTraining.json.errors).toEqual([
      { path: 'trainingGroup', message: "Ce groupe de formation n'existe pas." },
      { path: 'parent', message: "Ce groupe de planification parent n'existe pas." },
    ]);
    for (const [method, path] of [['GET', `${api}/nope`], ['POST', `${api}/nope/informations/edit`], ['POST', `${api}/12/subject-lines`], ['POST', `${api}/x/subscriptions`], ['DELETE', `${api}/x`]] as const) {
      const response = await client.request(method, path, method === 'POST' ? {} : undefined);
      expect(response.status, path).toBe(422);
      expect(response.json.errors[0]).toMatchObject({ path: 'id', message: expect.stringContaining("n'est pas un UUID valide") });
    }
    const badFilter = await client.get(`${api}?campus=abc`);
    expect(badFilter.status).toBe(422);
    expect(badFilter.json.errors).toEqual([{ path: 'campus', message: "L'identifiant « abc » n'est pas un UUID valide." }]);
    const graph = await client.graphql('query { PlanningGroupByCampus(campusList: ["nope"]) { uuid } }');
    expect(graph.json.errors[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', violations: [{ path: 'campusList', message: "L'identifiant « nope » n'est pas un UUID valide." }] } });
    expect((await client.get(`${api}/${crypto.randomUUID()}`)).status).toBe(404);
    expect(await snapshot()).toEqual(before);
  });
});

describe('the table of school subjects with hours', () => {
  it('saves the whole table at once, replaces it, and marks scheduled subjects', async () => {
    const client = await as('pedagogy');
    const group = await makePlanningGroup(app, ids.paris);
    const saved = await client.post(`${api}/${group}/subject-lines`, { lines: [{ schoolSubject: MATH, hours: 60 }, { schoolSubject: CGE, hours: '12,5' }] });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.message).toBe('Le tableau des matières a été enregistré.');
    expect(saved.json.planningGroup.schoolSubjectLines.map((l: any) => [l.schoolSubject.id, l.hours, l.scheduled])).toEqual([[MATH, 60, false], [CGE, 12.5, false]]);

    await lessonOf(group, MATH);
    const replaced = await client.post(`${api}/${group}/subject-lines`, { lines: [{ schoolSubject: CEJM, hours: 30.25 }, { schoolSubject: MATH, hours: 55 }] });
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.json.planningGroup.schoolSubjectLines.map((l: any) => [l.schoolSubject.id, l.hours, l.scheduled])).toEqual([[CEJM, 30.25, false], [MATH, 55, true]]);
    const graph = (await byCampus(client, [ids.paris])).find((g) => g.uuid === group);
    expect(graph.schoolSubjectLines.map((l: any) => [l.schoolSubject.uuid, l.hours, l.scheduled])).toEqual([[CEJM, 30.25, false], [MATH, 55, true]]);
  });

  it('refuses to remove a scheduled subject (active or locked lessons), not one whose lessons are cancelled', async () => {
    const group = await makePlanningGroup(app, ids.paris, { lines: { [MATH]: 40, [CGE]: 20, [CEJM]: 10 } });
    await lessonOf(group, MATH, 'active', 9);
    await lessonOf(group, CGE, 'locked', 11);
    await lessonOf(group, CEJM, 'cancelled', 13);
    const before = await snapshot();
    const names = Object.fromEntries((await app.core.db.knex('school_subjects').whereIn('id', [MATH, CGE]).select('id', 'name')).map((s) => [s.id, s.name]));
    const fr = await (await as('pedagogy')).post(`${api}/${group}/subject-lines`, { lines: [] });
    expect(fr.status).toBe(422);
    expect(fr.json.errors).toEqual(expect.arrayContaining([
      { path: 'lines', message: `Une matière planifiée ne peut pas être supprimée : ${names[MATH]}.` },
      { path: 'lines', message: `Une matière planifiée ne peut pas être supprimée : ${names[CGE]}.` },
    ]));
    expect(fr.json.errors).toHaveLength(2);
    // Changing a line's subject removes the old one too.
    const en = await (await as('management', 'en')).post(`${api}/${group}/subject-lines`, { lines: [{ schoolSubject: CEJM, hours: 10 }, { schoolSubject: CGE, hours: 20 }] });
    expect(en.json.errors).toEqual([{ path: 'lines', message: `A scheduled subject cannot be removed: ${names[MATH]}.` }]);
    expect(await snapshot()).toEqual(before);
    const withoutCancelled = await (await as('pedagogy')).post(`${api}/${group}/subject-lines`, { lines: [{ schoolSubject: MATH, hours: 40 }, { schoolSubject: CGE, hours: 20 }] });
    expect(withoutCancelled.status, withoutCancelled.text).toBe(200);
  });

  it('checks every line (fr and en) and writes nothing when one is wrong', async () => {
    const group = await makePlanningGroup(app, ids.paris, { lines: { [MATH]: 40 } });
    const before = await snapshot();
    const lines = [
      { schoolSubject: CGE, hours: 0 }, { schoolSubject: MATH, hours: 1.234 }, { schoolSubject: null, hours: 3 },
      { schoolSubject: CGE, hours: -2 }, { schoolSubject: MATH, hours: '' }, { schoolSubject: 'abc', hours: 2 },
    ];
    const fr = await (await as('pedagogy')).post(`${api}/${group}/subject-lines`, { lines });
    expect(fr.status).toBe(422);
    expect(fr.json.errors).toEqual([
      { path: 'lines[0].hours', message: "Le nombre d'heures doit être supérieur à 0, avec au plus deux décimales." },
      { path: 'lines[1].hours', message: "Le nombre d'heures doit être supérieur à 0, avec au plus deux décimales." },
      { path: 'lines[2].schoolSubject', message: 'Une matière doit être sélectionnée.' },
      { path: 'lines[3].hours', message: "Le nombre d'heures doit être supérieur à 0, avec au plus deux décimales." },
      { path: 'lines[4].hours', message: "Le nombre d'heures est obligatoire." },
      { path: 'lines[5].schoolSubject', message: 'Une matière doit être sélectionnée.' },
      { path: 'lines[3].schoolSubject', message: "Une matière ne peut figurer qu'une fois dans le tableau." },
      { path: 'lines[4].schoolSubject', message: "Une matière ne peut figurer qu'une fois dans le tableau." },
    ]);
    const en = await (await as('pedagogy', 'en')).post(`${api}/${group}/subject-lines`, { lines: [{ hours: 3 }, { schoolSubject: CGE }, { schoolSubject: crypto.randomUUID(), hours: 2 }] });
    expect(en.json.errors).toEqual([
      { path: 'lines[0].schoolSubject', message: 'A subject must be selected.' },
      { path: 'lines[1].hours', message: 'Hours are required.' },
    ]);
    const unknown = await (await as('pedagogy', 'en')).post(`${api}/${group}/subject-lines`, { lines: [{ schoolSubject: MATH, hours: 3 }, { schoolSubject: crypto.randomUUID(), hours: 2 }] });
    expect(unknown.json.errors).toEqual([{ path: 'lines[1].schoolSubject', message: 'This subject does not exist.' }]);
    const notAList = await (await as('pedagogy', 'en')).post(`${api}/${group}/subject-lines`, { lines: 'all' });
    expect(notAList.status).toBe(422);
    expect(await snapshot()).toEqual(before);
  });
});

describe('student subscriptions', () => {
  it('offers the registrations of the training group, adds several at once and removes them', async () => {
    const client = await as('pedagogy');
    const group = await makePlanningGroup(app, ids.paris, { trainingGroupId: parisTraining.id });
    const first = await makeRegistration(app, parisTraining.id, tag('Aaa'));
    const second = await makeRegistration(app, parisTraining.id, tag('Bbb'));
    const elsewhere = await makeRegistration(app, otherParisTraining.id);

    const page = (await client.get(`${api}/${group}`)).json;
    const offered = page.availableRegistrations.map((r: { id: string }) => r.id);
    expect(offered).toEqual(expect.arrayContaining([first.id, second.id]));
    expect(offered).not.toContain(elsewhere.id);
    expect(page.availableRegistrations.find((r: { id: string }) => r.id === first.id)).toEqual({
      id: first.id, studentStatus: 'apprentice', student: { id: first.studentId, firstName: first.firstName, lastName: first.lastName },
      trainingGroup: { id: parisTraining.id, name: expect.any(String), shortName: parisTraining.shortName },
    });

    const before = await snapshot();
    const refused = await client.post(`${api}/${group}/subscriptions`, { registrations: [first.id, elsewhere.id] });
    expect(refused.status).toBe(422);
    expect(refused.json.errors).toEqual([{ path: 'registrations[1]', message: 'Cette inscription ne peut pas être ajoutée à ce groupe de planification.' }]);
    const empty = await (await as('pedagogy', 'en')).post(`${apiFr}/${group}/inscriptions`, { registrations: [] });
    expect(empty.json.errors).toEqual([{ path: 'registrations', message: 'Select at least one registration.' }]);
    const notIds = await client.post(`${api}/${group}/subscriptions`, { registrations: ['x'] });
    expect(notIds.status).toBe(422);
    expect(await snapshot()).toEqual(before);

    const added = await client.post(`${api}/${group}/subscriptions`, { registrations: [first.id, second.id] });
    expect(added.status, added.text).toBe(200);
    expect(added.json).toMatchObject({ added: 2, message: '2 étudiants ont été ajoutés au groupe.', planningGroup: { subscriptionsCount: 2 } });
    const again = await client.post(`${api}/${group}/subscriptions`, { registrations: [first.id] });
    expect(again.json.added).toBe(0);
    const shown = (await client.get(`${api}/${group}`)).json;
    expect(shown.subscriptions.map((s: any) => s.registration.id)).toEqual([first.id, second.id]);
    expect(shown.availableRegistrations.map((r: { id: string }) => r.id)).not.toContain(first.id);

    const removed = await client.request('DELETE', `${api}/${group}/subscriptions?registration=${first.id}`);
    expect(removed.status, removed.text).toBe(200);
    expect(removed.json).toMatchObject({ removed: 1, message: '1 étudiant a été retiré du groupe.', planningGroup: { subscriptionsCount: 1 } });
    const removedPost = await client.post(`${apiFr}/${group}/inscriptions/supprimer`, { registrations: [second.id] });
    expect(removedPost.json.removed).toBe(1);
    const left = await app.core.db.knex('planning_group_subscriptions').where('planning_group_id', group).count({ n: '*' }).first();
    expect(Number(left?.n)).toBe(0);
  });

  it('offers the registrations of the campus when the group follows no training group', async () => {
    const client = await as('pedagogy');
    const group = await makePlanningGroup(app, ids.paris);
    const paris = await makeRegistration(app, otherParisTraining.id);
    const lyon = await makeRegistration(app, lyonTraining.id);
    const offered = (await client.get(`${api}/${group}`)).json.availableRegistrations.map((r: { id: string }) => r.id);
    expect(offered).toContain(paris.id);
    expect(offered).not.toContain(lyon.id);
    expect((await client.post(`${api}/${group}/subscriptions`, { registrations: [paris.id] })).json.added).toBe(1);
    expect((await client.post(`${api}/${group}/subscriptions`, { registrations: [lyon.id] })).status).toBe(422);
  });
});

describe('deleting a planning group', () => {
  it('is refused while students are linked (the SPEC message), lessons use it or sub-groups depend on it', async () => {
    const group = await makePlanningGroup(app, ids.paris, { trainingGroupId: parisTraining.id });
    const registration = await makeRegistration(app, parisTraining.id);
    await app.core.db.knex('planning_group_subscriptions').insert({ planning_group_id: group, student_registration_id: registration.id });
    const before = await snapshot();
    const fr = await (await as('pedagogy')).request('DELETE', `${api}/${group}`);
    expect(fr.status).toBe(422);
    expect(fr.json.errors).toEqual([{ path: '', message: 'Des étudiants sont liés au groupe de planification.' }]);
    const en = await (await as('pedagogy', 'en')).post(`${apiFr}/${group}/supprimer`);
    expect(en.json.errors).toEqual([{ path: '', message: 'Impossible to delete: students linked to the planning group.' }]);

    const withLesson = await makePlanningGroup(app, ids.paris);
    await lessonOf(withLesson, MATH, 'cancelled');
    const lessons = await (await as('pedagogy')).request('DELETE', `${api}/${withLesson}`);
    expect(lessons.json.errors).toEqual([{ path: '', message: 'Des cours sont planifiés pour ce groupe de planification : impossible de le supprimer.' }]);

    const parent = await makePlanningGroup(app, ids.paris);
    await makePlanningGroup(app, ids.paris, { parentId: parent });
    const children = await (await as('pedagogy', 'en')).request('DELETE', `${api}/${parent}`);
    expect(children.json.errors).toEqual([{ path: '', message: 'Sub-groups depend on this planning group: impossible to delete it.' }]);
    expect((await snapshot()).groups).toHaveLength(before.groups.length + 3);
  });

  it('deletes an unused group with its table', async () => {
    const client = await as('pedagogy');
    const group = await makePlanningGroup(app, ids.paris, { lines: { [MATH]: 12 } });
    const deleted = await client.request('DELETE', `${api}/${group}`);
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.json).toEqual({ deleted: group, message: 'Le groupe de planification a été supprimé.' });
    expect((await client.get(`${api}/${group}`)).status).toBe(404);
    expect(await app.core.db.knex('planning_group_subject_lines').where('planning_group_id', group).first()).toBeUndefined();
  });
});

describe('campus scoping and read-only', () => {
  it('shows a Paris actor nothing of Lyon and lets it change nothing there', async () => {
    const lyonGroup = await makePlanningGroup(app, ids.lyon);
    const own = await makePlanningGroup(app, ids.paris);
    const isd = await as('isd');
    const before = await snapshot();
    expect((await byCampus(isd)).every((g) => g.campus.uuid === ids.paris)).toBe(true);
    expect(await byCampus(isd, [ids.lyon])).toEqual([]);
    expect((await isd.get(`${api}?campus=${ids.lyon}`)).json.planningGroups).toEqual([]);
    expect((await isd.get(`${api}/new`)).json.options.campuses.map((c: { name: string }) => c.name)).toEqual(['Paris']);
    expectAccessDenied(await isd.get(`${api}/${lyonGroup}`));
    expectAccessDenied(await isd.get(`${api}/${lyonGroup}/informations/edit`));
    expectAccessDenied(await isd.post(`${api}/${lyonGroup}/informations/edit`, { name: 'Mine', campus: ids.paris }));
    expectAccessDenied(await isd.post(`${api}/new`, { name: tag('G '), campus: ids.lyon }));
    // Moving its own group to Lyon is changing Lyon too.
    expectAccessDenied(await isd.post(`${api}/${own}/informations/edit`, { name: 'Own', campus: ids.lyon }));
    expectAccessDenied(await isd.post(`${api}/${lyonGroup}/subject-lines`, { lines: [] }));
    expectAccessDenied(await isd.post(`${api}/${lyonGroup}/subscriptions`, { registrations: [crypto.randomUUID()] }));
    expectAccessDenied(await isd.request('DELETE', `${api}/${lyonGroup}`));
    expect(await snapshot()).toEqual(before);
  });

  it('lets read-only read groups and change none; denies a teacher', async () => {
    const group = await makePlanningGroup(app, ids.paris);
    const readOnly = await as('read-only');
    expect((await byCampus(readOnly)).some((g) => g.uuid === group)).toBe(true);
    const page = await readOnly.get(`${api}/${group}`);
    expect(page.status).toBe(200);
    expect(page.json.canUpdate).toBe(false);
    const before = await snapshot();
    expectAccessDenied(await readOnly.get(`${api}/new`));
    expectAccessDenied(await readOnly.post(`${api}/new`, { name: tag('G '), campus: ids.paris }));
    expectAccessDenied(await readOnly.post(`${api}/${group}/informations/edit`, { name: 'RO', campus: ids.paris }));
    expectAccessDenied(await readOnly.post(`${api}/${group}/subject-lines`, { lines: [{ schoolSubject: MATH, hours: 3 }] }));
    expectAccessDenied(await readOnly.post(`${api}/${group}/subscriptions`, { registrations: [crypto.randomUUID()] }));
    expectAccessDenied(await readOnly.request('DELETE', `${api}/${group}`));
    expect(await snapshot()).toEqual(before);
    const teacher = await as('teacher');
    expectAccessDenied(await teacher.get(`${api}/${group}`));
    expectAccessDenied(await teacher.get(api));
    expectAccessDenied(await teacher.graphql('query { PlanningGroupByCampus { uuid } }'));
  });
});
