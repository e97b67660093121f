import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.js';
import { as } from './support.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('demo centre: teachers, companies and coaches', () => {
  it('has teachers with contracts of the current session on both campuses, some through their company', async () => {
    const client = await as(app, 'pedagogy');
    const teachers = (await client.graphql(`query { TeacherWithCampusesWithTeacherContract {
      lastName firstName teacherContracts { status campus { name } trainingSession { isCurrent } teacherCompany { name }
        schoolSubjectLine { schoolSubject { shortName } hours } relatedActivityLines { relatedActivity { reference isHour } } } } }`)).json.data.TeacherWithCampusesWithTeacherContract;
    const byName = new Map(teachers.map((t: any) => [`${t.firstName} ${t.lastName}`, t]));
    for (const name of ['Paul Rousseau', 'Nadia Lefèvre', 'Sarah Blanc', 'Hugo Garnier', 'Céline Marchand', 'Romain Barbier', 'Amélie Roche']) {
      expect((byName.get(name) as any)?.teacherContracts.length, name).toBeGreaterThan(0);
    }
    const paul = byName.get('Paul Rousseau') as any;
    expect(paul.teacherContracts.every((c: any) => c.trainingSession.isCurrent)).toBe(true);
    expect(paul.teacherContracts[0]).toMatchObject({ status: 'signed', campus: { name: 'Paris' }, teacherCompany: { name: 'Rousseau Formation Conseil' } });
    expect(paul.teacherContracts[0].relatedActivityLines.map((l: any) => l.relatedActivity.isHour)).toEqual([true, false]);
    expect((byName.get('Amélie Roche') as any).teacherContracts.map((c: any) => c.campus.name).sort()).toEqual(['Lyon', 'Paris']);
  });

  it('has coaches following students, a coach contract and follow-ups', async () => {
    const client = await as(app, 'pedagogy');
    const coaches = (await client.graphql('query { coaches { firstName lastName students { firstName lastName } } }')).json.data.coaches;
    const camille = coaches.find((c: any) => c.lastName === 'Roux');
    expect(camille.students.map((s: any) => s.lastName).sort()).toEqual(expect.arrayContaining(['Girard', 'Petit']));
    expect(coaches.find((c: any) => c.lastName === 'Morel').students.map((s: any) => s.lastName)).toContain('Lambert');
    const companies = await app.core.db.knex('teacher_companies').whereIn('name', ['Rousseau Formation Conseil', 'Lefèvre Langues', 'Atelier Blanc Pédagogie']).count({ n: '*' }).first();
    expect(Number(companies!.n)).toBe(3);
    const lucas = (await app.core.db.knex('actors').where({ email: 'lucas.girard@demo.alterna.school' }).first('id')).id;
    const followUps = (await client.get(`/api/coaching/students/${lucas}`)).json;
    expect(followUps.coach.lastName).toBe('Roux');
    expect(followUps.followUps.map((f: any) => f.kind)).toEqual(['disciplinary', 'prevent-registration-break']);
  });
});
