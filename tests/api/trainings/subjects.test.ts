import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.js';
import { as, expectAccessDenied, unique } from './support.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const create = 'mutation($input: CreateSchoolSubjectInput!) { CreateSchoolSubject(input: $input) { message schoolSubject { uuid name shortName level color archived } } }';
const update = 'mutation UpdateSchoolSubject($input: UpdateSchoolSubjectInput!) { UpdateSchoolSubject(input: $input) { clientMutationId message schoolSubject { uuid archived } } }';
const list = 'query($archived: Boolean) { schoolSubjects(archived: $archived) { uuid shortName archived } }';

describe('school subjects', () => {
  it('creates a subject, archives and unarchives it with the SPEC messages', async () => {
    const client = await as(app, 'pedagogy');
    const shortName = unique('SUB');
    const created = await client.graphql(create, { input: { name: 'Droit du travail', shortName, level: 'BTS', color: '#12AB34' } });
    const subject = created.json.data.CreateSchoolSubject.schoolSubject;
    expect(subject).toMatchObject({ name: 'Droit du travail', shortName, level: 'BTS', color: '#12ab34', archived: false });

    const archived = await client.graphql(update, { input: { id: subject.uuid, archived: true, clientMutationId: 'm1' } });
    expect(archived.json.data.UpdateSchoolSubject).toEqual({ clientMutationId: 'm1', message: 'La matière a été archivée.', schoolSubject: { uuid: subject.uuid, archived: true } });
    const active = (await client.graphql(list, { archived: false })).json.data.schoolSubjects.map((s: { uuid: string }) => s.uuid);
    expect(active).not.toContain(subject.uuid);
    expect((await client.graphql(list, { archived: true })).json.data.schoolSubjects.map((s: { uuid: string }) => s.uuid)).toContain(subject.uuid);

    const english = await as(app, 'pedagogy', 'en');
    const unarchived = await english.graphql(update, { input: { id: subject.uuid, archived: false } });
    expect(unarchived.json.data.UpdateSchoolSubject).toMatchObject({ message: 'The school subject has been unarchived.', schoolSubject: { uuid: subject.uuid, archived: false } });
  });

  it('edits the fields given and keeps short names unique', async () => {
    const client = await as(app, 'campus-manager', 'en');
    const a = (await client.graphql(create, { input: { name: 'A', shortName: unique('A'), color: '#000000' } })).json.data.CreateSchoolSubject.schoolSubject;
    const b = (await client.graphql(create, { input: { name: 'B', shortName: unique('B'), color: '#000000' } })).json.data.CreateSchoolSubject.schoolSubject;
    const clash = await client.graphql(update, { input: { id: b.uuid, shortName: a.shortName.toLowerCase() } });
    expect(clash.json.errors[0].extensions.violations).toEqual([{ path: 'shortName', message: 'A school subject already has this short name.' }]);
    const bad = await client.graphql(update, { input: { id: b.uuid, name: '', color: 'red' } });
    expect(bad.json.errors[0].extensions.violations).toEqual([
      { path: 'name', message: 'This value should not be blank.' },
      { path: 'color', message: 'Choose a colour in the #RRGGBB format.' },
    ]);
    const renamed = await client.graphql('mutation($input: UpdateSchoolSubjectInput!) { UpdateSchoolSubject(input: $input) { message schoolSubject { name shortName archived } } }', { input: { id: b.uuid, name: 'B bis' } });
    expect(renamed.json.data.UpdateSchoolSubject).toEqual({ message: 'The school subject has been saved.', schoolSubject: { name: 'B bis', shortName: b.shortName, archived: false } });
    const badId = await client.graphql(update, { input: { id: 'abc', archived: true } });
    expect(badId.json.errors[0].extensions.violations).toEqual([{ path: 'id', message: 'The id "abc" is not a valid UUID.' }]);
  });

  it('lets read-only read subjects and change none; denies a teacher', async () => {
    const readOnly = await as(app, 'read-only');
    const subjects = (await readOnly.graphql(list, {})).json.data.schoolSubjects;
    expect(subjects.length).toBeGreaterThan(10);
    const target = subjects.find((s: { archived: boolean }) => !s.archived);
    expectAccessDenied(await readOnly.graphql(update, { input: { id: target.uuid, archived: true } }));
    expectAccessDenied(await readOnly.graphql(create, { input: { name: 'X', shortName: unique('X'), color: '#000000' } }));
    expect((await app.core.db.knex('school_subjects').where('id', target.uuid).first()).archived).toBe(false);
    const teacher = await as(app, 'teacher');
    expectAccessDenied(await teacher.graphql(list, {}));
  });
});
