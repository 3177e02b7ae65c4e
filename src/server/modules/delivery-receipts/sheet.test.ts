import { describe, expect, it } from 'vitest';
import { SHEET_COLUMNS } from './sheet.ts';

describe('交接单 sheet', () => {
  it('heads its columns with the words the screens use, never a field name such as (tradeNo)', () => {
    expect(SHEET_COLUMNS.map((c) => c.title)).toEqual(['序号', '订单号', '平台订单号', '重量 (kg)']);
    for (const c of SHEET_COLUMNS) expect(c.title).not.toMatch(/[A-Za-z]{3,}/);
  });
});
