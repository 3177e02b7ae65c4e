// Issue 42 items 5d and 5e: what the product writes into a spreadsheet is never a formula a seller
// typed, and what it reads from one is text or a number a person typed, not a formula's cached
// result nor a boolean turned into the tracking number "true".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { call, createTestApp, signIn, svc, type Caller, type Envelope, type TestApp } from '../helpers/test-app.ts';
import { authHeaders, multipart } from '../helpers/upload.ts';
import { createUser, registerSeller } from '../factories/identity.ts';
import { buildOrder, createOrder, createStore, trackingNo } from '../factories/orders.ts';

// (A leading tab or CR is trimmed off a remark when it is saved; shared/inert-text.test.ts covers them.)
const FORMULAS = ['=HYPERLINK("http://evil.example","点我")', '+1+2', '-2+3', '@SUM(A1)'];

describe('spreadsheets in and out', () => {
  let t: TestApp;
  let admin: Caller;
  let picker: Caller;
  let seller: Awaited<ReturnType<typeof registerSeller>>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, 'admin', '123qwe', 1);
    const p = await createUser(t.app, admin, { roleNames: ['Warehouse'] });
    picker = await signIn(t.app, p.userName, p.password, 1);
    seller = await registerSeller(t.app, 1);
  });
  afterAll(async () => t?.close());

  describe('exports', () => {
    it('writes seller text that would start a formula with a leading apostrophe, for seller and staff alike', async () => {
      const storeId = (await createStore(t.app, admin, seller.userId)).id;
      const warehouseId = (await call(t.app, 'GET', svc('WarehouseInfo', 'GetWarehouseInfoList'), admin)).body.result.items[0].id;
      for (const reMark of FORMULAS) await createOrder(t.app, seller, buildOrder(storeId, warehouseId, { reMark }));
      await createOrder(t.app, seller, buildOrder(storeId, warehouseId, { reMark: '普通备注 =1' }));

      for (const [path, who] of [['GetFrontExpressExportMainlandOrderInfo', seller], ['GetExpressExportMainlandOrderInfo', admin]] as const) {
        const res = await t.app.inject({ method: 'GET', url: `/api/File/${path}`, headers: authHeaders(who) });
        expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
        const wb = new ExcelJS.Workbook();
        await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
        const ws = wb.worksheets[0]!;
        const header = (ws.getRow(1).values as unknown[]).slice(1);
        const col = header.indexOf('备注') + 1;
        expect(col, path).toBeGreaterThan(0);
        const cells: ExcelJS.Cell[] = [];
        ws.eachRow((row, n) => { if (n > 1) cells.push(row.getCell(col)); });
        // No cell is a formula; each dangerous remark is the text with an apostrophe in front.
        expect(cells.every((c) => c.type !== ExcelJS.ValueType.Formula), path).toBe(true);
        const texts = cells.map((c) => c.value);
        for (const reMark of FORMULAS) expect(texts, `${path} ${JSON.stringify(reMark)}`).toContain(`'${reMark}`);
        expect(texts).toContain('普通备注 =1');
      }
    });
  });

  describe('imports', () => {
    /** A sheet whose data cells are given as exceljs values: text, numbers, booleans, formulas. */
    async function sheet(header: string[], rows: ExcelJS.CellValue[][]): Promise<Buffer> {
      const workbook = new ExcelJS.Workbook();
      const ws = workbook.addWorksheet('导入');
      ws.addRow(header);
      for (const r of rows) ws.addRow(r);
      return Buffer.from(await workbook.xlsx.writeBuffer());
    }
    async function upload<T>(url: string, bytes: Buffer) {
      const { payload, contentType } = await multipart([{ fileName: '导入.xlsx', bytes, type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }]);
      const res = await t.app.inject({ method: 'POST', url, headers: { ...authHeaders(picker), 'content-type': contentType }, payload });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      return (res.json() as Envelope<T>).result;
    }

    it('ImportExpress: a formula or a boolean in a cell is that row\'s error, the other rows are declared', async () => {
      const good = trackingNo('YT');
      const cached = trackingNo('ZT');
      const result = await upload<{ created: number; failed: number; errors: { row: number; reason: string }[] }>('/api/File/ImportExpress', await sheet(
        ['快递单号', '卖家编码'],
        [
          [good, seller.userCode],
          [{ formula: `"${cached}"`, result: cached }, seller.userCode],
          [true, seller.userCode],
          [trackingNo('JD'), { formula: 'UPPER("x")', result: seller.userCode }],
        ],
      ));
      expect(result).toMatchObject({ created: 1, failed: 3 });
      expect(result.errors.map((e) => e.row)).toEqual([3, 4, 5]);
      expect(result.errors[0]!.reason).toContain('「快递单号」是公式');
      expect(result.errors[1]!.reason).toContain('「快递单号」是布尔值');
      expect(result.errors[2]!.reason).toContain('「卖家编码」是公式');
      // Neither the formula's cached value nor "true" became a parcel.
      for (const shipment of [cached, 'true', 'TRUE']) {
        const found = await call(t.app, 'GET', svc('Logistics', 'GetLogisticsList'), admin, { shipment });
        expect(found.body.result.items, shipment).toEqual([]);
      }
    });

    it('ImportAdvanceOrder: the same rule, a row error per refused cell', async () => {
      const good = trackingNo('YD');
      const result = await upload<{ imported: number; failed: { row: number; reason: string }[] }>('/api/File/ImportAdvanceOrder', await sheet(
        ['快递单号', '备注'],
        [[good, 'ok'], [{ formula: `"${trackingNo('SF')}"`, result: 'SF123456789' }, null], [false, null], [trackingNo('EMS'), new Date()]],
      ));
      expect(result.imported).toBe(1);
      expect(result.failed.map((f) => f.row)).toEqual([3, 4, 5]);
      expect(result.failed[0]!.reason).toContain('「快递单号」是公式');
      expect(result.failed[1]!.reason).toContain('「快递单号」是布尔值');
      expect(result.failed[2]!.reason).toContain('「备注」是日期');
    });
  });
});
