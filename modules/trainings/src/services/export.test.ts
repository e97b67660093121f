import { PassThrough } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { Translate } from '@alterna/core';
import { moduleT } from '../locales/test-i18n.js';
import { writeWorkbook } from './export.js';
import type { TrainingGroup } from './types.js';

let t: { fr: Translate; en: Translate };
beforeAll(async () => {
  t = await moduleT();
});

const paris = { id: 'p', uuid: 'p', name: 'Paris' };
const session = { id: 's', uuid: 's', name: '2026-2027', startDate: '2026-09-01', endDate: '2027-08-31', isCurrent: true };
const group: TrainingGroup = {
  id: 'g', uuid: 'g', name: 'BTS SIO 1re année SLAM – Paris', shortName: 'SIO1-SLAM-PAR', startDate: '2026-09-01', endDate: '2027-08-31',
  campus: paris, trainingSession: session, training: { id: 't', uuid: 't', name: 'BTS SIO', shortName: 'SIO', isPublished: true }, variant: { id: 'v', uuid: 'v', name: 'SLAM' },
};

async function write(language: 'fr' | 'en') {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => stream.on('end', resolve));
  await writeWorkbook(stream, {
    trainings: [{ id: 't', uuid: 't', name: 'BTS SIO', shortName: 'SIO', isPublished: true, campuses: [paris] }],
    groups: [group],
    rooms: [{ campus: 'Paris', site: 'Paris Nation', building: 'Bâtiment A', name: 'A101', size: 30 }],
  }, t[language]);
  await ended;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  return workbook;
}

const rows = (sheet: ExcelJS.Worksheet | undefined) => {
  const out: unknown[][] = [];
  sheet?.eachRow((row) => out.push((row.values as unknown[]).slice(1)));
  return out;
};

describe('training centre workbook', () => {
  it('has the trainings, groups and rooms sheets with French headers', async () => {
    const workbook = await write('fr');
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Formations', 'Groupes de formation', 'Salles']);
    expect(rows(workbook.getWorksheet('Formations'))).toEqual([['Nom court', 'Nom', 'Publiée', 'Campus'], ['SIO', 'BTS SIO', 'Oui', 'Paris']]);
    expect(rows(workbook.getWorksheet('Groupes de formation'))[1]).toEqual(['SIO1-SLAM-PAR', 'BTS SIO 1re année SLAM – Paris', 'SIO', 'SLAM', 'Paris', '2026-2027', new Date('2026-09-01T00:00:00Z'), new Date('2027-08-31T00:00:00Z')]);
    expect(rows(workbook.getWorksheet('Salles'))).toEqual([['Campus', 'Site', 'Bâtiment', 'Salle', 'Capacité'], ['Paris', 'Paris Nation', 'Bâtiment A', 'A101', 30]]);
    expect(workbook.getWorksheet('Formations')?.getRow(1).font?.bold).toBe(true);
  });

  it('speaks English to an English user', async () => {
    const workbook = await write('en');
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Trainings', 'Training groups', 'Rooms']);
    expect(rows(workbook.getWorksheet('Training groups'))[0]).toEqual(['Short name', 'Name', 'Training', 'Variant', 'Campus', 'Session', 'Start', 'End']);
  });
});
