import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { xlsxContentType, xlsxDateColumns, xlsxDay, type Actor, type Translate, type FileToSend } from '@alterna/core';
import { perm, roomTypologies } from '../permissions.js';
import type { ServiceContext } from './context.js';
import type { TrainingGroupsService } from './training-groups.js';
import type { TrainingsService } from './trainings.js';
import type { Training, TrainingGroup } from './types.js';

/** A room as the export lists it. */
export interface ExportRoom {
  campus: string;
  site: string;
  building: string;
  name: string;
  size: number;
}

export type TrainingCentreExport = FileToSend;

export interface ExportService {
  /** GET /training-center/export: the actor's campuses only, headers in the user's language. */
  trainingCentre(actor: Actor | null, t: Translate): Promise<TrainingCentreExport>;
  /** Rooms of those campuses with building, site and campus names. */
  rooms(campusIds: string[]): Promise<ExportRoom[]>;
}


export function exportService(ctx: ServiceContext, deps: { trainings: TrainingsService; groups: TrainingGroupsService }): ExportService {

  const rooms: ExportService['rooms'] = async (campusIds) => {
    if (!campusIds.length) return [];
    // The rooms are training-centre's: its service gives them with building, site and campus (one set query).
    const rooms = await ctx.core.module('training-centre').rooms.list(campusIds);
    return rooms.map((room) => ({ campus: room.building.site.campus.name, site: room.building.site.name, building: room.building.name, name: room.name, size: room.size }));
  };

  return {
    rooms,
    async trainingCentre(actor, t) {
      const campuses = ctx.campusesFor(actor, perm.export);
      // Everything is read before the first byte goes out, so a failure is still a clean error answer.
      const trainings = await deps.trainings.list(actor, { campusIds: campuses });
      const groups = await deps.groups.list(actor, { campusIds: campuses });
      const roomCampuses = [...new Set(actor!.rules.filter((r) => roomTypologies.includes(r.typology)).map((r) => r.campusId))].filter((id) => campuses.includes(id));
      const roomList = await rooms(roomCampuses);
      const stream = new PassThrough();
      void writeWorkbook(stream, { trainings, groups, rooms: roomList }, t).catch((error: unknown) => stream.destroy(error as Error));
      return { filename: `${t('trainings.export.filename')}-${ctx.today()}.xlsx`, contentType: xlsxContentType, stream };
    },
  };
}

/** Streams the workbook: one sheet per kind, a bold header row in the user's language. */
export async function writeWorkbook(
  stream: PassThrough,
  data: { trainings: Training[]; groups: TrainingGroup[]; rooms: ExportRoom[] },
  t: Translate,
): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = (name: string, columns: { key: string; width: number }[]) => {
    const worksheet = workbook.addWorksheet(t(`trainings.export.sheets.${name}`));
    worksheet.columns = columns.map((c) => ({ key: c.key, width: c.width }));
    const header = worksheet.addRow(columns.map((c) => t(`trainings.export.columns.${name}.${c.key}`)));
    header.font = { bold: true };
    header.commit();
    return worksheet;
  };
  const yesNo = (value: boolean) => t(value ? 'trainings.export.yes' : 'trainings.export.no');

  const trainings = sheet('trainings', [
    { key: 'shortName', width: 14 }, { key: 'name', width: 48 }, { key: 'published', width: 10 }, { key: 'campuses', width: 24 },
  ]);
  for (const training of data.trainings) {
    trainings.addRow([training.shortName, training.name, yesNo(training.isPublished), training.campuses.map((c) => c.name).join(', ')]).commit();
  }
  trainings.commit();

  const groups = sheet('groups', [
    { key: 'shortName', width: 14 }, { key: 'name', width: 40 }, { key: 'training', width: 14 }, { key: 'variant', width: 18 },
    { key: 'campus', width: 14 }, { key: 'session', width: 12 }, { key: 'startDate', width: 12 }, { key: 'endDate', width: 12 },
  ]);
  xlsxDateColumns(groups, ['startDate', 'endDate']);
  for (const group of data.groups) {
    groups
      .addRow([group.shortName, group.name, group.training.shortName, group.variant.name, group.campus.name, group.trainingSession.name, xlsxDay(group.startDate), xlsxDay(group.endDate)])
      .commit();
  }
  groups.commit();

  const rooms = sheet('rooms', [
    { key: 'campus', width: 14 }, { key: 'site', width: 20 }, { key: 'building', width: 20 }, { key: 'name', width: 16 }, { key: 'size', width: 10 },
  ]);
  for (const room of data.rooms) rooms.addRow([room.campus, room.site, room.building, room.name, Number(room.size)]).commit();
  rooms.commit();

  await workbook.commit();
}
