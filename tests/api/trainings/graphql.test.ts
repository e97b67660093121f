import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, startTestApp, type TestApp, reasonOf } from '../../support/app.js';
import { todayIn } from '@alterna/trainings/validation';
import { as, createTraining, demoIds, expectAccessDenied } from './support.js';

let app: TestApp;
let ids: Awaited<ReturnType<typeof demoIds>>;
beforeAll(async () => {
  app = await startTestApp();
  ids = await demoIds(app);
});
afterAll(() => app.close());

const seeded = ['MCO', 'NTC', 'RDC', 'SIO'];
const onlySeeded = (list: { shortName: string }[]) => list.map((t) => t.shortName).filter((s) => seeded.includes(s));
const isSorted = (values: string[]) => values.every((v, i) => i === 0 || values[i - 1]! <= v);

const byCampus = 'query($campusId: ID!) { getTrainingsPublishedByCampus(campusId: $campusId) { uuid name shortName isPublished campuses { uuid name } } }';
const byCampusList = 'query($campusList: [ID!]!) { getTrainingsPublishedByCampusList(campusList: $campusList) { uuid shortName isPublished campuses { name } } }';
const groupsByTraining = 'query($c: ID!, $t: ID!, $s: ID!) { getTrainingGroupByTraining(campusId: $c, trainingId: $t, trainingSessionId: $s) { uuid shortName campus { name } trainingSession { uuid } variant { name } } }';
const groupsCurrent = 'query($t: [ID!]!, $c: [ID!]!) { getTrainingGroupByTrainingListByCampusListByCurrentSession(trainingList: $t, campusList: $c) { shortName campus { uuid } trainingSession { uuid isCurrent } training { shortName } } }';
const plansByTraining = 'query($id: ID!) { getTrainingPlansByTraining(trainingId: $id) { uuid trainingSession { uuid name isCurrent } baseLocked certifierBase { name } variants { uuid name groupCount blocks { name schoolSubjectLines { hours schoolSubject { shortName } } } } } }';
const userSession = 'query GetUserTrainingSession { GetUserTrainingSession { uuid name startDate endDate isCurrent } }';

describe('getTrainingsPublishedByCampus / ...ByCampusList', () => {
  it('lists the published trainings of a campus, by short name ascending', async () => {
    const client = await as(app, 'pedagogy');
    const paris = (await client.graphql(byCampus, { campusId: ids.paris })).json.data.getTrainingsPublishedByCampus;
    expect(onlySeeded(paris)).toEqual(['MCO', 'RDC', 'SIO']);
    expect(isSorted(paris.map((t: { shortName: string }) => t.shortName))).toBe(true);
    expect(paris.every((t: { isPublished: boolean }) => t.isPublished)).toBe(true);
    const lyon = (await client.graphql(byCampus, { campusId: ids.lyon })).json.data.getTrainingsPublishedByCampus;
    // NTC is offered in Lyon but not published.
    expect(onlySeeded(lyon)).toEqual(['MCO', 'SIO']);
  });

  it('orders what a new training adds among the others, and leaves unpublished ones out', async () => {
    const client = await as(app, 'pedagogy');
    await createTraining(client, [ids.lyon], { shortName: 'AAA1', isPublished: true });
    await createTraining(client, [ids.lyon], { shortName: 'ZZZ1', isPublished: false });
    const list = (await client.graphql(byCampusList, { campusList: [ids.lyon] })).json.data.getTrainingsPublishedByCampusList;
    const names = list.map((t: { shortName: string }) => t.shortName);
    expect(names[0]).toBe('AAA1');
    expect(names).not.toContain('ZZZ1');
    expect(isSorted(names)).toBe(true);
  });

  it('shows an actor of Paris nothing of Lyon', async () => {
    const isd = await as(app, 'isd');
    const list = (await isd.graphql(byCampusList, { campusList: [ids.paris, ids.lyon] })).json.data.getTrainingsPublishedByCampusList;
    expect(onlySeeded(list)).toEqual(['MCO', 'RDC', 'SIO']);
    expect(new Set(list.flatMap((t: { campuses: { name: string }[] }) => t.campuses.map((c) => c.name)))).toEqual(new Set(['Paris']));
    expect((await isd.graphql(byCampusList, { campusList: [ids.lyon] })).json.data.getTrainingsPublishedByCampusList).toEqual([]);
    expectAccessDenied(await isd.graphql(byCampus, { campusId: ids.lyon }));
  });

  it('denies a teacher and asks anyone else to log in', async () => {
    const teacher = await as(app, 'teacher');
    expectAccessDenied(await teacher.graphql(byCampus, { campusId: ids.paris }));
    expectAccessDenied(await teacher.graphql(byCampusList, { campusList: [ids.paris] }));
    const anonymous = await new ApiClient(app.baseUrl).graphql(byCampus, { campusId: ids.paris });
    expect(reasonOf(anonymous.json.errors[0])).toBe('User is not logged in');
  });

  it('answers a non-UUID campus with a violation', async () => {
    const client = await as(app, 'pedagogy', 'en');
    const response = await client.graphql(byCampusList, { campusList: [ids.paris, 'paris'] });
    expect(response.json.errors[0].extensions).toEqual({ code: 'BAD_USER_INPUT', violations: [{ path: 'campusList', message: 'The id "paris" is not a valid UUID.' }] });
  });
});

