// Stock a seller holds at a warehouse, put there over HTTP the way the floor does it: declared,
// arrived, passed, labelled, shelved (DOMAIN §7).
import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, svc, type Caller, type TestApp } from '../helpers/test-app.ts';
import { trackingNo } from './orders.ts';

let shelves = 0;
/** A product goes back to its own shelf: (store, warehouse, SKU) → position. */
const shelfOf = new Map<string, string>();

/** `quantity` of `productSku` shelved for the seller's store at the warehouse; the staff caller needs warehouse.Stock. */
export async function shelveStock(app: FastifyInstance, staff: Caller, seller: Caller, at: { storeId: number; warehouseInfoId: number }, productSku: string, quantity: number) {
  const declared = await call(app, 'POST', svc('FrontStock', 'EditStock'), seller, {
    ...at, productSku, productName: `商品 ${productSku}`, productNums: quantity, packageNums: 1, logisticsNumber: trackingNo('ZT'),
  });
  expect(declared.status, JSON.stringify(declared.body.error)).toBe(200);
  const id = declared.body.result.id as number;
  const steps = [`${svc('BackStock', 'EditStatus')}?id=${id}&isArrived=true`, `${svc('BackStock', 'IsCheckPass')}?id=${id}&ispass=true`, `${svc('BackStock', 'ProcessLabel')}?id=${id}`];
  for (const url of steps) {
    const res = await call(app, 'POST', url, staff);
    expect(res.status, `${url} ${JSON.stringify(res.body.error)}`).toBe(200);
  }
  const key = `${at.storeId}:${at.warehouseInfoId}:${productSku}`;
  let shelfPosition = shelfOf.get(key);
  if (!shelfPosition) {
    shelfPosition = `F-${process.pid % 100}-${String(++shelves).padStart(3, '0')}`;
    expect((await call(app, 'POST', svc('Shelves', 'Add'), staff, { warehouseInfoId: at.warehouseInfoId, shelfPosition })).status).toBe(200);
    shelfOf.set(key, shelfPosition);
  }
  const shelved = await call(app, 'POST', svc('BackStock', 'ShelfUp'), staff, { id, shelfPosition, quantity });
  expect(shelved.status, JSON.stringify(shelved.body.error)).toBe(200);
}

// Stock on a shelf for tests that need goods in a warehouse (overseas orders, returns), made the way
// the warehouse makes it over HTTP: the seller declares a stock record (FrontStock/EditStock), its
// parcel is scanned in at the warehouse (Logistics/SignByScan → 已到货), staff pass it, label it (the
// stock product and its barcode) and shelve it (BackStock/ShelfUp → a ListedHistory 上架 row).

let seq = 0;

export interface StockedProduct { id: number; productSku: string; barCode: string; logisticsNumber: string; recordId: number }

export async function stockUp(
  t: TestApp,
  p: { staff: Caller; seller: Caller; storeId: number; warehouseInfoId: number; quantity: number; shelfPosition: string; productSku?: string },
): Promise<StockedProduct> {
  const ok = <T>(res: { status: number; body: { result: T; error: unknown } }, what: string): T => {
    if (res.status !== 200) throw new Error(`${what} failed: ${res.status} ${JSON.stringify(res.body.error)}`);
    return res.body.result;
  };
  const productSku = p.productSku ?? `SKU-${Date.now().toString(36)}-${seq++}`;
  const logisticsNumber = trackingNo('SR');
  const record = ok(await call(t.app, 'POST', svc('FrontStock', 'EditStock'), p.seller, {
    storeId: p.storeId, warehouseInfoId: p.warehouseInfoId, productSku, productName: `商品 ${productSku}`,
    productNums: p.quantity, packageNums: 1, logisticsNumber,
  }), 'EditStock') as { id: number };
  ok(await call(t.app, 'POST', svc('Logistics', 'SignByScan'), p.staff, { shipment: logisticsNumber, warehouseInfoId: p.warehouseInfoId }), 'SignByScan');
  ok(await call(t.app, 'POST', `${svc('BackStock', 'IsCheckPass')}?id=${record.id}&ispass=true`, p.staff), 'IsCheckPass');
  const labelled = ok(await call(t.app, 'POST', `${svc('BackStock', 'ProcessLabel')}?id=${record.id}`, p.staff), 'ProcessLabel') as { stockProductId: number; barCode: string };
  ok(await call(t.app, 'POST', svc('BackStock', 'ShelfUp'), p.staff, { id: record.id, shelfPosition: p.shelfPosition, quantity: p.quantity }), 'ShelfUp');
  return { id: labelled.stockProductId, productSku, barCode: labelled.barCode, logisticsNumber, recordId: record.id };
}

/** A stock product's figures as its seller sees them (FrontStockProduct/GetStockProductList). */
export async function stockFigures(t: TestApp, seller: Caller, id: number): Promise<{ inventory: number; reserved: number; available: number }> {
  const res = await call(t.app, 'GET', svc('FrontStockProduct', 'GetStockProductList'), seller, { pageSize: 500 });
  const p = (res.body.result.items as { id: number; inventory: number; reserved: number; available: number }[]).find((x) => x.id === id);
  if (!p) throw new Error(`stock product ${id} is not the seller's`);
  return { inventory: p.inventory, reserved: p.reserved, available: p.available };
}
