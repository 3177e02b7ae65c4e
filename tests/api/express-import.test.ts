// ExpressImport (issue 4 §5): staff declare tracking numbers for sellers from an xlsx
// (POST /api/File/ImportExpress) and list the imports (ExpressImport/GetExpressImportList).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { call, createTestApp, rowsOf, signIn, svc, type Caller, type Envelope, type TestApp } from '../helpers/test-app.ts';
import { authHeaders, multipart, png } from '../helpers/upload.ts';
import { createUser, registerSeller } from '../factories/identity.ts';
import { trackingNo } from '../factories/orders.ts';

const IMPORT_URL = '/api/File/ImportExpress';
const LIST_URL = svc('ExpressImport', 'GetExpressImportList');

type Cell = string | number | null;

/** A real xlsx: the header row, then the data rows. */
async function xlsx(header: string[], rows: Cell[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('快递单');
  sheet.addRow(header);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

interface ImportDto { id: number; fileName: string; totalRows: number; created: number; skipped: number; failed: number; errors: { row: number; shipment: string; reason: string }[]; userName: string; creationTime: string }

describe('ExpressImport', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let admin: Caller;
  let picker: Caller;
  let seller: Awaited<ReturnType<typeof registerSeller>>;
  let other: Awaited<ReturnType<typeof registerSeller>>;
  let warehouse: { id: number; warehouseName: string };

  beforeAll(async () => {
    t = await createTestApp();
    app = t.app;
    admin = await signIn(app, 'admin', '123qwe', 1);
    const p = await createUser(app, admin, { roleNames: ['Warehouse'], name: '收货员小王' });
    picker = await signIn(app, p.userName, p.password, 1);
    seller = await registerSeller(app, 1);
    other = await registerSeller(app, 1);
    const w = await call(app, 'GET', svc('WarehouseInfo', 'GetWarehouseInfoList'), admin, { isEnabled: true });
    warehouse = w.body.result.items[0];
  });
  afterAll(async () => {
    await t?.close();
  });

  const upload = async (who: Caller, bytes: Buffer, fileName = '快递导入.xlsx') => {
    const { payload, contentType } = await multipart([{ fileName, bytes, type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }]);
    const res = await app.inject({ method: 'POST', url: IMPORT_URL, headers: { ...authHeaders(who), 'content-type': contentType }, payload });
    return { status: res.statusCode, body: res.json() as Envelope<ImportDto> };
  };
  const parcelOf = async (shipment: string) => {
    const res = await call(app, 'GET', svc('Logistics', 'GetLogisticsList'), admin, { shipment });
    expect(res.status).toBe(200);
    return res.body.result.items[0] as { id: number; receiveStatus: number; userCode: string | null; warehouseInfoId: number | null; reMark: string | null } | undefined;
  };
  const scan = (shipment: string) => call(app, 'POST', svc('Logistics', 'SignByScan'), picker, { shipment, warehouseInfoId: warehouse.id });

  it('declares new numbers for the sellers named (column order free); the scan then signs them for that seller', async () => {
    const a = trackingNo('YT');
    const b = trackingNo('ZT');
    const digits = `77${Date.now().toString().slice(-11)}1`; // a long digit-only number, stored by Excel as a number
    const bytes = await xlsx(['备注', '卖家编码', '快递单号', '仓库'], [
      ['易碎', seller.userCode, a, warehouse.warehouseName],
      [null, other.userCode, b, null],
      [null, seller.userCode, Number(digits), null],
      [], // blank rows are ignored
    ]);
    const res = await upload(picker, bytes);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.result).toMatchObject({ fileName: '快递导入.xlsx', totalRows: 3, created: 3, skipped: 0, failed: 0, errors: [], userName: '收货员小王' });

    expect(await parcelOf(a)).toMatchObject({ receiveStatus: 0, userCode: seller.userCode, warehouseInfoId: warehouse.id, reMark: '易碎' });
    expect(await parcelOf(b)).toMatchObject({ receiveStatus: 0, userCode: other.userCode, warehouseInfoId: warehouse.id });
    expect(await parcelOf(digits)).toMatchObject({ receiveStatus: 0, userCode: seller.userCode });

    // The seller sees it among their own parcels, as if they had declared it.
    const mine = await call(app, 'GET', svc('UserExpressInfo', 'GetUserExpressInfoList'), seller, { shipment: a });
    expect(mine.body.result.totalCount).toBe(1);

    const signed = await scan(a);
    expect(signed.status).toBe(200);
    expect(signed.body.result).toMatchObject({ action: 'SIGNED', userCode: seller.userCode, parcel: { receiveStatus: 1 } });
  });

  it('claims a number already signed in as 无主件 for the seller, audited', async () => {
    const n = trackingNo('JD');
    expect((await scan(n)).body.result.action).toBe('UNCLAIMED');
    expect(await parcelOf(n)).toMatchObject({ receiveStatus: 5, userCode: null });

    const res = await upload(picker, await xlsx(['快递单号', '卖家编码'], [[n, seller.userCode]]));
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ totalRows: 1, created: 1, skipped: 0, failed: 0 });
    const parcel = await parcelOf(n);
    expect(parcel).toMatchObject({ receiveStatus: 1, userCode: seller.userCode });

    const trail = rowsOf<{ action: string; status_before: string; status_after: string; user_name: string }>(await t.database.root.execute(
      sql`select action, status_before, status_after, user_name from order_operates where entity = 'parcel' and entity_id = ${parcel!.id} order by id`));
    expect(trail.at(-1)).toMatchObject({ action: 'claim', status_before: '5', status_after: '1', user_name: '收货员小王' });
    // Signing it again changes nothing.
    expect((await scan(n)).body.result.action).toBe('ALREADY');
  });

  it('skips numbers already declared (by anyone, or earlier in the same file) and fails bad rows with their row numbers', async () => {
    const taken = trackingNo('SF');
    expect((await upload(picker, await xlsx(['快递单号', '卖家编码'], [[taken, other.userCode]]))).body.result.created).toBe(1);

    const fresh = trackingNo('SF');
    const res = await upload(admin, await xlsx(['快递单号', '卖家编码', '仓库'], [
      [taken, seller.userCode, null], // row 2: already declared for `other`
      [fresh, 'S99999', null], // row 3: unknown seller
      ['AB C!', seller.userCode, null], // row 4: malformed number
      [fresh, seller.userCode, null], // row 5: fine
      [fresh, seller.userCode, null], // row 6: same number again
      [trackingNo('SF'), seller.userCode, '不存在的仓库'], // row 7: unknown warehouse
      [trackingNo('SF'), null, null], // row 8: no seller code
    ]), 'mixed.xlsx');
    expect(res.status).toBe(200);
    const r = res.body.result;
    expect(r).toMatchObject({ fileName: 'mixed.xlsx', totalRows: 7, created: 1, skipped: 2, failed: 4 });
    expect(r.errors.map((e) => e.row)).toEqual([2, 3, 4, 6, 7, 8]);
    expect(r.errors[0]).toMatchObject({ row: 2, shipment: taken });
    expect(r.errors[0]!.reason).toContain(other.userCode);
    expect(r.errors[1]).toMatchObject({ row: 3, shipment: fresh });
    expect(r.errors[1]!.reason).toContain('S99999');
    expect(r.errors[2]).toMatchObject({ row: 4, shipment: 'AB C!' });
    expect(r.errors[2]!.reason).toContain('快递单号');
    expect(r.errors[3]!.reason).toContain('第 5 行');
    expect(r.errors[4]!.reason).toContain('不存在的仓库');

    expect(await parcelOf(taken)).toMatchObject({ receiveStatus: 0, userCode: other.userCode });
    expect(await parcelOf(fresh)).toMatchObject({ receiveStatus: 0, userCode: seller.userCode });
  });

  it('imports 5 000 rows in one go', async () => {
    const prefix = `MAX${Date.now().toString(36).toUpperCase()}`;
    const rows = Array.from({ length: 5000 }, (_, i) => [`${prefix}${String(i).padStart(5, '0')}`, i % 2 ? seller.userCode : other.userCode]);
    const started = Date.now();
    const res = await upload(picker, await xlsx(['快递单号', '卖家编码'], rows), 'full.xlsx');
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ totalRows: 5000, created: 5000, skipped: 0, failed: 0 });
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(await parcelOf(`${prefix}04999`)).toMatchObject({ receiveStatus: 0, userCode: seller.userCode });
  }, 60_000);

  it('skips a number another import declared just before', async () => {
    const shared = trackingNo('RACE');
    const first = await upload(picker, await xlsx(['快递单号', '卖家编码'], [[shared, seller.userCode]]));
    const second = await upload(admin, await xlsx(['快递单号', '卖家编码'], [[trackingNo('RACEB'), other.userCode], [shared, other.userCode]]));
    expect(first.body.result.created).toBe(1);
    expect(second.body.result).toMatchObject({ created: 1, skipped: 1, errors: [{ row: 3, shipment: shared }] });
  });

  it.runIf(process.env.DATABASE_URL)('is all or nothing: losing a race on a new number refuses the whole import with 409 and changes nothing', async () => {
    const shared = trackingNo('RACE');
    const onlyMine = trackingNo('RACEA');
    const before = (await call(app, 'GET', LIST_URL, admin)).body.result.totalCount as number;
    const bytes = await xlsx(['快递单号', '卖家编码'], [[onlyMine, seller.userCode], [shared, seller.userCode]]);
    let pending!: ReturnType<typeof upload>;
    // Someone else declares `shared` in a transaction still open while the import inserts it.
    await t.database.root.transaction(async (tx) => {
      await tx.execute(sql`insert into parcels (tenant_id, shipment, receive_status, user_id, user_code) values (1, ${shared}, 0, ${other.userId}, ${other.userCode})`);
      pending = upload(picker, bytes, 'race.xlsx');
      for (let i = 0; i < 100; i++) {
        const waiting = rowsOf<{ n: number }>(await t.database.root.execute(sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`))[0]!.n;
        if (waiting > 0) break;
        await new Promise((r) => setTimeout(r, 50));
      }
    });
    const res = await pending;
    expect(res.status).toBe(409);
    expect(await parcelOf(onlyMine)).toBeUndefined();
    expect(await parcelOf(shared)).toMatchObject({ userCode: other.userCode });
    expect((await call(app, 'GET', LIST_URL, admin)).body.result.totalCount).toBe(before);
  });

  it('refuses what is not a readable xlsx, a sheet without the required columns, and too many rows (400, member file); changes nothing', async () => {
    const before = (await call(app, 'GET', LIST_URL, admin)).body.result.totalCount as number;
    const refused = async (bytes: Buffer, fileName = 'x.xlsx') => {
      const res = await upload(picker, bytes, fileName);
      expect(res.status).toBe(400);
      expect(res.body.error?.validationErrors?.[0]?.members).toEqual(['file']);
      return res.body.error!;
    };
    await refused(png(), 'photo.xlsx');
    await refused(Buffer.from('快递单号,卖家编码\nSF123456,S00001\n'), 'list.csv');
    await refused(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]));
    expect((await refused(await xlsx(['单号', '卖家编码'], [['SF12345678', seller.userCode]]))).details).toContain('快递单号');
    await refused(await xlsx(['快递单号', '卖家编码'], []));
    const many = Array.from({ length: 5001 }, (_, i) => [`BULK${Date.now()}${i}`, seller.userCode]);
    expect((await refused(await xlsx(['快递单号', '卖家编码'], many))).details).toContain('5000');

    // Not multipart, or no field `file`.
    const json = await call(app, 'POST', IMPORT_URL, picker, { file: 'x' });
    expect(json.status).toBe(400);
    const { payload, contentType } = await multipart([{ name: 'other', fileName: 'a.xlsx', bytes: await xlsx(['快递单号', '卖家编码'], [['SF12345678', seller.userCode]]) }]);
    const wrongField = await app.inject({ method: 'POST', url: IMPORT_URL, headers: { ...authHeaders(picker), 'content-type': contentType }, payload });
    expect(wrongField.statusCode).toBe(400);

    expect((await call(app, 'GET', LIST_URL, admin)).body.result.totalCount).toBe(before);
  });

  it('checks the caller like a service route: anonymous 401, a seller 403, staff without the permission 403', async () => {
    const bytes = await xlsx(['快递单号', '卖家编码'], [[trackingNo('SF'), seller.userCode]]);
    const anonymous = await upload({ tenantId: 1 }, bytes);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.unAuthorizedRequest).toBe(true);
    expect((await upload({ token: picker.token, tenantId: 2 }, bytes)).status).toBe(401);
    expect((await upload(seller, bytes)).status).toBe(403);
    const plain = await createUser(app, admin, { roleNames: [] });
    expect((await upload(await signIn(app, plain.userName, plain.password, 1), bytes)).status).toBe(403);

    expect((await call(app, 'GET', LIST_URL, {})).status).toBe(401);
    expect((await call(app, 'GET', LIST_URL, seller)).status).toBe(403);
  });

  it('lists the imports, newest first, filtered by keyword', async () => {
    const n = trackingNo('EMS');
    const done = await upload(picker, await xlsx(['快递单号', '卖家编码'], [[n, seller.userCode], ['bad#number', seller.userCode]]), '十一月批次.xlsx');
    expect(done.status).toBe(200);
    const list = await call(app, 'GET', LIST_URL, admin);
    expect(list.status).toBe(200);
    expect(list.body.result.totalCount).toBeGreaterThanOrEqual(4);
    expect(list.body.result.items[0]).toEqual({ ...done.body.result });
    expect(list.body.result.items[0]).toMatchObject({ totalRows: 2, created: 1, failed: 1, errors: [{ row: 3, shipment: 'bad#number' }] });

    const found = await call(app, 'GET', LIST_URL, picker, { keyword: '十一月' });
    expect(found.body.result.totalCount).toBe(1);
    expect(found.body.result.items[0].id).toBe(done.body.result.id);
    expect((await call(app, 'GET', LIST_URL, picker, { keyword: '没有这个文件' })).body.result.totalCount).toBe(0);
  });
});
