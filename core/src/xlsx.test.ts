import { describe, expect, it } from 'vitest';
import { xlsxDateColumns, xlsxDay, xlsxFormats, xlsxWallTime } from './xlsx.js';

describe('xlsx date cells', () => {
  it('writes a day as that day at midnight, whatever the machine’s zone', () => {
    expect((xlsxDay('2026-11-14') as Date).toISOString()).toBe('2026-11-14T00:00:00.000Z');
    expect(xlsxDay(null)).toBe('');
    expect(xlsxDay('not a day')).toBe('');
  });

  it('writes an instant as its wall time in Paris, on either side of the clock changes', () => {
    expect((xlsxWallTime('2026-11-14T08:30:05Z') as Date).toISOString()).toBe('2026-11-14T09:30:05.000Z');
    expect((xlsxWallTime(new Date('2026-07-01T22:15:00Z')) as Date).toISOString()).toBe('2026-07-02T00:15:00.000Z');
    expect(xlsxWallTime(undefined)).toBe('');
  });

  it('gives the named columns the day and time as a person reads them, not ISO', () => {
    const columns = new Map<string, { numFmt?: string }>();
    const sheet = { getColumn: (key: string) => columns.get(key) ?? columns.set(key, { numFmt: '' }).get(key)! };
    xlsxDateColumns(sheet, ['start']);
    xlsxDateColumns(sheet, ['at'], 'dateTime');
    expect(columns.get('start')!.numFmt).toBe('dd/mm/yyyy');
    expect(columns.get('at')!.numFmt).toBe(xlsxFormats.dateTime);
    expect(xlsxFormats.dateTime).toBe('dd/mm/yyyy hh:mm');
  });
});
