// Work on many orders at once (issue 44 §5): the selected orders' packing labels as ONE PDF (a
// 100×100 mm page each, at most 100 ids, orders the rule does not let print left out) and the
// selected orders as an xlsx — staff any of the tenant's, a seller only his own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { call, createTestApp, signIn, svc, type Caller, type TestApp } from '../helpers/test-app.ts';
import { registerSeller } from '../factories/identity.ts';
import { buildOrder, createOrder, createStore } from '../factories/orders.ts';

const hexOf = (s: string) => Buffer.from(s, 'latin1').toString('hex');
const pages = (text: string) => (text.match(/\/Type \/Page\b/g) ?? []).length;

describe('selected orders: labels and export', () => {
  let t: TestApp;
  let admin: Caller;
  let seller: Awaited<ReturnType<typeof registerSeller>>;
  let other: Awaited<ReturnType<typeof registerSeller>>;
  let mine: Awaited<ReturnType<typeof createOrder>>[];
  let cancelled: Awaited<ReturnType<typeof createOrder>>;
  let theirs: Awaited<ReturnType<typeof createOrder>>;

  const get = (path: string, who: Caller, query: string) =>
    t.app.inject({ method: 'GET', url: `/api/File/${path}${query}`, headers: { authorization: `Bearer ${who.token}`, 'abp.tenantid': '1' } });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, 'admin', '123qwe', 1);
    seller = await registerSeller(t.app, 1);
    other = await registerSeller(t.app, 1);
    const warehouseId = (await call(t.app, 'GET', svc('WarehouseInfo', 'GetWarehouseInfoList'), admin)).body.result.items[0].id;
    const store = (await createStore(t.app, admin, seller.userId)).id;
    mine = [await createOrder(t.app, seller, buildOrder(store, warehouseId)), await createOrder(t.app, seller, buildOrder(store, warehouseId))];
    cancelled = await createOrder(t.app, seller, buildOrder(store, warehouseId));
    expect((await call(t.app, 'POST', `${svc('FrontOrder', 'CancelOrder')}?id=${cancelled.id}`, seller)).status).toBe(200);
    theirs = await createOrder(t.app, other, buildOrder((await createStore(t.app, admin, other.userId)).id, warehouseId));
  });
  afterAll(async () => t?.close());

  it('prints the selected orders\' labels as one PDF, a page each, leaving out a cancelled one', async () => {
    const ids = [mine[0]!.id, mine[1]!.id, cancelled.id, theirs.id];
    const res = await get('GetOrderLabels', admin, `?ids=${ids.join(',')}`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = res.rawPayload.toString('latin1');
    expect(pages(text)).toBe(3);
    for (const o of [mine[0]!, mine[1]!, theirs]) expect(text).toContain(`<${hexOf(o.tradeNo)}>`);
    expect(text).not.toContain(`<${hexOf(cancelled.tradeNo)}>`);
    // Only cancelled ones: nothing to print, the rule's refusal.
    expect((await get('GetOrderLabels', admin, `?ids=${cancelled.id}`)).statusCode).toBe(409);
  });

  it('a seller prints and exports his own selected orders only', async () => {
    const res = await get('GetFrontOrderLabels', seller, `?ids=${mine[0]!.id},${mine[1]!.id}`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(pages(res.rawPayload.toString('latin1'))).toBe(2);
    expect((await get('GetFrontOrderLabels', seller, `?ids=${mine[0]!.id},${theirs.id}`)).statusCode).toBe(404);
    expect((await get('GetOrderLabels', seller, `?ids=${mine[0]!.id}`)).statusCode).toBe(403);

    const sheet = await rowsOf(await get('GetFrontOrderExportSelected', seller, `?ids=${mine[0]!.id},${theirs.id}`));
    expect(sheet.slice(1).map((r) => r[0])).toEqual([mine[0]!.tradeNo]);
  });

  it('exports the selected orders by id (staff), newest first', async () => {
    const sheet = await rowsOf(await get('GetOrderExportSelected', admin, `?ids=${mine[0]!.id},${theirs.id}`));
    expect(sheet[0]!.slice(0, 2)).toEqual(['交易号', '订单号']);
    expect(sheet.slice(1).map((r) => r[0])).toEqual([theirs.tradeNo, mine[0]!.tradeNo]);
  });

  it('refuses more than 100 labels, or no ids, before drawing a page', async () => {
    const many = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
    expect((await get('GetOrderLabels', admin, `?ids=${many}`)).statusCode).toBe(400);
    expect((await get('GetOrderLabels', admin, '')).statusCode).toBe(400);
  });
});

async function rowsOf(res: { statusCode: number; body: string; headers: Record<string, unknown>; rawPayload: Buffer }) {
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const rows: string[][] = [];
  wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
  return rows;
}
