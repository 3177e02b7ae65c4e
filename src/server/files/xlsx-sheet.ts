// Reading an imported sheet (ExpressImport, AdvanceOrder): row 1 is the header, its names matched
// exactly (column order free); the rows after it are the data, each as trimmed text by column; blank
// rows are skipped. A cell is text or a number: a formula (its cached result is not data), a boolean,
// a date or an error value makes its row's `problem`, which the importer reports as that row's error.
// The archive has been checked before (modules/files/xlsx-upload.ts).
import type ExcelJS from 'exceljs';
import { invalid } from '../lib/errors.ts';
import { loadExcel } from './xlsx.ts';

export const SHEET_MESSAGES = {
  notXlsx: '只支持 .xlsx 格式的 Excel 文件。',
  noSheet: 'Excel 文件中没有工作表。',
  noRows: '表格中没有数据行。',
  tooManyRows: (max: number) => `一次最多导入 ${max} 行。`,
  missingColumn: (name: string) => `表头缺少列：${name}（第 1 行）。`,
} as const;

/**
 * A data row: its row number in the sheet (header = 1) and the text of each named column; `problem`,
 * when a cell of it is not text or a number (that cell reads as ''): the row's error, said to the user.
 */
export type SheetRow<K extends string> = { row: number; problem?: string } & Record<K, string>;

/** What a cell holds that an import does not take as data, by exceljs's cell type. */
function refusedKind(cell: ExcelJS.Cell): string | null {
  const type = loadExcel().ValueType;
  switch (cell.type) {
    case type.Formula: return '公式（导入不读取公式的计算结果，请粘贴为数值）';
    case type.Boolean: return '布尔值（TRUE/FALSE）';
    case type.Date: return '日期';
    case type.Error: return '错误值';
    default: return null;
  }
}

const cellText = (cell: ExcelJS.Cell | undefined): string => {
  if (!cell || cell.value === null || cell.value === undefined) return '';
  const v = cell.value;
  // Long digit-only tracking numbers arrive as numbers: write them out without exponent or grouping.
  if (typeof v === 'number') return Number.isInteger(v) ? BigInt(v).toString() : String(v);
  return cell.text.trim();
};

/**
 * The first worksheet's data rows. Refuses (400, member `file`) a file exceljs cannot read, a missing
 * required column, no data rows, or more than `maxRows` of them.
 */
export async function readSheet<K extends string>(
  bytes: Buffer, columns: Record<K, string>, required: readonly NoInfer<K>[], maxRows: number,
): Promise<SheetRow<K>[]> {
  const workbook = new (loadExcel().Workbook)();
  try {
    await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  } catch {
    throw invalid('file', SHEET_MESSAGES.notXlsx);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw invalid('file', SHEET_MESSAGES.noSheet);
  const keys = Object.keys(columns) as K[];
  const at: Partial<Record<K, number>> = {};
  sheet.getRow(1).eachCell((cell, col) => {
    const name = cell.text.trim();
    for (const key of keys) if (name === columns[key] && at[key] === undefined) at[key] = col;
  });
  for (const key of required) if (at[key] === undefined) throw invalid('file', SHEET_MESSAGES.missingColumn(columns[key]));
  // rowCount is the last used row: a cheap bound before reading anything.
  if (sheet.rowCount - 1 > maxRows * 2) throw invalid('file', SHEET_MESSAGES.tooManyRows(maxRows));
  const rows: SheetRow<K>[] = [];
  for (let n = 2; n <= sheet.rowCount; n++) {
    const r = sheet.getRow(n);
    const row = { row: n } as SheetRow<K>;
    let blank = true;
    for (const key of keys) {
      const cell = at[key] === undefined ? undefined : r.getCell(at[key]);
      const refused = cell && refusedKind(cell);
      if (refused) {
        row.problem ??= `「${columns[key]}」是${refused}，只接受文本或数字`;
        blank = false;
      }
      const value = refused ? '' : cellText(cell);
      (row as Record<K, string>)[key] = value;
      if (value) blank = false;
    }
    if (blank) continue;
    rows.push(row);
    if (rows.length > maxRows) throw invalid('file', SHEET_MESSAGES.tooManyRows(maxRows));
  }
  if (rows.length === 0) throw invalid('file', SHEET_MESSAGES.noRows);
  return rows;
}

/** An import template: the header row and example rows, as xlsx bytes. */
export async function sheetTemplate(sheetName: string, header: readonly string[], examples: readonly (readonly string[])[]): Promise<Buffer> {
  const workbook = new (loadExcel().Workbook)();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = header.map((h) => ({ header: h, width: Math.max(14, h.length * 4) }));
  sheet.getRow(1).font = { bold: true };
  // Text cells: a long digit-only tracking number typed into the template must not become 7.7E+13.
  for (let c = 1; c <= header.length; c++) sheet.getColumn(c).numFmt = '@';
  for (const example of examples) sheet.addRow([...example]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
