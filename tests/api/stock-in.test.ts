// Stock in (issue 13, DOMAIN §7): stock records from declaration to shelf, stock products and their
// movements, shelves; the inventory module's invariants, also under concurrent shelving and counting.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import * as inventory from '#server/modules/inventory/inventory.ts';
import { AppError } from '#server/lib/errors.ts';
import { call, createTestApp, rowsOf, signIn, svc, type Caller, type TestApp } from '../helpers/test-app.ts';
import { createUser, registerSeller } from '../factories/identity.ts';
import { createStore, trackingNo } from '../factories/orders.ts';

type Seller = Awaited<ReturnType<typeof registerSeller>>;
type Rec = { id: number; tradeNo: string; productStatus: number; productSku: string; logisticsNumber: string; userCode: string; barCode: string | null; stockProductId: number | null };

describe('stock in', () => {
  let t: TestApp;
  let admin: Caller;
  let picker: Caller;
  let seller: Seller;
  let other: Seller;
  let storeId: number;
  let warehouseId: number;
  let sku = 0;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, 'admin', '123qwe', 1);
    const p = await createUser(t.app, admin, { roleNames: ['Warehouse'], name: '上架员小李' });
    picker = await signIn(t.app, p.userName, p.password, 1);
    seller = await registerSeller(t.app, 1);
    other = await registerSeller(t.app, 1);
    storeId = (await createStore(t.app, admin, seller.userId)).id;
    warehouseId = (await call(t.app, 'GET', svc('WarehouseInfo', 'GetWarehouseInfoList'), admin)).body.result.items[0].id;
    await call(t.app, 'POST', svc('Shelves', 'Add'), picker, { warehouseInfoId: warehouseId, shelfPosition: 'B-01-01', endShelfPosition: 'B-01-09' });
  });
  afterAll(async () => t?.close());

  const declare = async (overrides: Record<string, unknown> = {}, who: Caller = seller) => {
    const res = await call<Rec>(t.app, 'POST', svc('FrontStock', 'EditStock'), who, {
      storeId, warehouseInfoId: warehouseId, productSku: `SKU-${Date.now().toString(36)}-${sku++}`, productName: '蓝牙耳机',
      productNums: 10, packageNums: 1, logisticsNumber: trackingNo('YT'), purchaseCost: 12.5, remark: '易碎', ...overrides,
    });
    expect(res.status, JSON.stringify(res.body.error)).toBe(200);
    return res.body.result;
  };
  const scan = (shipment: string) => call(t.app, 'POST', svc('Logistics', 'SignByScan'), picker, { shipment, warehouseInfoId: warehouseId });
  const back = (action: string, query: string, body?: unknown, who: Caller = picker) =>
    call(t.app, 'POST', `${svc('BackStock', action)}${query}`, who, body);
  const staffRecord = async (id: number) => {
    const list = await call(t.app, 'GET', svc('BackStock', 'GetStockList'), picker, { pageSize: 500 });
    return (list.body.result.items as Rec[]).find((r) => r.id === id)!;
  };
  /** Declared, arrived by scan, passed and labelled: ready to shelve. */
  const labelled = async (overrides: Record<string, unknown> = {}) => {
    const r = await declare(overrides);
    expect((await scan(r.logisticsNumber)).body.result.action).toBe('SIGNED');
    expect((await back('IsCheckPass', `?id=${r.id}&ispass=true`)).status).toBe(200);
    const l = await back('ProcessLabel', `?id=${r.id}`);
    expect(l.status).toBe(200);
    return l.body.result as Rec;
  };
  const shelfUp = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    call(t.app, 'POST', svc('BackStock', 'ShelfUp'), picker, body, headers);
  const product = async (id: number) => {
    const res = await call(t.app, 'GET', svc('FrontStockProduct', 'GetStockProductList'), seller, { pageSize: 500 });
    return (res.body.result.items as { id: number; inventory: number; reserved: number; available: number; totalStorage: number; totalOutgoing: number; shelfPosition: string | null; barCode: string }[])
      .find((p) => p.id === id)!;
  };
  const movements = async (stockId: number) =>
    (await call(t.app, 'GET', svc('FrontStockProduct', 'GetInOutStockRecord'), seller, { stockId, pageSize: 500 })).body.result.items as { type: number; quantity: number; tradeNo: string | null }[];

  /** Every product's figures equal its rows: inventory = Σ movements, reserved = Σ reservations, available = the difference. */
  async function expectInvariants(): Promise<void> {
    const broken = rowsOf<{ id: string }>(await t.database.root.execute(sql`
      select p.id from stock_products p
      left join (select stock_product_id, sum(quantity) s from listed_histories group by stock_product_id) h on h.stock_product_id = p.id
      left join (select stock_product_id, sum(quantity) s from stock_reservations group by stock_product_id) r on r.stock_product_id = p.id
      where p.inventory <> coalesce(h.s, 0) or p.reserved <> coalesce(r.s, 0) or p.available <> p.inventory - p.reserved
        or p.inventory <> p.total_storage - p.total_outgoing or p.inventory < 0 or p.available < 0`));
    expect(broken).toEqual([]);
  }

  it('declares records with distinct SR numbers at 0, seen by staff with the seller code and by no other seller', async () => {
    const a = await declare();
    const b = await declare();
    for (const r of [a, b]) {
      expect(r.tradeNo).toMatch(/^SR\d{11}$/);
      expect(r.productStatus).toBe(0);
    }
    expect(a.tradeNo).not.toBe(b.tradeNo);
    const staff = await call(t.app, 'GET', svc('BackStock', 'GetStockList'), picker, { keyword: a.tradeNo });
    expect(staff.body.result.items).toEqual([expect.objectContaining({ id: a.id, userCode: seller.userCode, productSku: a.productSku, logisticsNumber: a.logisticsNumber })]);
    const mine = await call(t.app, 'GET', svc('FrontStock', 'GetStockList'), seller, { pageSize: 100 });
    expect(mine.body.result.items.map((r: Rec) => r.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    const theirs = await call(t.app, 'GET', svc('FrontStock', 'GetStockList'), other, { pageSize: 100 });
    expect(theirs.body.result.items).toEqual([]);
    expect((await call(t.app, 'POST', svc('FrontStock', 'CancleStock'), other, { id: a.id })).status).toBe(404);
    expect((await staffRecord(a.id)).productStatus).toBe(0);
  });

  it('refuses a seller on BackStock, BackStockProduct and Shelves (403)', async () => {
    const refused = [
      await call(t.app, 'GET', svc('BackStock', 'GetStockList'), seller),
      await call(t.app, 'POST', svc('BackStock', 'ShelfUp'), seller, { id: 1, shelfPosition: 'B-01-01', quantity: 1 }),
      await call(t.app, 'GET', svc('BackStockProduct', 'GetStockProductList'), seller),
      await call(t.app, 'GET', svc('BackStockProduct', 'CreateStockNum'), seller, { id: 1, stocknum: 1 }),
      await call(t.app, 'GET', svc('Shelves', 'GetList'), seller),
      await call(t.app, 'POST', svc('Shelves', 'Add'), seller, { warehouseInfoId: warehouseId, shelfPosition: 'Z-1' }),
    ];
    expect(refused.map((r) => r.status)).toEqual([403, 403, 403, 403, 403, 403]);
  });

  it('signs each record\'s number in at the scan (SIGNED) and marks it 已到货', async () => {
    const a = await declare();
    const b = await declare();
    for (const r of [a, b]) {
      const s = await scan(r.logisticsNumber);
      expect(s.status).toBe(200);
      expect(s.body.result).toMatchObject({ action: 'SIGNED', userCode: seller.userCode, parcel: { shipment: r.logisticsNumber, receiveStatus: 1 } });
      expect((await staffRecord(r.id)).productStatus).toBe(1);
    }
    // A rescan answers ALREADY and changes nothing.
    expect((await scan(a.logisticsNumber)).body.result.action).toBe('ALREADY');
  });

  it('two products in one box: one number, two records, both arrive with the one scan', async () => {
    const no = trackingNo('ZT');
    const a = await declare({ logisticsNumber: no });
    const b = await declare({ logisticsNumber: no });
    expect((await scan(no)).body.result.action).toBe('SIGNED');
    expect([(await staffRecord(a.id)).productStatus, (await staffRecord(b.id)).productStatus]).toEqual([1, 1]);
    // Declared after the box is here: it is 已到货 at once.
    const c = await declare({ logisticsNumber: no });
    expect(c.productStatus).toBe(1);
    // Another seller cannot use the number.
    const otherStore = (await createStore(t.app, admin, other.userId)).id;
    const taken = await call(t.app, 'POST', svc('FrontStock', 'EditStock'), other, {
      storeId: otherStore, warehouseInfoId: warehouseId, productSku: 'X', productName: 'X', productNums: 1, packageNums: 1, logisticsNumber: no,
    });
    expect(taken.status).toBe(409);
  });

  it('marks arrival by hand (EditStatus, and StockLogisticsSign of its parcel)', async () => {
    const a = await declare();
    expect((await back('EditStatus', `?id=${a.id}&isArrived=true`)).body.result.productStatus).toBe(1);
    expect((await back('EditStatus', `?id=${a.id}&isArrived=true`)).status).toBe(409);
    expect((await back('EditStatus', `?id=${a.id}&isArrived=false`)).body.result.productStatus).toBe(0);
    const b = await declare();
    const parcel = (await call(t.app, 'GET', svc('Logistics', 'GetLogisticsList'), picker, { shipment: b.logisticsNumber })).body.result.items[0];
    expect(parcel).toMatchObject({ receiveStatus: 0, userCode: seller.userCode });
    const signed = await call(t.app, 'POST', `${svc('Logistics', 'StockLogisticsSign')}?id=${parcel.id}`, picker);
    expect(signed.body.result.action).toBe('SIGNED');
    expect((await staffRecord(b.id)).productStatus).toBe(1);
  });

  it('passes (2) and labels (4) with barcodes unique in the tenant; one product per store, warehouse and SKU', async () => {
    const a = await labelled();
    const b = await labelled();
    const again = await labelled({ productSku: a.productSku });
    expect([a.productStatus, b.productStatus]).toEqual([4, 4]);
    expect(a.barCode).toMatch(/^SP\d{8}$/);
    expect(b.barCode).not.toBe(a.barCode);
    expect(again.stockProductId).toBe(a.stockProductId);
    expect(again.barCode).toBe(a.barCode);
    const rows = (await call(t.app, 'GET', svc('BackStockProduct', 'GetStockProductList'), picker, { pageSize: 500 })).body.result.items as { barCode: string }[];
    expect(new Set(rows.map((r) => r.barCode)).size).toBe(rows.length);
    const p = await product(a.stockProductId!);
    expect(p).toMatchObject({ barCode: a.barCode, inventory: 0, reserved: 0, available: 0, shelfPosition: null });
    // A seller's own barcode must be free in the tenant too.
    const clash = await call(t.app, 'POST', svc('FrontStockProduct', 'EditStockProduct'), seller, { id: b.stockProductId, barCode: a.barCode });
    expect(clash.status).toBe(409);
  });

  it('inspection can fail; HandleAbnormal accepts a corrected quantity (→ 2) or the seller takes it back (→ 6)', async () => {
    const a = await declare({ productNums: 10 });
    await scan(a.logisticsNumber);
    const failed = await back('IsCheckPass', `?id=${a.id}&ispass=false`, { checkNums: 8, checkRemark: '少 2 件' });
    expect(failed.body.result).toMatchObject({ productStatus: 3, checkNums: 8, isCheckBy: '上架员小李' });
    const accepted = await back('HandleAbnormal', '', { id: a.id, acceptedQuantity: 8 });
    expect(accepted.body.result).toMatchObject({ productStatus: 2, acceptedNums: 8, remainingNums: 8 });
    const b = await declare();
    await scan(b.logisticsNumber);
    await back('IsCheckPass', `?id=${b.id}&ispass=false`);
    expect((await back('HandleAbnormal', '', { id: b.id, returnIt: true })).body.result).toMatchObject({ productStatus: 3, returnRequested: true });
    expect((await back('HandleAbnormal', '', { id: b.id })).status).toBe(400);
    const back6 = await call(t.app, 'POST', `${svc('FrontStock', 'CreateReturnStore')}?orderId=${b.id}&shipNumber=SF900001`, seller);
    expect(back6.body.result).toMatchObject({ productStatus: 6, returnShipNumber: 'SF900001' });
  });

  it('adds a shelf range A-01-01..A-01-03 and lists exactly those three', async () => {
    const w = await call(t.app, 'POST', svc('WarehouseInfo', 'EditWarehouseInfo'), admin, { warehouseName: '货架测试仓', kind: 1 });
    const wid = w.body.result.id as number;
    const added = await call(t.app, 'POST', svc('Shelves', 'Add'), picker, { warehouseInfoId: wid, shelfPosition: 'a-01-01', endShelfPosition: 'A-01-03' });
    expect(added.status).toBe(200);
    expect(added.body.result.existing).toEqual([]);
    const list = await call(t.app, 'GET', svc('Shelves', 'GetList'), picker, { warehouseInfoId: wid });
    expect(list.body.result.totalCount).toBe(3);
    expect(list.body.result.items.map((s: { shelfPosition: string }) => s.shelfPosition)).toEqual(['A-01-01', 'A-01-02', 'A-01-03']);
    // Again: nothing new; a single existing one is 409; a range over another group is 400.
    expect((await call(t.app, 'POST', svc('Shelves', 'Add'), picker, { warehouseInfoId: wid, shelfPosition: 'A-01-02', endShelfPosition: 'A-01-04' })).body.result)
      .toMatchObject({ items: [expect.objectContaining({ shelfPosition: 'A-01-04' })], existing: ['A-01-02', 'A-01-03'] });
    expect((await call(t.app, 'POST', svc('Shelves', 'Add'), picker, { warehouseInfoId: wid, shelfPosition: 'A-01-01' })).status).toBe(409);
    expect((await call(t.app, 'POST', svc('Shelves', 'Add'), picker, { warehouseInfoId: wid, shelfPosition: 'A-01-01', endShelfPosition: 'A-02-01' })).status).toBe(400);
  });

  it('ShelfUp 10 → 5 已上架, inventory and available 10, one type-1 row of +10 with the trade number', async () => {
    const r = await labelled({ productNums: 10 });
    const check = await call(t.app, 'GET', svc('BackStock', 'ShelfUpCheck'), picker, { id: r.id });
    expect(check.body.result).toMatchObject({ haveShelf: false, remainingNums: 10 });
    expect(check.body.result.suggestedShelfPosition).toMatch(/^B-01-0\d$/);
    const res = await shelfUp({ id: r.id, shelfPosition: 'B-01-02', quantity: 10 });
    expect(res.status, JSON.stringify(res.body.error)).toBe(200);
    expect(res.body.result.records[0]).toMatchObject({ id: r.id, productStatus: 5, shelvedNums: 10, remainingNums: 0, shelfPosition: 'B-01-02' });
    expect(await product(r.stockProductId!)).toMatchObject({ inventory: 10, available: 10, reserved: 0, totalStorage: 10, shelfPosition: 'B-01-02' });
    const rows = await call(t.app, 'GET', svc('ListedHistory', 'GetList'), picker, { stockProductId: r.stockProductId });
    expect(rows.body.result.items).toEqual([expect.objectContaining({ stockProductId: r.stockProductId, type: 1, quantity: 10, tradeNo: r.tradeNo, shelfPosition: 'B-01-02', userName: '上架员小李' })]);
    expect((await shelfUp({ id: r.id, shelfPosition: 'B-01-02', quantity: 1 })).status).toBe(409);
    expect((await call(t.app, 'GET', svc('BackStock', 'CheckWhetherHaveShelf'), picker, { id: r.id })).body.result)
      .toMatchObject({ haveShelf: true, shelfPosition: 'B-01-02' });
    await expectInvariants();
  });

  it('replays the same ShelfUp under one Idempotency-Key once', async () => {
    const r = await labelled({ productNums: 20 });
    const key = { 'Idempotency-Key': `shelf-${r.id}` };
    const first = await shelfUp({ id: r.id, shelfPosition: 'B-01-03', quantity: 5 }, key);
    const again = await shelfUp({ id: r.id, shelfPosition: 'B-01-03', quantity: 5 }, key);
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await product(r.stockProductId!)).toMatchObject({ inventory: 5, available: 5 });
    expect(await movements(r.stockProductId!)).toEqual([expect.objectContaining({ type: 1, quantity: 5 })]);
    expect((await staffRecord(r.id))).toMatchObject({ productStatus: 4, shelvedNums: 5 });
  });

  it('shelves by barcode over the product\'s labelled records, oldest first; refuses another shelf while it holds stock', async () => {
    const a = await labelled({ productNums: 3 });
    const b = await labelled({ productNums: 4, productSku: a.productSku });
    expect((await call(t.app, 'GET', svc('BackStock', 'ShelfUpCheck'), picker, { barCode: a.barCode })).body.result)
      .toMatchObject({ record: { id: a.id }, remainingNums: 7 });
    expect((await shelfUp({ barCode: a.barCode, shelfPosition: 'B-01-04', quantity: 8 })).status).toBe(409);
    const res = await shelfUp({ barCode: a.barCode, shelfPosition: 'B-01-04', quantity: 5 });
    expect(res.body.result.records.map((r: Rec & { shelvedNums: number }) => [r.id, r.productStatus, r.shelvedNums])).toEqual([[a.id, 5, 3], [b.id, 4, 2]]);
    expect(res.body.result.listedHistories.map((h: { quantity: number; tradeNo: string }) => [h.quantity, h.tradeNo])).toEqual([[3, a.tradeNo], [2, b.tradeNo]]);
    const elsewhere = await shelfUp({ barCode: a.barCode, shelfPosition: 'B-01-05', quantity: 1 });
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.body.error!.message).toContain('B-01-04');
    expect((await shelfUp({ barCode: a.barCode, shelfPosition: 'NO-SUCH-1', quantity: 1 })).status).toBe(400);
  });

  it('counts to 8: one type-3 row of −2, the movements sum to 8; a negative count is refused and changes nothing', async () => {
    const r = await labelled({ productNums: 10 });
    await shelfUp({ id: r.id, shelfPosition: 'B-01-06', quantity: 10 });
    const counted = await call(t.app, 'GET', svc('BackStockProduct', 'CreateStockNum'), picker, { id: r.stockProductId!, stocknum: 8, reason: '盘点少 2 件' });
    expect(counted.status).toBe(200);
    expect(counted.body.result).toMatchObject({ inventory: 8, available: 8, totalStorage: 8 });
    const rows = await movements(r.stockProductId!);
    expect(rows.filter((m) => m.type === 3)).toEqual([expect.objectContaining({ type: 3, quantity: -2 })]);
    expect(rows.reduce((s, m) => s + m.quantity, 0)).toBe(8);
    const negative = await call(t.app, 'GET', svc('BackStockProduct', 'CreateStockNum'), picker, { id: r.stockProductId!, stocknum: -1 });
    expect(negative.status).toBe(400);
    const same = await call(t.app, 'GET', svc('BackStockProduct', 'CreateStockNum'), picker, { id: r.stockProductId!, stocknum: 8 });
    expect(same.body.result.inventory).toBe(8);
    expect(await movements(r.stockProductId!)).toHaveLength(2);
    const history = await call(t.app, 'GET', svc('FrontListedHistory', 'GetList'), seller, { stockProductId: r.stockProductId!, type: 3 });
    expect(history.body.result.items).toEqual([expect.objectContaining({ stockProductId: r.stockProductId, type: 3, quantity: -2, remark: '盘点少 2 件' })]);
    await expectInvariants();
  });

  it('refuses to clear or delete a shelf that holds stock (409); an empty one is cleared and deleted', async () => {
    const shelves = (await call(t.app, 'GET', svc('Shelves', 'GetList'), picker, { warehouseInfoId: warehouseId, shelfPosition: 'B-01-0', pageSize: 50 })).body.result.items as { id: number; shelfPosition: string; inventory: number; productCount: number }[];
    const full = shelves.find((s) => s.shelfPosition === 'B-01-02')!;
    expect(full.inventory).toBe(10);
    expect((await call(t.app, 'POST', svc('Shelves', 'Clear'), picker, { id: full.id })).status).toBe(409);
    expect((await call(t.app, 'POST', svc('Shelves', 'Delete'), picker, { id: full.id })).status).toBe(409);
    // A product counted to 0 still names its shelf: Delete wants it cleared first, Clear detaches it.
    const r = await labelled({ productNums: 2 });
    await shelfUp({ id: r.id, shelfPosition: 'B-01-07', quantity: 2 });
    await call(t.app, 'GET', svc('BackStockProduct', 'CreateStockNum'), picker, { id: r.stockProductId!, stocknum: 0 });
    const emptied = shelves.find((s) => s.shelfPosition === 'B-01-07')!;
    expect((await call(t.app, 'POST', svc('Shelves', 'Delete'), picker, { id: emptied.id })).status).toBe(409);
    expect((await call(t.app, 'POST', svc('Shelves', 'Clear'), picker, { id: emptied.id })).body.result).toMatchObject({ productCount: 0, inventory: 0 });
    expect((await product(r.stockProductId!)).shelfPosition).toBeNull();
    expect((await call(t.app, 'POST', svc('Shelves', 'Delete'), picker, { id: emptied.id })).status).toBe(200);
    const empty = shelves.find((s) => s.shelfPosition === 'B-01-09')!;
    expect((await call(t.app, 'POST', svc('Shelves', 'Delete'), picker, { id: empty.id })).status).toBe(200);
    const left = (await call(t.app, 'GET', svc('Shelves', 'GetList'), picker, { warehouseInfoId: warehouseId, shelfPosition: 'B-01-0', pageSize: 50 })).body.result.items;
    expect(left.map((s: { shelfPosition: string }) => s.shelfPosition)).not.toContain('B-01-09');
  });

  it('cancels at 0 (its declared parcel goes), and refuses after arrival (409)', async () => {
    const a = await declare();
    const cancelled = await call(t.app, 'POST', svc('FrontStock', 'CancleStock'), seller, { id: a.id });
    expect(cancelled.body.result.productStatus).toBe(6);
    expect((await call(t.app, 'GET', svc('Logistics', 'GetLogisticsList'), picker, { shipment: a.logisticsNumber })).body.result.items).toEqual([]);
    const b = await declare();
    await scan(b.logisticsNumber);
    const late = await call(t.app, 'POST', svc('FrontStock', 'CancleStock'), seller, { id: b.id });
    expect(late.status).toBe(409);
    expect(late.body.error!.message).toMatch(/待到货/);
    // Edits are for 0 only too.
    expect((await call(t.app, 'POST', svc('FrontStock', 'EditStock'), seller, { ...b, id: b.id, productNums: 3, packageNums: 1, storeId, warehouseInfoId: warehouseId, productName: 'x' })).status).toBe(409);
  });

  it('charges the shelving fee once through the ledger (channel 6), and estimates the head fee', async () => {
    expect((await call(t.app, 'POST', svc('User', 'SystemRechargeAmount'), admin, { userId: seller.userId, amount: 100, remark: '测试充值' })).status).toBe(200);
    const r = await labelled({ productNums: 4, productWeight: 0.3 });
    await shelfUp({ id: r.id, shelfPosition: 'B-01-08', quantity: 4 });
    expect((await back('DeductShelfCost', `?id=${r.id}`)).status).toBe(409); // no fee set
    await call(t.app, 'POST', `${svc('BackStockProduct', 'SettingShelfCost')}?id=${r.stockProductId}&onlyOneShelfCost=0.5`, picker);
    const charged = await back('DeductShelfCost', `?id=${r.id}`);
    expect(charged.body.result).toMatchObject({ shelfCost: 2 });
    expect((await back('DeductShelfCost', `?id=${r.id}`)).status).toBe(409);
    const flows = await call(t.app, 'GET', svc('Flow', 'GetFlowList'), admin, { userId: seller.userId, channel: 6 });
    expect(flows.body.result.items).toEqual([expect.objectContaining({ incurredAmount: -2, tradeNo: r.tradeNo })]);

    const beginTime = new Date(Date.now() - 3600_000).toISOString();
    await call(t.app, 'POST', svc('MainlandFreight', 'Add'), admin, {
      warehouseInfoId: warehouseId, site: 'TW', cargoCategory: 1, beginTime, isEffective: true,
      firstWeight: 0.5, firstWeightPrice: 12, continueWeight: 0.5, continueWeightCost: 5, bulkyParameter: 6000,
    });
    // 4 × 0.3 kg = 1.2 kg: 12 + 2 × 5 = 22 for the shipment, 5.5 per item; nothing charged.
    const fee = await back('GetHeadFee', '', { id: r.id });
    expect(fee.body.result).toMatchObject({ headFee: 5.5, totalFreight: 22, chargeableWeight: 1.2, productNums: 4 });
    expect((await product(r.stockProductId!)) as unknown).toMatchObject({ headFee: 5.5 });
    expect((await call(t.app, 'GET', svc('Flow', 'GetFlowList'), admin, { userId: seller.userId, channel: 4 })).body.result.items).toEqual([]);
  });

  it('notifies the seller when available drops below the safe stock number', async () => {
    const r = await labelled({ productNums: 10 });
    await shelfUp({ id: r.id, shelfPosition: 'B-01-05', quantity: 10 });
    expect((await call(t.app, 'GET', svc('FrontStockProduct', 'EditSafeStockNum'), seller, { id: r.stockProductId!, safestockNumber: 5 })).body.result.safeStockNumber).toBe(5);
    const notices = async () => ((await call(t.app, 'GET', svc('Notification', 'GetUserNotifications'), seller, { pageSize: 100 })).body.result.items as { title: string }[])
      .filter((n) => n.title.includes(r.productSku));
    await call(t.app, 'GET', svc('BackStockProduct', 'CreateStockNum'), picker, { id: r.stockProductId!, stocknum: 6 });
    expect(await notices()).toEqual([]);
    await call(t.app, 'GET', svc('BackStockProduct', 'CreateStockNum'), picker, { id: r.stockProductId!, stocknum: 4 });
    expect(await notices()).toHaveLength(1);
    // Staying below does not repeat it.
    await call(t.app, 'GET', svc('BackStockProduct', 'CreateStockNum'), picker, { id: r.stockProductId!, stocknum: 3 });
    expect(await notices()).toHaveLength(1);
  });

  it('reserves and releases for orders: available falls and returns, short is 409 naming the SKU, a pick releases in one step', async () => {
    const r = await labelled({ productNums: 10 });
    await shelfUp({ id: r.id, shelfPosition: 'B-01-01', quantity: 10 });
    const pid = r.stockProductId!;
    const inTenant = <T>(fn: (tx: Parameters<Parameters<typeof t.database.withTenant>[1]>[0]) => Promise<T>) => t.database.withTenant(1, fn);
    const [held] = await inTenant((tx) => inventory.reserve(tx, 'stock-order:1', [{ stockProductId: pid, quantity: 4 }], { ownerUserId: seller.userId }));
    expect(held).toMatchObject({ inventory: 10, reserved: 4, available: 6 });
    const short = await inTenant((tx) => inventory.reserve(tx, 'stock-order:2', [{ stockProductId: pid, quantity: 7 }])).catch((e: unknown) => e);
    expect(short).toBeInstanceOf(AppError);
    expect((short as AppError).status).toBe(409);
    expect((short as AppError).message).toContain(r.productSku);
    const foreign = await inTenant((tx) => inventory.reserve(tx, 'stock-order:3', [{ stockProductId: pid, quantity: 1 }], { ownerUserId: other.userId })).catch((e: unknown) => e);
    expect((foreign as AppError).status).toBe(404);
    // Counting below what orders hold is refused.
    expect((await call(t.app, 'GET', svc('BackStockProduct', 'CreateStockNum'), picker, { id: pid, stocknum: 3 })).status).toBe(409);
    // The pick: 4 out (type 2) and the reservation released, together.
    const picked = await inTenant((tx) => inventory.moveInventory(tx, null, [{ stockProductId: pid, type: 2, quantity: -4, tradeNo: 'ST26010100001', releaseRef: 'stock-order:1' }]));
    expect(picked.products.get(pid)).toMatchObject({ inventory: 6, reserved: 0, available: 6, totalOutgoing: 4 });
    expect(await inTenant((tx) => inventory.reservedBy(tx, 'stock-order:1'))).toEqual([]);
    await inTenant((tx) => inventory.reserve(tx, 'stock-order:4', [{ stockProductId: pid, quantity: 2 }]));
    expect((await inTenant((tx) => inventory.release(tx, 'stock-order:4')))[0]).toMatchObject({ reserved: 0, available: 6 });
    expect(await inTenant((tx) => inventory.release(tx, 'stock-order:4'))).toEqual([]);
    await expectInvariants();
  });

  it('keeps the invariants under concurrent ShelfUp and CreateStockNum on one product', async () => {
    const records = [await labelled({ productNums: 50 })];
    const sharedSku = records[0]!.productSku;
    for (let i = 0; i < 3; i++) records.push(await labelled({ productNums: 50, productSku: sharedSku }));
    const pid = records[0]!.stockProductId!;
    const results = await Promise.all([
      ...records.flatMap((r) => [1, 2, 3, 4, 5].map(() => shelfUp({ id: r.id, shelfPosition: 'B-01-03', quantity: 3 }))),
      ...[20, 5, 30, 0, 12].map((n) => call(t.app, 'GET', svc('BackStockProduct', 'CreateStockNum'), picker, { id: pid, stocknum: n })),
    ]);
    expect(results.filter((r) => r.status !== 200).map((r) => `${r.status} ${r.body.error?.message}`)).toEqual([]);
    const p = await product(pid);
    const rows = await movements(pid);
    expect(rows.filter((m) => m.type === 1).map((m) => m.quantity)).toEqual(Array(20).fill(3));
    expect(rows.reduce((s, m) => s + m.quantity, 0)).toBe(p.inventory);
    // The last movement left what the product shows: no update was lost between the movers.
    const last = (await call(t.app, 'GET', svc('ListedHistory', 'GetList'), picker, { stockProductId: pid, pageSize: 1 })).body.result.items[0];
    expect(last.inventoryAfter).toBe(p.inventory);
    for (const r of records) expect((await staffRecord(r.id))).toMatchObject({ shelvedNums: 15, productStatus: 4 });
    await expectInvariants();
  });

  describe('files', () => {
    const get = (url: string, who: Caller) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${who.token}`, 'abp.tenantid': '1' } });
    const pdf = (res: Awaited<ReturnType<typeof get>>) => {
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      const text = res.rawPayload.toString('latin1');
      expect(text.startsWith('%PDF-')).toBe(true);
      return text;
    };
    const pages = (text: string) => text.match(/\/Type \/Page\b/g)?.length ?? 0;
    const hexOf = (v: string) => Buffer.from(v, 'latin1').toString('hex');
    const rowsOfSheet = async (res: Awaited<ReturnType<typeof get>>) => {
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const ws = wb.worksheets[0]!;
      const rows: string[][] = [];
      ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
      return rows;
    };

    it('exports the stock records as xlsx (staff: all, with filters; seller: their own)', async () => {
      const r = await declare();
      const staff = await rowsOfSheet(await get(`/api/File/GetExcelExportStockList?keyword=${r.tradeNo}`, picker));
      expect(staff[0]).toEqual(expect.arrayContaining(['交易号', '卖家编码', 'SKU', '状态']));
      expect(staff.slice(1).map((row) => row[0])).toEqual([r.tradeNo]);
      expect(staff[1]).toEqual(expect.arrayContaining([seller.userCode, r.productSku, '待到货']));
      const mine = await rowsOfSheet(await get('/api/File/GetFrontExcelExportStockList', seller));
      expect(mine.slice(1).map((row) => row[0])).toContain(r.tradeNo);
      expect(await rowsOfSheet(await get('/api/File/GetFrontExcelExportStockList', other))).toHaveLength(1);
      expect((await get('/api/File/GetExcelExportStockList', seller)).statusCode).toBe(403);
    });

    it('prints a stock product\'s barcode labels (GetPdfbyte?stockProductId, one page per copy); another seller\'s is 404', async () => {
      const r = await labelled({ productNums: 3 });
      const text = pdf(await get(`/api/File/GetPdfbyte?stockProductId=${r.stockProductId}&copies=3`, seller));
      expect(pages(text)).toBe(3);
      expect(text).toContain(`<${hexOf(r.barCode!)}>`);
      expect(text).toContain(`<${hexOf(seller.userCode)}>`);
      expect(pages(pdf(await get(`/api/File/GetPdfbyte?stockProductId=${r.stockProductId}`, picker)))).toBe(1);
      expect((await get(`/api/File/GetPdfbyte?stockProductId=${r.stockProductId}`, other)).statusCode).toBe(404);
    });

    it('prints shelf labels for the existing shelves of a range (GetShelfLabel)', async () => {
      const text = pdf(await get(`/api/File/GetShelfLabel?warehouseInfoId=${warehouseId}&shelfPosition=B-01-01&endShelfPosition=B-01-03`, picker));
      expect(pages(text)).toBe(3);
      for (const position of ['B-01-01', 'B-01-02', 'B-01-03']) expect(text).toContain(`<${hexOf(position)}>`);
      expect((await get(`/api/File/GetShelfLabel?warehouseInfoId=${warehouseId}&shelfPosition=Q-9`, picker)).statusCode).toBe(404);
      expect((await get(`/api/File/GetShelfLabel?warehouseInfoId=${warehouseId}&shelfPosition=B-01-01`, seller)).statusCode).toBe(403);
    });
  });
});
