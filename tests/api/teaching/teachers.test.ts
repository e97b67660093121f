import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.js';
import { as, contractBody, demoIds, expectAccessDenied, makeActor, unique, type DemoIds } from './support.js';

let app: TestApp;
let ids: DemoIds;
beforeAll(async () => {
  app = await startTestApp();
  ids = await demoIds(app);
});
afterAll(() => app.close());

const count = async (table: string) => Number((await app.core.db.knex(table).count({ n: '*' }).first())!.n);

describe('teacher informations', () => {
  it('creates then edits a teacher\'s informations, in both languages\' paths', async () => {
    const teacher = await makeActor(app, { firstName: 'Inès', lastName: unique('Informations'), typology: 'teacher', campuses: [ids.paris] });
    const client = await as(app, 'pedagogy', 'en');
    const page = await client.get(`/api/teachers/${teacher}/informations`);
    expect(page.status, page.text).toBe(200);
    expect(page.json).toMatchObject({ teacher: { id: teacher, firstName: 'Inès' }, informations: null, teacherContracts: [], companies: [] });
    expect(page.json.writableCampusIds).toEqual([ids.paris]);

    const created = await client.post(`/api/teachers/teacher-informations/new/${teacher}`, { specialities: 'Anglais des affaires', diploma: 'Master LEA', professionalExperience: '', comment: null });
    expect(created.status, created.text).toBe(200);
    expect(created.json).toEqual({
      informations: { specialities: 'Anglais des affaires', diploma: 'Master LEA', professionalExperience: null, comment: null },
      message: "The teacher's informations have been saved.",
    });
    const again = await client.post(`/api/teachers/teacher-informations/new/${teacher}`, { specialities: 'x' });
    expect(again.status).toBe(422);
    expect(again.json.errors).toEqual([{ path: '', message: 'This teacher already has informations: edit them.' }]);

    const french = await as(app, 'pedagogy');
    const edited = await french.post(`/api/formateurs/informations-formateur/modifier/${teacher}`, { specialities: 'Anglais', diploma: 'Master LEA', comment: 'Disponible le mardi' });
    expect(edited.json.message).toBe('Les informations du formateur ont été enregistrées.');
    expect((await french.get(`/api/formateurs/informations-formateur/modifier/${teacher}`)).json.informations).toMatchObject({ specialities: 'Anglais', comment: 'Disponible le mardi' });
  });

  it('refuses ids that are not UUIDs, actors that are not teachers, and editing informations that do not exist', async () => {
    const client = await as(app, 'pedagogy');
    const bad = await client.get('/api/teachers/42/informations');
    expect(bad.status).toBe(422);
    expect(bad.json.errors).toEqual([{ path: 'id', message: expect.stringContaining('42') }]);
    const student = await makeActor(app, { firstName: 'Léo', lastName: unique('Apprenant'), typology: 'student', campuses: [ids.paris] });
    expect((await client.get(`/api/teachers/${student}/informations`)).status).toBe(404);
    const teacher = await makeActor(app, { firstName: 'Ana', lastName: unique('Sans'), typology: 'trainer', campuses: [ids.paris] });
    expect((await client.post(`/api/teachers/teacher-informations/edit/${teacher}`, { specialities: 'x' })).status).toBe(404);
  });
});

