import { describe, expect, it } from 'vitest';
import { fetchAllPages, toCsv } from './csv.ts';

describe('CSV export', () => {
  it('starts with a BOM for Excel, quotes what needs quoting and defuses formulas', () => {
    const csv = toCsv([{ title: '名称', value: (r: { n: string }) => r.n }, { title: '数量', value: () => 3 }], [{ n: 'a,"b"' }, { n: '=SUM(A1)' }]);
    expect(csv).toBe('\uFEFF名称,数量\r\n"a,""b""",3\r\n\'=SUM(A1),3\r\n');
  });

  it('fetches every page in pages of 500 until the total is reached', async () => {
    const asked: number[] = [];
    const rows = await fetchAllPages(async ({ currentPage, pageSize }) => {
      asked.push(currentPage);
      const start = (currentPage - 1) * pageSize;
      return { totalCount: 1200, items: Array.from({ length: Math.min(pageSize, 1200 - start) }, (_, i) => start + i) };
    });
    expect(asked).toEqual([1, 2, 3]);
    expect(rows).toHaveLength(1200);
  });
});
