import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { demo, startTestApp, type TestApp, reasonOf } from '../../support/app.js';
import { columnCells, expectDateCells, readWorkbook } from '../../support/xlsx.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

/** Logs in and downloads a file as bytes (the JSON client would read it as text). */
async function download(typology: string, path: string, language: string) {
  const login = await fetch(`${app.baseUrl}/api/auth/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: demo(typology), password: 'alterna-demo' }),
  });
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const response = await fetch(`${app.baseUrl}${path}`, { headers: { cookie, 'accept-language': language } });
  return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
}

async function read(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheets: Record<string, unknown[][]> = {};
  for (const sheet of workbook.worksheets) {
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    sheets[sheet.name] = rows;
  }
  return sheets;
}

describe('GET /training-center/export', () => {
  it('gives the centre\'s trainings, groups and rooms with French headers', async () => {
    const file = await download('pedagogy', '/api/centre-de-formation/export', 'fr');
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="centre-de-formation-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const sheets = await read(file.body);
    expect(Object.keys(sheets)).toEqual(['Formations', 'Groupes de formation', 'Salles']);
    expect(sheets.Formations![0]).toEqual(['Nom court', 'Nom', 'Publiée', 'Campus']);
    expect(sheets.Formations).toContainEqual(['SIO', 'BTS Services informatiques aux organisations', 'Oui', 'Lyon, Paris']);
    expect(sheets.Formations).toContainEqual(['NTC', 'Titre professionnel Négociateur technico-commercial', 'Non', 'Lyon']);
    expect(sheets['Groupes de formation']![0]).toEqual(['Nom court', 'Nom', 'Formation', 'Variante', 'Campus', 'Session', 'Début', 'Fin']);
    expect(sheets['Groupes de formation']!.map((r) => r[0])).toEqual(expect.arrayContaining(['MCO1-PAR', 'MCO1-LYO', 'SIO1-SISR-LYO']));
    expect(sheets.Salles![0]).toEqual(['Campus', 'Site', 'Bâtiment', 'Salle', 'Capacité']);
    expect(sheets.Salles).toContainEqual(['Paris', 'Paris Nation', 'Bâtiment A', 'A101', 30]);
    expect(sheets.Salles).toContainEqual(['Lyon', 'Lyon Part-Dieu', 'Bâtiment Rhône', 'R1', 28]);
  });

  it('writes the groups\' start and end as date cells Excel sorts and filters, shown as SPEC §9 writes them', async () => {
    const file = await download('pedagogy', '/api/training-center/export', 'en');
    const workbook = await readWorkbook(file.body);
    const groups = workbook.worksheets[1]!;
    const [start, end] = (groups.getRow(1).values as string[]).slice(-2) as [string, string];
    for (const column of [start, end]) expect(expectDateCells(columnCells(groups, column), 'dd/mm/yyyy'), column).toBeNull();
    const group = await app.core.db.knex('training_groups').where({ short_name: 'MCO1-PAR' }).orderBy('start_date', 'desc')
      .first(app.core.db.knex.raw("to_char(start_date, 'YYYY-MM-DD') AS day"));
    const row = groups.getRows(2, groups.rowCount - 1)!.find((r) => r.getCell(1).value === 'MCO1-PAR' && (r.getCell(7).value as Date).toISOString().startsWith(group.day));
    expect(row).toBeDefined();
  });

  it('speaks English on the English path to an English user', async () => {
    const file = await download('management', '/api/training-center/export', 'en');
    expect(file.headers.get('content-disposition')).toMatch(/filename="training-centre-/);
    const sheets = await read(file.body);
    expect(Object.keys(sheets)).toEqual(['Trainings', 'Training groups', 'Rooms']);
    expect(sheets.Rooms![0]).toEqual(['Campus', 'Site', 'Building', 'Room', 'Capacity']);
  });

  it('keeps an actor of Paris to Paris', async () => {
    const sheets = await read((await download('isd', '/api/training-center/export', 'fr')).body);
    const text = JSON.stringify(sheets);
    expect(text).not.toContain('Lyon');
    expect(sheets.Formations!.map((r) => r[0])).not.toContain('NTC');
    expect(sheets['Groupes de formation']!.slice(1).every((r) => r[4] === 'Paris')).toBe(true);
    expect(sheets.Salles!.slice(1).every((r) => r[0] === 'Paris')).toBe(true);
    expect(sheets.Salles!.length).toBeGreaterThan(1);
  });

  it('gives read-only the trainings and groups but no rooms (SPEC §6), and a teacher Access Denied.', async () => {
    const sheets = await read((await download('read-only', '/api/training-center/export', 'fr')).body);
    expect(sheets.Formations!.length).toBeGreaterThan(1);
    expect(sheets.Salles).toEqual([['Campus', 'Site', 'Bâtiment', 'Salle', 'Capacité']]);
    const teacher = await download('teacher', '/api/training-center/export', 'fr');
    expect(teacher.status).toBe(403);
    expect(reasonOf(JSON.parse(teacher.body.toString()).errors[0])).toBe('Access Denied.');
    const anonymous = await fetch(`${app.baseUrl}/api/training-center/export`);
    expect(anonymous.status).toBe(401);
  });
});
