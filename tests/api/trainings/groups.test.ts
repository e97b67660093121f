import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.js';
import { as, createTraining, demoIds, expectAccessDenied, unique } from './support.js';

let app: TestApp;
let ids: Awaited<ReturnType<typeof demoIds>>;
let slamCurrent: string;
let sisrCurrent: string;
let sessionDates: { startDate: string; endDate: string };
beforeAll(async () => {
  app = await startTestApp();
  ids = await demoIds(app);
  const client = await as(app, 'pedagogy');
  const plan = (await client.get(`/api/training-center/trainings/${ids.trainings.SIO}/training-plan`)).json;
  slamCurrent = plan.plan.variants.find((v: { name: string }) => v.name === 'SLAM').id;
  sisrCurrent = plan.plan.variants.find((v: { name: string }) => v.name === 'SISR').id;
  sessionDates = { startDate: plan.trainingSession.startDate, endDate: plan.trainingSession.endDate };
});
afterAll(() => app.close());

const group = (overrides: Record<string, unknown> = {}) => ({
  name: 'BTS SIO 2e année SLAM', shortName: unique('SIO2-'), startDate: sessionDates.startDate, endDate: sessionDates.endDate,
  campusId: ids.paris, trainingSessionId: ids.currentSession, trainingId: ids.trainings.SIO, variantId: slamCurrent, ...overrides,
});

describe('training groups routes', () => {
  it('creates, shows and edits a group, in both languages\' paths', async () => {
    const client = await as(app, 'isd', 'en');
    const created = await client.post('/api/training-center/groups', group());
    expect(created.status, created.text).toBe(200);
    expect(created.json.message).toBe('The training group has been created.');
    const id = created.json.trainingGroup.id;
    expect(created.json.trainingGroup).toMatchObject({ campus: { name: 'Paris' }, training: { shortName: 'SIO' }, variant: { name: 'SLAM' }, trainingSession: { id: ids.currentSession } });
    const shown = await client.get(`/api/centre-de-formation/groupes/${id}`);
    expect(shown.json.trainingGroup.id).toBe(id);
    const edited = await client.post(`/api/training-center/groups/${id}/edit`, group({ name: 'Renamed', shortName: created.json.trainingGroup.shortName, variantId: sisrCurrent, startDate: sessionDates.startDate.replace(/-01$/, '-15') }));
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json.trainingGroup).toMatchObject({ name: 'Renamed', variant: { name: 'SISR' }, startDate: sessionDates.startDate.replace(/-01$/, '-15') });
    const french = await as(app, 'isd');
    const viaFrench = await french.post(`/api/centre-de-formation/groupes/${id}/modifier`, group({ name: 'Renommé', shortName: created.json.trainingGroup.shortName }));
    expect(viaFrench.json.message).toBe('Le groupe de formation a été enregistré.');
  });

  it('keeps a group within its session, on a campus offering the training, following one of its variants', async () => {
    const client = await as(app, 'pedagogy', 'en');
    const before = await app.core.db.knex('training_groups').count({ n: '*' }).first();
    const outside = await client.post('/api/training-center/groups', group({ endDate: `${Number(sessionDates.endDate.slice(0, 4)) + 1}-06-30` }));
    expect(outside.status).toBe(422);
    expect(outside.json.errors).toEqual([{ path: 'startDate', message: `The group's dates must lie within the session's (${sessionDates.startDate} – ${sessionDates.endDate}).` }]);
    const notOffered = await client.post('/api/training-center/groups', group({ trainingId: ids.trainings.RDC, campusId: ids.lyon, variantId: slamCurrent }));
    expect(notOffered.json.errors).toEqual([
      { path: 'campusId', message: 'This training is not offered on this campus.' },
      { path: 'variantId', message: "This variant does not belong to this training's plan for this session." },
    ]);
    const previousVariant = await client.post('/api/training-center/groups', group({ trainingSessionId: ids.previousSession, startDate: '2025-09-01', endDate: '2026-06-30' }));
    expect(previousVariant.json.errors).toContainEqual({ path: 'variantId', message: "This variant does not belong to this training's plan for this session." });
    const noVariant = await client.post('/api/training-center/groups', group({ variantId: '' }));
    expect(noVariant.json.errors).toEqual([{ path: 'variantId', message: 'Choose the variant the group follows.' }]);
    const reversed = await client.post('/api/training-center/groups', group({ startDate: sessionDates.endDate, endDate: sessionDates.startDate }));
    expect(reversed.json.errors).toEqual([{ path: 'endDate', message: 'The end date must be after the start date.' }]);
    expect(await app.core.db.knex('training_groups').count({ n: '*' }).first()).toEqual(before);
  });

  it('asks for a variant unfolded or created when the plan has none', async () => {
    const client = await as(app, 'pedagogy');
    const trainingId = await createTraining(client, [ids.paris]);
    const response = await client.post('/api/training-center/groups', group({ trainingId, variantId: slamCurrent }));
    expect(response.status).toBe(422);
    expect(response.json.errors).toEqual([{ path: 'variantId', message: 'Une variante doit être dépliée ou créée.' }]);
  });

  it('refuses a short name already used on the campus for the session', async () => {
    const client = await as(app, 'pedagogy', 'en');
    const response = await client.post('/api/training-center/groups', group({ shortName: 'sio1-slam-par' }));
    expect(response.json.errors).toEqual([{ path: 'shortName', message: 'A group of this campus already has this short name for this session.' }]);
  });
});

