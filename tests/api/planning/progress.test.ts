import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, demo as demoLogin, startTestApp, type TestApp, reasonOf } from '../../support/app.js';
import { insertLesson, makePerson, makePlanningGroup, planningDemo } from '../../support/planning/fixtures.js';
import { makeContract, slotOn, workingDays } from '../../support/planning/lessons.js';

let app: TestApp;
let demo: Awaited<ReturnType<typeof planningDemo>>;
let days: string[];
beforeAll(async () => {
  app = await startTestApp();
  demo = await planningDemo(app);
  days = await workingDays(app, demo.paris, 6, 30);
});
afterAll(() => app.close());

async function as(typology: string, language = 'fr') {
  const client = new ApiClient(app.baseUrl, language);
  await client.login(demoLogin(typology));
  return client;
}

const PROGRESS = `query($t: [ID!], $g: [ID!]) { PlanningProgress(teacherIdList: $t, planningGroupIdList: $g) {
  planningGroups { planningGroup { uuid name } lines { schoolSubject { uuid shortName } targetHours plannedHours } }
  teachers { teacher { uuid lastName } lines { schoolSubject { shortName } targetHours plannedHours } } } }`;
const lines = (list: { schoolSubject: { shortName: string }; targetHours: number; plannedHours: number }[]) => list.map((l) => [l.schoolSubject.shortName, l.targetHours, l.plannedHours]);

describe('PlanningProgress', () => {
  it('planned hours of active and locked lessons of the current session, against the group\'s and the teacher contracts\' subject lines', async () => {
    const { subjects, session } = demo;
    const previous = await app.core.db.knex('training_sessions').where('end_date', '<', session.startDate).first('id');
    const group = await makePlanningGroup(app, demo.paris, { lines: { [subjects.ANG!]: 20, [subjects.CGE!]: 10.5 } });
    const empty = await makePlanningGroup(app, demo.paris);
    const teacher = await makePerson(app, [demo.paris, demo.lyon]);
    await makeContract(app, teacher, demo.paris, session, { [subjects.ANG!]: 30 });
    await makeContract(app, teacher, demo.lyon, session, { [subjects.CGE!]: 8 });
    await makeContract(app, teacher, demo.paris, session, { [subjects.MATH!]: 99 }, 'cancelled');
    const lesson = (day: string, from: string, to: string, subject: string, over: Record<string, unknown> = {}) =>
      insertLesson(app, { campusId: demo.paris, ...slotOn(day, from, to), planningGroupIds: [group], teacherIds: [teacher], schoolSubjectId: subject, sessionId: session.id, ...over });
    await lesson(days[0]!, '09:00', '11:00', subjects.ANG!);
    await lesson(days[1]!, '09:00', '12:00', subjects.ANG!, { status: 'locked' });
    await lesson(days[2]!, '09:00', '10:00', subjects.ANG!, { status: 'cancelled' });
    await lesson(days[3]!, '13:30', '15:00', subjects.MATH!);
    // A lesson of the previous session does not count.
    await lesson(days[4]!, '09:00', '17:00', subjects.ANG!, { sessionId: previous.id });

    const pedagogy = await (await as('pedagogy')).graphql(PROGRESS, { t: [teacher], g: [group, empty] });
    expect(pedagogy.json.errors).toBeUndefined();
    const progress = pedagogy.json.data.PlanningProgress;
    const byGroup = Object.fromEntries(progress.planningGroups.map((g: any) => [g.planningGroup.uuid, lines(g.lines)]));
    expect(byGroup[group]).toEqual([['ANG', 20, 5], ['CGE', 10.5, 0], ['MATH', 0, 1.5]]);
    expect(byGroup[empty]).toEqual([]);
    expect(progress.teachers).toHaveLength(1);
    expect(lines(progress.teachers[0].lines)).toEqual([['ANG', 30, 5], ['CGE', 8, 0], ['MATH', 0, 1.5]]);

    // isd holds Paris only: the Lyon contract is not counted.
    const isd = (await (await as('isd')).graphql(PROGRESS, { t: [teacher], g: [group] })).json.data.PlanningProgress;
    expect(lines(isd.teachers[0].lines)).toEqual([['ANG', 30, 5], ['MATH', 0, 1.5]]);
    // A Lyon user does not see the Paris group.
    const lyon = (await (await as('campus-manager')).graphql(PROGRESS, { t: [], g: [group] })).json.data.PlanningProgress;
    expect(lyon).toEqual({ planningGroups: [], teachers: [] });
    const student = await (await as('student')).graphql(PROGRESS, { g: [group] });
    expect(reasonOf(student.json.errors[0])).toBe('Access Denied.');
  });
});