describe('teacher contracts', () => {
  it('creates a contract with subject lines and related activity lines, edits it, moves its status and deletes it', async () => {
    const teacher = await makeActor(app, { firstName: 'Marc', lastName: unique('Contrat'), typology: 'teacher', campuses: [ids.paris] });
    const client = await as(app, 'isd', 'en');
    const form = await client.get(`/api/teachers/${teacher}/contract/new`);
    expect(form.status, form.text).toBe(200);
    expect(form.json.campuses.map((c: { name: string }) => c.name)).toEqual(['Paris']);
    expect(form.json.currentSession.id).toBe(ids.currentSession.id);
    expect(form.json.teacherStatuses.map((s: { reference: string }) => s.reference)).toEqual(['occasional', 'employee', 'independent', 'company']);
    expect(form.json.relatedActivities.every((a: { audience: string }) => a.audience === 'teacher')).toBe(true);

    const created = await client.post(`/api/teachers/${teacher}/contract/new`, contractBody(ids, {
      schoolSubjectLines: [{ schoolSubjectId: ids.subjects.ANG, hours: '40,5' }, { schoolSubjectId: ids.subjects.CGE, hours: 20 }],
      relatedActivityLines: [
        { relatedActivityId: ids.activities['exam-supervision'], amount: 3.5, price: 42 },
        { relatedActivityId: ids.activities['exam-marking'], amount: '12', price: '2,5' },
      ],
    }));
    expect(created.status, created.text).toBe(200);
    expect(created.json.message).toBe('The teaching contract has been created.');
    const contract = created.json.teacherContract;
    expect(contract).toMatchObject({
      teacherId: teacher, status: 'draft', campus: { name: 'Paris' }, trainingSession: { id: ids.currentSession.id, isCurrent: true },
      teacherStatus: { reference: 'occasional' }, teacherCompany: null,
      totals: { teachingHours: 60.5, activityHours: 3.5, activityAmount: 177 },
    });
    expect(contract.schoolSubjectLines.map((l: any) => [l.schoolSubject.shortName, l.hours])).toEqual([['ANG', 40.5], ['CGE', 20]]);
    expect(contract.relatedActivityLines.map((l: any) => [l.relatedActivity.reference, l.relatedActivity.isHour, l.amount, l.price])).toEqual([
      ['exam-supervision', true, 3.5, 42], ['exam-marking', false, 12, 2.5],
    ]);

    const shown = await client.get(`/api/teachers/${teacher}/contract/${contract.id}/edit`);
    expect(shown.json.teacherContract.id).toBe(contract.id);
    const edited = await client.post(`/api/formateurs/${teacher}/contrat/${contract.id}/modifier`, contractBody(ids, { schoolSubjectLines: [{ schoolSubjectId: ids.subjects.MATH, hours: 12 }] }));
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json.teacherContract.schoolSubjectLines.map((l: any) => l.schoolSubject.shortName)).toEqual(['MATH']);
    expect(edited.json.teacherContract.relatedActivityLines).toEqual([]);

    const status = (to: string) => client.post(`/api/teachers/contract/${contract.id}/update_status`, { status: to });
    expect((await status('signed')).json.errors).toEqual([{ path: 'status', message: 'A “Draft” contract cannot become “Signed”.' }]);
    expect((await status('sent')).json).toMatchObject({ teacherContract: { status: 'sent' }, message: 'The contract is now: Sent.' });
    expect((await status('signed')).json.teacherContract.status).toBe('signed');
    const locked = await client.post(`/api/teachers/${teacher}/contract/${contract.id}/edit`, contractBody(ids));
    expect(locked.json.errors).toEqual([{ path: '', message: 'A contract with status “Signed” can no longer be edited: set it back to draft first.' }]);
    const kept = await client.request('DELETE', `/api/teachers/${teacher}/contract/${contract.id}/delete`);
    expect(kept.json.errors).toEqual([{ path: '', message: 'A signed contract cannot be deleted: cancel it.' }]);
    expect((await status('cancelled')).json.teacherContract.status).toBe('cancelled');
    const deleted = await client.request('DELETE', `/api/teachers/${teacher}/contract/${contract.id}/delete`);
    expect(deleted.json).toEqual({ message: 'The teaching contract has been deleted.' });
    expect(await app.core.db.knex('teacher_contracts').where({ id: contract.id }).first()).toBeUndefined();
  });

  it('answers every problem of a contract at once, in the user\'s language, and changes nothing', async () => {
    const teacher = await makeActor(app, { firstName: 'Lina', lastName: unique('Refus'), typology: 'teacher', campuses: [ids.paris] });
    const client = await as(app, 'pedagogy', 'en');
    const before = await count('teacher_contracts');
    const post = (overrides: Record<string, unknown>) => client.post(`/api/teachers/${teacher}/contract/new`, contractBody(ids, overrides));

    const reversed = await post({ startDate: ids.currentSession.endDate, endDate: ids.currentSession.startDate });
    expect(reversed.status).toBe(422);
    expect(reversed.json.errors).toEqual([{ path: 'endDate', message: 'The end date cannot be before the start date.' }]);

    const lines = await post({
      schoolSubjectLines: [{ schoolSubjectId: ids.subjects.ANG, hours: 0 }, { schoolSubjectId: ids.subjects.ANG, hours: '1.234' }, { schoolSubjectId: '', hours: 2 }],
      relatedActivityLines: [{ relatedActivityId: ids.activities['exam-marking'], amount: 0, price: -1 }],
    });
    expect(lines.json.errors).toEqual(expect.arrayContaining([
      { path: 'schoolSubjectLines', message: 'Each school subject can appear only once in the contract.' },
      { path: 'schoolSubjectLines[0].hours', message: 'Hours must be greater than 0, with at most two decimals.' },
      { path: 'schoolSubjectLines[1].hours', message: 'Hours must be greater than 0, with at most two decimals.' },
      { path: 'schoolSubjectLines[2].schoolSubjectId', message: 'A school subject must be chosen in every field.' },
      { path: 'relatedActivityLines[0].amount', message: 'The quantity must be greater than 0, with at most two decimals.' },
      { path: 'relatedActivityLines[0].price', message: 'The price must be zero or more, with at most two decimals.' },
    ]));
    const empty = await post({ schoolSubjectLines: [], relatedActivityLines: [] });
    expect(empty.json.errors).toEqual([{ path: 'schoolSubjectLines', message: 'Add at least one school subject or one related activity.' }]);

    const business = await post({
      campusId: ids.lyon,
      startDate: ids.previousSession.startDate,
      teacherStatusId: ids.statuses.independent,
      schoolSubjectLines: [{ schoolSubjectId: ids.subjects.ECODROIT, hours: 10 }],
      relatedActivityLines: [{ relatedActivityId: ids.activities['coach-meeting'], amount: 1, price: 1 }],
    });
    expect(business.status).toBe(422);
    expect(business.json.errors).toEqual([
      { path: 'campusId', message: 'This teacher does not teach on this campus.' },
      { path: 'startDate', message: `The contract's dates must lie within the session's (${ids.currentSession.startDate} – ${ids.currentSession.endDate}).` },
      { path: 'teacherCompanyId', message: 'This teacher status needs the invoicing company: choose it or create it.' },
      { path: 'schoolSubjectLines[0].schoolSubjectId', message: 'The school subject “Économie-droit (ancien programme)” is archived.' },
      { path: 'relatedActivityLines[0].relatedActivityId', message: 'This related activity does not exist for teaching contracts.' },
    ]);
    const french = await as(app, 'pedagogy');
    const frenchErrors = await french.post(`/api/formateurs/${teacher}/contrat/nouveau`, contractBody(ids, { campusId: ids.lyon }));
    expect(frenchErrors.json.errors).toEqual([{ path: 'campusId', message: "Ce formateur n'intervient pas sur ce campus." }]);
    expect(await count('teacher_contracts')).toBe(before);
  });
});