describe('training groups by training', () => {
  it('gives the groups of a campus, training and session', async () => {
    const client = await as(app, 'pedagogy');
    const current = (await client.graphql(groupsByTraining, { c: ids.paris, t: ids.trainings.MCO, s: ids.currentSession })).json.data.getTrainingGroupByTraining;
    expect(current).toEqual([{ uuid: expect.any(String), shortName: 'MCO1-PAR', campus: { name: 'Paris' }, trainingSession: { uuid: ids.currentSession }, variant: { name: 'Parcours alternance' } }]);
    const previous = (await client.graphql(groupsByTraining, { c: ids.paris, t: ids.trainings.MCO, s: ids.previousSession })).json.data.getTrainingGroupByTraining;
    expect(previous.map((g: { trainingSession: { uuid: string } }) => g.trainingSession.uuid)).toEqual([ids.previousSession]);
    expect(previous[0].uuid).not.toBe(current[0].uuid);
  });

  it('refuses a campus that is not the actor\'s', async () => {
    const lyonManager = await as(app, 'campus-manager');
    expectAccessDenied(await lyonManager.graphql(groupsByTraining, { c: ids.paris, t: ids.trainings.MCO, s: ids.currentSession }));
  });

  it('keeps only the current session for lists of trainings and campuses', async () => {
    const client = await as(app, 'pedagogy');
    const list = (await client.graphql(groupsCurrent, { t: [ids.trainings.MCO, ids.trainings.SIO], c: [ids.paris, ids.lyon] })).json.data
      .getTrainingGroupByTrainingListByCampusListByCurrentSession;
    // Other test files add groups to the same seeded trainings: compare the seeded ones only.
    const seededGroups = (groups: { shortName: string }[]) => groups.map((g) => g.shortName).filter((name) => !/-\d+$/.test(name)).sort();
    expect(seededGroups(list)).toEqual(['MCO1-LYO', 'MCO1-PAR', 'SIO1-SISR-LYO', 'SIO1-SLAM-PAR']);
    expect(list.every((g: { trainingSession: { uuid: string; isCurrent: boolean } }) => g.trainingSession.uuid === ids.currentSession && g.trainingSession.isCurrent)).toBe(true);
    const isd = await as(app, 'isd');
    const parisOnly = (await isd.graphql(groupsCurrent, { t: [ids.trainings.MCO, ids.trainings.SIO], c: [ids.paris, ids.lyon] })).json.data
      .getTrainingGroupByTrainingListByCampusListByCurrentSession;
    expect(seededGroups(parisOnly)).toEqual(['MCO1-PAR', 'SIO1-SLAM-PAR']);
    expect(parisOnly.every((g: { campus: { uuid: string } }) => g.campus.uuid === ids.paris)).toBe(true);
    expect((await isd.graphql(groupsCurrent, { t: [ids.trainings.MCO], c: [ids.lyon] })).json.data.getTrainingGroupByTrainingListByCampusListByCurrentSession).toEqual([]);
  });
});

describe('getTrainingPlansByTraining', () => {
  it('gives the plan of the current session with its variants by name ascending', async () => {
    const client = await as(app, 'pedagogy');
    const plans = (await client.graphql(plansByTraining, { id: ids.trainings.SIO })).json.data.getTrainingPlansByTraining;
    expect(plans).toHaveLength(1);
    expect(plans[0].trainingSession).toEqual({ uuid: ids.currentSession, name: ids.currentSessionName, isCurrent: true });
    expect(plans[0].variants.map((v: { name: string }) => v.name)).toEqual(['SISR', 'SLAM']);
    expect(plans[0].baseLocked).toBe(true);
    const slam = plans[0].variants[1];
    // The seeded SLAM group, plus those other test files may have added.
    expect(slam.groupCount).toBeGreaterThanOrEqual(1);
    expect(slam.blocks.flatMap((b: any) => b.schoolSubjectLines.map((l: any) => l.schoolSubject.shortName))).toContain('CDA');
  });

  it('orders variants by name whatever their creation order', async () => {
    const client = await as(app, 'pedagogy');
    const trainingId = await createTraining(client, [ids.paris]);
    for (const name of ['Zeta', 'Alpha', 'Mid']) {
      const response = await client.post(`/api/training-center/trainings/${trainingId}/variants`, { trainingSessionId: ids.currentSession, name, mode: 'create' });
      expect(response.status, response.text).toBe(200);
    }
    // A variant of the previous session is not the current plan's.
    await client.post(`/api/training-center/trainings/${trainingId}/variants`, { trainingSessionId: ids.previousSession, name: 'Old', mode: 'create' });
    const plans = (await client.graphql(plansByTraining, { id: trainingId })).json.data.getTrainingPlansByTraining;
    expect(plans.map((p: { trainingSession: { uuid: string } }) => p.trainingSession.uuid)).toEqual([ids.currentSession]);
    expect(plans[0].variants.map((v: { name: string }) => v.name)).toEqual(['Alpha', 'Mid', 'Zeta']);
  });

  it('shows a Lyon actor nothing of a Paris-only training', async () => {
    const lyonManager = await as(app, 'campus-manager');
    expectAccessDenied(await lyonManager.graphql(plansByTraining, { id: ids.trainings.RDC }));
    const teacher = await as(app, 'teacher');
    expectAccessDenied(await teacher.graphql(plansByTraining, { id: ids.trainings.MCO }));
  });
});

describe('GetUserTrainingSession', () => {
  it('gives the session containing today to anyone logged in', async () => {
    for (const typology of ['pedagogy', 'teacher']) {
      const client = await as(app, typology);
      const session = (await client.graphql(userSession)).json.data.GetUserTrainingSession;
      expect(session).toMatchObject({ uuid: ids.currentSession, name: ids.currentSessionName, isCurrent: true });
      const today = todayIn();
      expect(session.startDate <= today && today <= session.endDate).toBe(true);
    }
    expect(reasonOf((await new ApiClient(app.baseUrl).graphql(userSession)).json.errors[0])).toBe('User is not logged in');
  });
});
