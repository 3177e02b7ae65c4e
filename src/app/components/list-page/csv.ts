// CSV export of what a list shows. Excel opens UTF-8 CSV correctly only with a BOM, and a cell
// starting with = + - @ would be run as a formula, so such cells get a leading apostrophe (shared/inert-text.ts).
import { inertText } from '#shared/inert-text.ts';

export interface ExportColumn<T> {
  title: string;
  value: (row: T) => string | number | boolean | null | undefined;
}

function cell(v: string | number | boolean | null | undefined): string {
  if (v === null || v === undefined) return '';
  const s = typeof v === 'string' ? inertText(v) : String(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv<T>(columns: readonly ExportColumn<T>[], rows: readonly T[]): string {
  const lines = [columns.map((c) => cell(c.title)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => cell(c.value(row))).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName.endsWith('.csv') ? fileName : `${fileName}.csv`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Fetches every page of a paged list (in pages of 500, the server's maximum), up to `limit` rows. */
export async function fetchAllPages<T>(
  fetchPage: (paging: { currentPage: number; pageSize: number }) => Promise<{ totalCount: number; items: T[] }>,
  limit = 10_000,
): Promise<T[]> {
  const pageSize = 500;
  const rows: T[] = [];
  for (let currentPage = 1; rows.length < limit; currentPage++) {
    const page = await fetchPage({ currentPage, pageSize });
    rows.push(...page.items);
    if (page.items.length < pageSize || rows.length >= page.totalCount) break;
  }
  return rows.slice(0, limit);
}