describe('campus scoping of teachers and contracts', () => {
  let parisTeacher: string;
  let parisContract: string;
  beforeAll(async () => {
    parisTeacher = await makeActor(app, { firstName: 'Paula', lastName: unique('Scope'), typology: 'teacher', campuses: [ids.paris] });
    const created = await (await as(app, 'pedagogy')).post(`/api/teachers/${parisTeacher}/contract/new`, contractBody(ids));
    parisContract = created.json.teacherContract.id;
  });

  it('keeps a Lyon campus manager out of Paris teachers and contracts', async () => {
    const lyon = await as(app, 'campus-manager');
    expectAccessDenied(await lyon.get(`/api/teachers/${parisTeacher}/informations`));
    expectAccessDenied(await lyon.get(`/api/teachers/${parisTeacher}/contract/new`));
    expectAccessDenied(await lyon.post(`/api/teachers/${parisTeacher}/contract/new`, contractBody(ids)));
    expectAccessDenied(await lyon.post(`/api/teachers/${parisTeacher}/contract/${parisContract}/edit`, contractBody(ids)));
    expectAccessDenied(await lyon.post(`/api/teachers/contract/${parisContract}/update_status`, { status: 'sent' }));
    expectAccessDenied(await lyon.request('DELETE', `/api/teachers/${parisTeacher}/contract/${parisContract}/delete`));
    expectAccessDenied(await lyon.post(`/api/teachers/teacher-informations/new/${parisTeacher}`, { specialities: 'x' }));
    expectAccessDenied(await lyon.graphql('query ($id: ID!) { getTeacherContractByStatus(id: $id) { status } }', { id: parisContract }));
    const list = await lyon.graphql('query { TeacherWithCampusesWithTeacherContract { uuid lastName actorAccessRules { campus { name } } teacherContracts { campus { name } } } }');
    const teachers = list.json.data.TeacherWithCampusesWithTeacherContract;
    expect(teachers.length).toBeGreaterThan(0);
    expect(teachers.find((t: { uuid: string }) => t.uuid === parisTeacher)).toBeUndefined();
    expect(teachers.flatMap((t: any) => [...t.actorAccessRules, ...t.teacherContracts]).every((x: any) => x.campus.name === 'Lyon')).toBe(true);
    const parisOnly = await lyon.graphql('query ($campusList: [ID!]) { TeacherWithCampusesWithTeacherContract(campusList: $campusList) { uuid } }', { campusList: [ids.paris] });
    expect(parisOnly.json.data.TeacherWithCampusesWithTeacherContract).toEqual([]);
    const popup = await lyon.graphql('query ($campusList: [ID!]) { getPopupInfo(campusList: $campusList) { uuid } }', { campusList: [ids.paris] });
    expect(popup.json.data.getPopupInfo).toEqual([]);
    expect((await app.core.db.knex('teacher_contracts').where({ id: parisContract }).first()).status).toBe('draft');
  });

  it('lets read-only read Paris contracts and change nothing', async () => {
    const readOnly = await as(app, 'read-only');
    const before = await count('teacher_contracts');
    expect((await readOnly.get(`/api/teachers/${parisTeacher}/informations`)).json.writableCampusIds).toEqual([]);
    expect((await readOnly.graphql('query ($id: ID!) { getTeacherContractByStatus(id: $id) { status } }', { id: parisContract })).json.data.getTeacherContractByStatus).toEqual({ status: 'draft' });
    expectAccessDenied(await readOnly.post(`/api/teachers/${parisTeacher}/contract/new`, contractBody(ids)));
    expectAccessDenied(await readOnly.post(`/api/teachers/${parisTeacher}/contract/${parisContract}/edit`, contractBody(ids)));
    expectAccessDenied(await readOnly.post(`/api/teachers/contract/${parisContract}/update_status`, { status: 'sent' }));
    expectAccessDenied(await readOnly.request('DELETE', `/api/teachers/${parisTeacher}/contract/${parisContract}/delete`));
    expectAccessDenied(await readOnly.post(`/api/teachers/teacher-informations/new/${parisTeacher}`, { specialities: 'x' }));
    expect(await count('teacher_contracts')).toBe(before);
    expect((await app.core.db.knex('teacher_contracts').where({ id: parisContract }).first()).status).toBe('draft');
  });

  it('refuses a student everywhere with Access Denied.', async () => {
    const student = await as(app, 'student');
    expectAccessDenied(await student.get(`/api/teachers/${parisTeacher}/informations`));
    expectAccessDenied(await student.post(`/api/teachers/${parisTeacher}/contract/new`, contractBody(ids)));
    for (const query of [
      'query { TeacherWithCampusesWithTeacherContract { uuid } }',
      'query { getPopupInfo { uuid } }',
      `query { getTeacherContractByStatus(id: "${parisContract}") { uuid } }`,
      'query { teacherStatuses { reference } }',
    ]) expectAccessDenied(await student.graphql(query));
  });
});

