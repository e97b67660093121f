import ExcelJS from 'exceljs';

/** A downloaded workbook, read back with exceljs. */
export async function readWorkbook(body: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  return workbook;
}

/**
 * The cells under the header `name` of a sheet's first row, below it: what a test checks is a real date cell (type Date,
 * the app's day format, xlsxFormats), not text. Empty cells are left out.
 */
export function columnCells(sheet: ExcelJS.Worksheet, name: string): { type: ExcelJS.ValueType; numFmt: string | undefined; value: unknown }[] {
  const headers = (sheet.getRow(1).values as unknown[]).slice(1);
  const index = headers.indexOf(name);
  if (index < 0) throw new Error(`no column ${name} in ${JSON.stringify(headers)}`);
  const cells: { type: ExcelJS.ValueType; numFmt: string | undefined; value: unknown }[] = [];
  sheet.eachRow((row, number) => {
    const cell = row.getCell(index + 1);
    if (number > 1 && cell.type !== ExcelJS.ValueType.Null) cells.push({ type: cell.type, numFmt: cell.numFmt, value: cell.value });
  });
  return cells;
}

/** Every value is a date cell showing `format`, at midnight UTC for a date-only format (Excel has no zones). */
export function expectDateCells(cells: ReturnType<typeof columnCells>, format: string): string | null {
  if (!cells.length) return 'no cell';
  for (const cell of cells) {
    if (cell.type !== ExcelJS.ValueType.Date) return `not a date: ${JSON.stringify(cell.value)} (type ${cell.type})`;
    if (cell.numFmt !== format) return `format ${cell.numFmt}, not ${format}`;
    if (!format.includes('hh') && !(cell.value as Date).toISOString().endsWith('T00:00:00.000Z')) return `not a day: ${(cell.value as Date).toISOString()}`;
  }
  return null;
}
