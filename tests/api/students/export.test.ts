import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { demo, startTestApp, type TestApp, reasonOf } from '../../support/app.js';
import { demoIds } from './support.js';
import { columnCells, expectDateCells, readWorkbook } from '../../support/xlsx.js';

let app: TestApp;
let ids: Awaited<ReturnType<typeof demoIds>>;
beforeAll(async () => {
  app = await startTestApp();
  ids = await demoIds(app);
});
afterAll(() => app.close());

/** Logs in and downloads a file as bytes. */
async function download(typology: string, path: string, language: string) {
  const login = await fetch(`${app.baseUrl}/api/auth/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: demo(typology), password: 'alterna-demo' }),
  });
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const response = await fetch(`${app.baseUrl}${path}`, { headers: { cookie, 'accept-language': language } });
  return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
}

async function rows(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const out: unknown[][] = [];
  sheet.eachRow((row) => out.push((row.values as unknown[]).slice(1)));
  return { name: sheet.name, rows: out, bold: sheet.getRow(1).font?.bold };
}

describe('GET /export-xlsx/', () => {
  it('gives the student list with French headers and the filters applied', async () => {
    const file = await download('pedagogy', `/api/export-xlsx/?campusId=${ids.paris}&trainingSessionId=${ids.currentSession}&trainingGroupIds=${ids.group('MCO1-PAR')}`, 'fr');
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="etudiants-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const sheet = await rows(file.body);
    expect(sheet.name).toBe('Étudiants');
    expect(sheet.bold).toBe(true);
    expect(sheet.rows[0]).toEqual(['Nom', 'Prénom', 'Date de naissance', 'Lieu de naissance', 'Pays de naissance', 'Campus', 'Formation', 'Groupe', 'Session', 'Statut', 'Entreprise', 'Début du contrat', 'Fin du contrat']);
    const lines = sheet.rows.slice(1);
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(lines.every((r) => r[7] === 'MCO1-PAR' && r[5] === 'Paris')).toBe(true);
    const lea = lines.find((r) => r[0] === 'Petit')!;
    expect(lea.slice(0, 10)).toEqual(['Petit', 'Léa', expect.any(Date), 'Paris 15e Arrondissement', 'France', 'Paris', 'MCO', 'MCO1-PAR', expect.any(String), 'Apprenti']);
    expect(lines.map((r) => r[0])).toEqual([...lines.map((r) => r[0])].sort((a, b) => String(a).localeCompare(String(b), 'fr')));
  });

  it('writes the dates as date cells Excel sorts and filters, shown as SPEC §9 writes them', async () => {
    const file = await download('pedagogy', `/api/export-xlsx/?campusId=${ids.paris}&trainingSessionId=${ids.currentSession}`, 'fr');
    const sheet = (await readWorkbook(file.body)).worksheets[0]!;
    for (const column of ['Date de naissance', 'Début du contrat', 'Fin du contrat']) {
      expect(expectDateCells(columnCells(sheet, column), 'dd/mm/yyyy'), column).toBeNull();
    }
    // Léa Petit's birthday, the day itself (midnight UTC: what Excel shows is the day, whatever the zone).
    const born = await app.core.db.knex('students as s').join('actors as a', 'a.id', 's.actor_id')
      .where({ 'a.last_name': 'Petit', 'a.first_name': 'Léa' }).first(app.core.db.knex.raw("to_char(s.date_of_birth, 'YYYY-MM-DD') AS day"));
    const row = sheet.getRows(2, sheet.rowCount - 1)!.find((r) => r.getCell(1).value === 'Petit')!;
    expect((row.getCell(3).value as Date).toISOString()).toBe(`${born.day}T00:00:00.000Z`);
  });

  it('speaks English to an English user and keeps the Lyon campus manager to Lyon', async () => {
    const sheet = await rows((await download('campus-manager', '/api/export-xlsx/', 'en')).body);
    expect(sheet.name).toBe('Students');
    expect(sheet.rows[0]!.slice(0, 3)).toEqual(['Last name', 'First name', 'Date of birth']);
    const lines = sheet.rows.slice(1);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((r) => r[5] === 'Lyon')).toBe(true);
    expect(lines.map((r) => r[0])).not.toContain('Petit');
  });

  it('refuses a group of another campus with the message, a teacher with Access Denied., a visitor with a login request', async () => {
    const refused = await download('pedagogy', `/api/export-xlsx/?campusId=${ids.lyon}&trainingGroupIds=${ids.group('MCO1-PAR')}`, 'fr');
    expect(refused.status).toBe(422);
    expect(JSON.parse(refused.body.toString()).errors).toEqual([{ path: 'trainingGroupIds', message: 'Les groupes ou formations choisis doivent être disponibles pour le campus.' }]);
    const teacher = await download('teacher', '/api/export-xlsx/', 'fr');
    expect(teacher.status).toBe(403);
    expect(reasonOf(JSON.parse(teacher.body.toString()).errors[0])).toBe('Access Denied.');
    expect((await fetch(`${app.baseUrl}/api/export-xlsx/`)).status).toBe(401);
  });
});