describe('teacher queries', () => {
  it('TeacherWithCampusesWithTeacherContract filters by campus and session and orders teachers by last then first name, contracts by start date', async () => {
    const family = unique('Ordre');
    const b = await makeActor(app, { firstName: 'Zoé', lastName: `${family}B`, typology: 'teacher', campuses: [ids.paris] });
    const a2 = await makeActor(app, { firstName: 'Yves', lastName: `${family}A`, typology: 'trainer', campuses: [ids.paris, ids.lyon] });
    const a1 = await makeActor(app, { firstName: 'Anne', lastName: `${family}A`, typology: 'teacher', campuses: [ids.lyon] });
    const client = await as(app, 'pedagogy', 'en');
    const later = (await client.post(`/api/teachers/${a2}/contract/new`, contractBody(ids, { campusId: ids.lyon, startDate: ids.currentSession.endDate.replace(/-\d\d$/, '-01') }))).json.teacherContract.id;
    const earlier = (await client.post(`/api/teachers/${a2}/contract/new`, contractBody(ids))).json.teacherContract.id;
    const previous = (await client.post(`/api/teachers/${a2}/contract/new`, contractBody(ids, {
      trainingSessionId: ids.previousSession.id, startDate: ids.previousSession.startDate, endDate: ids.previousSession.endDate,
    }))).json.teacherContract.id;

    const query = `query ($campusList: [ID!], $session: ID) { TeacherWithCampusesWithTeacherContract(campusList: $campusList, teacherContractsTrainingSession: $session) {
      uuid firstName lastName archived actorAccessRules { campus { name } actorTypology { reference name } } teacherContracts { uuid campus { name } startDate trainingSession { uuid } schoolSubjectLine { schoolSubject { shortName } hours } } } }`;
    const mine = (list: any[]) => list.filter((t) => t.lastName.startsWith(family));

    const all = mine((await client.graphql(query)).json.data.TeacherWithCampusesWithTeacherContract);
    expect(all.map((t) => t.uuid)).toEqual([a1, a2, b]);
    expect(all[1].actorAccessRules).toEqual([
      { campus: { name: 'Lyon' }, actorTypology: { reference: 'trainer', name: 'Trainer' } },
      { campus: { name: 'Paris' }, actorTypology: { reference: 'trainer', name: 'Trainer' } },
    ]);
    // The current session by default, by start date.
    expect(all[1].teacherContracts.map((c: any) => c.uuid)).toEqual([earlier, later]);
    expect(all[1].teacherContracts[0].schoolSubjectLine).toEqual([{ schoolSubject: { shortName: 'ANG' }, hours: 40 }]);

    const paris = mine((await client.graphql(query, { campusList: [ids.paris] })).json.data.TeacherWithCampusesWithTeacherContract);
    expect(paris.map((t) => t.uuid)).toEqual([a2, b]);
    expect(paris[0].actorAccessRules.map((r: any) => r.campus.name)).toEqual(['Paris']);
    expect(paris[0].teacherContracts.map((c: any) => c.uuid)).toEqual([earlier]);

    const past = mine((await client.graphql(query, { session: ids.previousSession.id })).json.data.TeacherWithCampusesWithTeacherContract);
    expect(past[1].teacherContracts.map((c: any) => c.uuid)).toEqual([previous]);

    const bad = await client.graphql(query, { campusList: ['nope'] });
    expect(bad.json.errors[0].extensions.violations).toEqual([{ path: 'campusList', message: expect.stringContaining('nope') }]);
  });

  it('getTeacherContractByStatus answers a contract of the current session with its status, null for another session', async () => {
    const teacher = await makeActor(app, { firstName: 'Tom', lastName: unique('Statut'), typology: 'teacher', campuses: [ids.paris] });
    const client = await as(app, 'pedagogy', 'en');
    const current = (await client.post(`/api/teachers/${teacher}/contract/new`, contractBody(ids))).json.teacherContract.id;
    const past = (await client.post(`/api/teachers/${teacher}/contract/new`, contractBody(ids, {
      trainingSessionId: ids.previousSession.id, startDate: ids.previousSession.startDate, endDate: ids.previousSession.endDate,
    }))).json.teacherContract.id;
    await client.post(`/api/teachers/contract/${current}/update_status`, { status: 'sent' });
    const query = 'query ($id: ID!) { getTeacherContractByStatus(id: $id) { uuid status nextStatuses editable teacherStatus { reference name } } }';
    expect((await client.graphql(query, { id: current })).json.data.getTeacherContractByStatus).toEqual({
      uuid: current, status: 'sent', nextStatuses: ['signed', 'draft', 'cancelled'], editable: true, teacherStatus: { reference: 'occasional', name: 'Occasional lecturer' },
    });
    expect((await client.graphql(query, { id: past })).json.data.getTeacherContractByStatus).toBeNull();
    expect((await client.graphql(query, { id: '00000000-0000-4000-8000-000000000000' })).json.errors[0].extensions.code).toBe('NOT_FOUND');
  });

  it('getPopupInfo lists teachers with a live contract of the session and their subject lines', async () => {
    const family = unique('Popup');
    const withContract = await makeActor(app, { firstName: 'Eva', lastName: `${family}A`, typology: 'teacher', campuses: [ids.paris] });
    const cancelledOnly = await makeActor(app, { firstName: 'Luc', lastName: `${family}B`, typology: 'teacher', campuses: [ids.paris] });
    await makeActor(app, { firstName: 'Noé', lastName: `${family}C`, typology: 'teacher', campuses: [ids.paris] });
    const client = await as(app, 'pedagogy');
    await client.post(`/api/teachers/${withContract}/contract/new`, contractBody(ids, { schoolSubjectLines: [{ schoolSubjectId: ids.subjects.CGE, hours: 30 }] }));
    const cancelled = (await client.post(`/api/teachers/${cancelledOnly}/contract/new`, contractBody(ids))).json.teacherContract.id;
    await client.post(`/api/teachers/contract/${cancelled}/update_status`, { status: 'cancelled' });
    const result = await client.graphql(`query ($campusList: [ID!]) { getPopupInfo(campusList: $campusList) { uuid lastName teacherContracts { status campus { name } schoolSubjectLine { schoolSubject { shortName } hours } } } }`, { campusList: [ids.paris] });
    const mine = result.json.data.getPopupInfo.filter((t: any) => t.lastName.startsWith(family));
    expect(mine).toEqual([{ uuid: withContract, lastName: `${family}A`, teacherContracts: [{ status: 'draft', campus: { name: 'Paris' }, schoolSubjectLine: [{ schoolSubject: { shortName: 'CGE' }, hours: 30 }] }] }]);
  });
});