describe('campus scoping of training groups', () => {
  it('shows an actor of Paris nothing of Lyon, and lets it change nothing there', async () => {
    const pedagogy = await as(app, 'pedagogy');
    const lyonGroup = (await pedagogy.graphql('{ trainingGroups { uuid shortName campus { name } } }')).json.data.trainingGroups.find((g: { shortName: string }) => g.shortName === 'MCO1-LYO');
    const isd = await as(app, 'isd');
    const mine = (await isd.graphql('{ trainingGroups { shortName campus { name } } }')).json.data.trainingGroups;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((g: { campus: { name: string } }) => g.campus.name === 'Paris')).toBe(true);
    expectAccessDenied(await isd.get(`/api/training-center/groups/${lyonGroup.uuid}`));
    expectAccessDenied(await isd.graphql('query($id: ID!) { trainingGroup(trainingGroupId: $id) { uuid } }', { id: lyonGroup.uuid }));
    expectAccessDenied(await isd.post(`/api/training-center/groups/${lyonGroup.uuid}/edit`, group({ campusId: ids.lyon })));
    expectAccessDenied(await isd.post('/api/training-center/groups', group({ campusId: ids.lyon })));
    // Moving its own group to Lyon is changing Lyon too.
    const own = (await isd.post('/api/training-center/groups', group())).json.trainingGroup;
    expectAccessDenied(await isd.post(`/api/training-center/groups/${own.id}/edit`, group({ shortName: own.shortName, campusId: ids.lyon })));
    expect((await app.core.db.knex('training_groups').where('id', own.id).first()).campus_id).toBe(ids.paris);
  });

  it('lets read-only read groups and change none; denies a teacher', async () => {
    const readOnly = await as(app, 'read-only');
    const list = (await readOnly.graphql('{ trainingGroups { uuid shortName } }')).json.data.trainingGroups;
    expect(list.length).toBeGreaterThan(0);
    const before = await app.core.db.knex('training_groups').count({ n: '*' }).first();
    expectAccessDenied(await readOnly.post('/api/training-center/groups', group()));
    expectAccessDenied(await readOnly.post(`/api/training-center/groups/${list[0].uuid}/edit`, group()));
    expect(await app.core.db.knex('training_groups').count({ n: '*' }).first()).toEqual(before);
    const teacher = await as(app, 'teacher');
    expectAccessDenied(await teacher.get(`/api/training-center/groups/${list[0].uuid}`));
    expectAccessDenied(await teacher.graphql('{ trainingGroups { uuid } }'));
  });
});

describe('what other modules call', () => {
  it('gives planning groups by id with their campus and session dates, and variants\' subject lines', async () => {
    const services = app.core.services<import('@alterna/trainings').TrainingsServices>('trainings');
    const knex = app.core.db.knex;
    const slamGroup = await knex('training_groups').where({ short_name: 'SIO1-SLAM-PAR', training_session_id: ids.currentSession }).first('id');
    const [group] = await services.groups.byIds([slamGroup.id]);
    expect(group).toMatchObject({ shortName: 'SIO1-SLAM-PAR', campus: { id: ids.paris, name: 'Paris' }, trainingSession: { id: ids.currentSession, isCurrent: true }, variant: { name: 'SLAM' } });
    expect(group!.trainingSession.startDate < group!.trainingSession.endDate).toBe(true);
    const lines = (await services.plans.variantLines([group!.variant.id])).get(group!.variant.id)!;
    expect(lines.map((l) => l.schoolSubject.shortName)).toContain('CDA');
    expect(lines.every((l) => l.hours > 0)).toBe(true);
    expect((await services.sessions.current())?.id).toBe(ids.currentSession);
  });

  it('tells training-centre that trainings and groups use a campus, so it is not removed', async () => {
    const centre = app.core.services<import('@alterna/training-centre').TrainingCentreServices>('training-centre');
    const usage = await centre.usage.campusUsage([ids.paris, ids.lyon]);
    const parisUses = Number(await app.core.db.knex('training_campuses').where('campus_id', ids.paris).count({ n: '*' }).first().then((r) => r?.n))
      + Number(await app.core.db.knex('training_groups').where('campus_id', ids.paris).count({ n: '*' }).first().then((r) => r?.n));
    expect(usage.get(ids.paris)).toBeGreaterThanOrEqual(parisUses);
    expect(usage.get(ids.lyon)).toBeGreaterThan(0);
  });
});
