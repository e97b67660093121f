import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type ApiClient, type TestApp, reasonOf } from '../../support/app.js';
import { makePlanningGroup, planningDemo } from '../../support/planning/fixtures.js';
import { countRows, loggedAs, makeTrainingGroup } from '../../support/planning/resources.js';

let app: TestApp;
let paris: string;
let lyon: string;
let session: { id: string; startDate: string; endDate: string };
let group: string;
let groupShortName: string;
let lyonGroup: string;
let planningGroup: string;
let subGroup: string;
let pedagogy: ApiClient;
let pedagogyFr: ApiClient;

/** A day of the current session, `days` after its start. */
const sessionDay = (days: number) => {
  const day = new Date(`${session.startDate}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
};

const list = (client: ApiClient, id: string) => client.get(`/api/planning/work-studies?trainingGroup=${id}`);
const create = (client: ApiClient, body: unknown) => client.post('/api/planning/work-studies', body);
const edit = (client: ApiClient, id: string, body: unknown) => client.post(`/api/planning/work-studies/${id}/edit`, body);
const remove = (client: ApiClient, id: string) => client.post(`/api/planning/work-studies/${id}/delete`);

const byPlanningGroups = 'query($planningGroupList: [ID!]!) { ScheduleTrainingGroupWorkStudies(planningGroupList: $planningGroupList) { uuid startDate endDate type trainingGroup { uuid name shortName } } }';
const noTraining = 'query($trainingGroupId: ID!) { ScheduleTrainingGroupWorkStudiesByTrainingGroupNoTraining(trainingGroupId: $trainingGroupId) { uuid startDate endDate type } }';

beforeAll(async () => {
  app = await startTestApp();
  const ids = await planningDemo(app);
  ({ paris, lyon, session } = ids);
  // The group runs from the 10th to the 300th day of the session.
  group = await makeTrainingGroup(app, paris, { startDate: sessionDay(10), endDate: sessionDay(300) }, session.id);
  groupShortName = (await app.core.db.knex('training_groups').where({ id: group }).first('short_name')).short_name;
  lyonGroup = await makeTrainingGroup(app, lyon, { startDate: sessionDay(10), endDate: sessionDay(300) }, session.id);
  planningGroup = await makePlanningGroup(app, paris, { trainingGroupId: group });
  subGroup = await makePlanningGroup(app, paris, { parentId: planningGroup });
  pedagogy = await loggedAs(app, 'pedagogy', 'en');
  pedagogyFr = await loggedAs(app, 'pedagogy', 'fr');
});

afterAll(async () => {
  await app?.close();
});

describe('work-study periods', () => {
  it('lists the training groups of the current session on the user’s campuses', async () => {
    const groups = (await pedagogy.get('/api/planning/work-studies/training-groups')).json.trainingGroups;
    expect(groups).toEqual(expect.arrayContaining([
      { id: group, name: expect.any(String), shortName: groupShortName, startDate: sessionDay(10), endDate: sessionDay(300), campus: { id: paris, name: 'Paris' }, canUpdate: true },
      expect.objectContaining({ id: lyonGroup, campus: { id: lyon, name: 'Lyon' } }),
    ]));
    const manager = await loggedAs(app, 'campus-manager');
    const lyonOnly = (await manager.get('/api/planification/periodes-alternance/groupes-de-formation')).json.trainingGroups;
    expect(lyonOnly.some((g: { id: string }) => g.id === lyonGroup)).toBe(true);
    expect(lyonOnly.every((g: { campus: { id: string } }) => g.campus.id === lyon)).toBe(true);
  });

  it('adds, edits and deletes periods; periods of a group never overlap, naming the other', async () => {
    const company = await create(pedagogy, { trainingGroup: group, startDate: sessionDay(20), endDate: sessionDay(34), type: 'Entreprise' });
    expect(company.status).toBe(200);
    expect(company.json).toMatchObject({
      message: 'The work-study period has been added.',
      workStudy: { trainingGroupId: group, startDate: sessionDay(20), endDate: sessionDay(34), type: 'Entreprise', trainingGroup: { id: group, shortName: groupShortName } },
    });
    const training = await create(pedagogy, { trainingGroup: group, startDate: sessionDay(35), endDate: sessionDay(48), type: 'Formation' });
    expect(training.status).toBe(200);

    const overlap = await create(pedagogy, { trainingGroup: group, startDate: sessionDay(30), endDate: sessionDay(40), type: 'Formation' });
    expect(overlap.status).toBe(422);
    expect(overlap.json.errors).toEqual([{ path: '', message: `This period overlaps the company period from ${sessionDay(20)} to ${sessionDay(34)} of the group.` }]);
    const fr = await create(pedagogyFr, { trainingGroup: group, startDate: sessionDay(48), endDate: sessionDay(50), type: 'Entreprise' });
    expect(fr.json.errors).toEqual([{ path: '', message: `Cette période chevauche la période formation du ${sessionDay(35)} au ${sessionDay(48)} du groupe.` }]);
    // Another group's periods are its own business.
    expect((await create(pedagogy, { trainingGroup: lyonGroup, startDate: sessionDay(30), endDate: sessionDay(40), type: 'Entreprise' })).status).toBe(200);

    const listed = (await list(pedagogy, group)).json;
    expect(listed).toMatchObject({ trainingGroup: { id: group, shortName: groupShortName, startDate: sessionDay(10), endDate: sessionDay(300) }, canUpdate: true });
    expect(listed.periods.map((p: { type: string }) => p.type)).toEqual(['Entreprise', 'Formation']);

    const id = company.json.workStudy.id;
    // Editing a period over itself is fine; over its neighbour it is not.
    expect((await edit(pedagogy, id, { startDate: sessionDay(18), endDate: sessionDay(34), type: 'Entreprise' })).status).toBe(200);
    const moved = await edit(pedagogy, id, { startDate: sessionDay(18), endDate: sessionDay(36), type: 'Entreprise' });
    expect(moved.json.errors[0].message).toBe(`This period overlaps the training period from ${sessionDay(35)} to ${sessionDay(48)} of the group.`);
    expect((await remove(pedagogy, training.json.workStudy.id)).json.message).toBe('The work-study period has been deleted.');
    expect(await countRows(app, 'training_group_work_studies', { training_group_id: group })).toBe(1);
  });

  it('keeps periods inside the group’s dates and refuses bad input, writing nothing', async () => {
    const before = await countRows(app, 'training_group_work_studies', { training_group_id: group });
    const bad = async (response: Promise<{ status: number; json: any }>) => {
      const answer = await response;
      expect(answer.status).toBe(422);
      return answer.json.errors;
    };
    const outside = `The period must lie within the dates of the group ${groupShortName} (${sessionDay(10)} to ${sessionDay(300)}).`;
    expect(await bad(create(pedagogy, { trainingGroup: group, startDate: sessionDay(5), endDate: sessionDay(12), type: 'Entreprise' }))).toEqual([{ path: 'startDate', message: outside }]);
    expect(await bad(create(pedagogy, { trainingGroup: group, startDate: sessionDay(295), endDate: sessionDay(305), type: 'Entreprise' }))).toEqual([{ path: 'endDate', message: outside }]);
    expect(await bad(create(pedagogy, { trainingGroup: group, startDate: sessionDay(60), endDate: sessionDay(55), type: 'Vacances' }))).toEqual([
      { path: 'endDate', message: 'The end date must not be before the start date.' },
      { path: 'type', message: 'The type must be Entreprise (company) or Formation (training).' },
    ]);
    expect(await bad(create(pedagogy, { trainingGroup: 'BTS', startDate: '2031-02-30', endDate: sessionDay(55), type: 'Entreprise' }))).toEqual([
      { path: 'trainingGroup', message: 'This value is not a valid UUID.' },
      { path: 'startDate', message: 'This value is not a valid date.' },
    ]);
    expect(await bad(list(pedagogy, 'BTS'))).toEqual([{ path: 'trainingGroup', message: 'The id "BTS" is not a valid UUID.' }]);
    expect(await bad(edit(pedagogy, 'x', {}))).toEqual([{ path: 'id', message: 'The id "x" is not a valid UUID.' }]);
    expect((await create(pedagogy, { trainingGroup: crypto.randomUUID(), startDate: sessionDay(60), endDate: sessionDay(65), type: 'Entreprise' })).status).toBe(404);
    expect((await remove(pedagogy, crypto.randomUUID())).status).toBe(404);
    const fr = await create(pedagogyFr, { trainingGroup: group, startDate: sessionDay(5), endDate: sessionDay(12), type: 'Entreprise' });
    expect(fr.json.errors[0].message).toBe(`La période doit être comprise dans les dates du groupe ${groupShortName} (${sessionDay(10)} au ${sessionDay(300)}).`);
    expect(await countRows(app, 'training_group_work_studies', { training_group_id: group })).toBe(before);
  });

  it('keeps campuses apart; read-only reads but changes nothing', async () => {
    const period = (await list(pedagogy, group)).json.periods[0];
    const manager = await loggedAs(app, 'campus-manager');
    expect((await list(manager, group)).status).toBe(403);
    expect((await create(manager, { trainingGroup: group, startDate: sessionDay(100), endDate: sessionDay(110), type: 'Entreprise' })).status).toBe(403);
    expect((await edit(manager, period.id, { startDate: sessionDay(100), endDate: sessionDay(110), type: 'Entreprise' })).status).toBe(403);
    expect((await remove(manager, period.id)).status).toBe(403);
    const readOnly = await loggedAs(app, 'read-only');
    const seen = await list(readOnly, group);
    expect(seen.json.canUpdate).toBe(false);
    expect((await remove(readOnly, period.id)).status).toBe(403);
    expect((await create(readOnly, { trainingGroup: group, startDate: sessionDay(100), endDate: sessionDay(110), type: 'Entreprise' })).status).toBe(403);
    expect(await countRows(app, 'training_group_work_studies', { id: period.id })).toBe(1);
  });
});

describe('work-study GraphQL reads', () => {
  it('ScheduleTrainingGroupWorkStudies gives the periods of the planning groups’ training groups (a sub-group follows its parent)', async () => {
    await create(pedagogy, { trainingGroup: group, startDate: sessionDay(120), endDate: sessionDay(130), type: 'Formation' });
    const periods = (await pedagogy.graphql(byPlanningGroups, { planningGroupList: [planningGroup] })).json.data.ScheduleTrainingGroupWorkStudies;
    expect(periods.length).toBeGreaterThanOrEqual(2);
    expect(periods.every((p: any) => p.trainingGroup.uuid === group && p.trainingGroup.shortName === groupShortName)).toBe(true);
    expect(periods.map((p: { type: string }) => p.type)).toEqual(expect.arrayContaining(['Entreprise', 'Formation']));
    const fromSub = (await pedagogy.graphql(byPlanningGroups, { planningGroupList: [subGroup] })).json.data.ScheduleTrainingGroupWorkStudies;
    expect(fromSub.map((p: { uuid: string }) => p.uuid).sort()).toEqual(periods.map((p: { uuid: string }) => p.uuid).sort());
    // Another campus's planning groups give nothing to a Lyon-only manager.
    const manager = await loggedAs(app, 'campus-manager');
    expect((await manager.graphql(byPlanningGroups, { planningGroupList: [planningGroup] })).json.data.ScheduleTrainingGroupWorkStudies).toEqual([]);
  });

  it('…ByTrainingGroupNoTraining gives only the company periods; bad ids and other campuses are refused', async () => {
    const company = (await pedagogy.graphql(noTraining, { trainingGroupId: group })).json.data.ScheduleTrainingGroupWorkStudiesByTrainingGroupNoTraining;
    expect(company.length).toBeGreaterThanOrEqual(1);
    expect(company.every((p: { type: string }) => p.type === 'Entreprise')).toBe(true);

    const bad = (await pedagogy.graphql(noTraining, { trainingGroupId: 'nope' })).json.errors[0];
    expect(bad.extensions).toMatchObject({ code: 'BAD_USER_INPUT', violations: [{ path: 'trainingGroupId', message: 'The id "nope" is not a valid UUID.' }] });
    const badList = (await pedagogy.graphql(byPlanningGroups, { planningGroupList: [planningGroup, '12'] })).json.errors[0];
    expect(badList.extensions.violations).toEqual([{ path: 'planningGroupList', message: 'The id "12" is not a valid UUID.' }]);
    const manager = await loggedAs(app, 'campus-manager');
    expect(reasonOf((await manager.graphql(noTraining, { trainingGroupId: group })).json.errors[0])).toBe('Access Denied.');
    const teacher = await loggedAs(app, 'teacher');
    expect(reasonOf((await teacher.graphql(byPlanningGroups, { planningGroupList: [planningGroup] })).json.errors[0])).toBe('Access Denied.');
  });
});
