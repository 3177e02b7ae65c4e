// Decision 0052: an order page's JSON written by PostgreSQL (orders/repository.ts, orderPageJson) must be
// the text the server would write from the same page read as rows (listOrdersWithLines, toOrderDto, then
// zod's encoding and JSON.stringify), byte for byte: the answer writer puts it in the answer as it is.
// Here both read the same pages, over values chosen to differ if the SQL wrote any of them otherwise:
// prices in cents that are not exact in binary, control characters, quotes and emoji, moments with
// microseconds, missing stores, empty lines, stock lines. Runs on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { call, createTestApp, signIn, svc, type Caller, type TestApp } from '../helpers/test-app.ts';
import { registerSeller } from '../factories/identity.ts';
import { buildOrder, createOrder, createStore, trackingNo } from '../factories/orders.ts';
import { listOrdersWithLines, orderPageJson, type OrderFilter } from '../../src/server/modules/orders/repository.ts';
import { toOrderDto } from '../../src/server/modules/orders/dto.ts';
import { OrderDto } from '../../src/shared/contracts/orders.ts';

describe("an order page's JSON from PostgreSQL, against the rows' (decision 0052)", () => {
  let t: TestApp;
  let admin: Caller;
  let seller: Awaited<ReturnType<typeof registerSeller>>;
  let warehouseId: number;
  const ids: number[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, 'admin', '123qwe', 1);
    seller = await registerSeller(t.app, 1);
    const storeId = (await createStore(t.app, admin, seller.userId, { storeName: '店"铺\\一\n号' })).id;
    const storeMy = (await createStore(t.app, admin, seller.userId, { site: 'MY' })).id;
    const w = await call(t.app, 'POST', svc('WarehouseInfo', 'EditWarehouseInfo'), admin, { warehouseName: `页仓${Date.now()}`, kind: 1 });
    warehouseId = w.body.result.id as number;
    const line = (name: string, price: number | null) => ({ productName: name, productSku: 'S', quantity: 3, price, shipment: trackingNo('JS') });
    // Prices whose cents ÷ 100 are not exact in binary, one that is whole, one missing, one large.
    const orders = [
      buildOrder(storeId, warehouseId, { reMark: 'tab\there "quoted" back\\slash', orderProductInfosList: [line('手机壳 📱', 0.07), line('a\u0001b\u001fc', 0.1), line('整', 12)] }),
      buildOrder(storeId, warehouseId, { orderProductInfosList: [line('无价', null), line('大额', 9876543.21)] }),
      buildOrder(storeMy, warehouseId, { site: 'MY', orderProductInfosList: [line('\u2028行分隔\u2029', 0.29), line('</script>', 1.15)] }),
      buildOrder(storeId, warehouseId, {}),
    ];
    for (const o of orders) ids.push((await createOrder(t.app, seller, o)).id);
    const root = (q: ReturnType<typeof sql>) => t.database.root.execute(q);
    // Moments with microseconds (toISOString keeps milliseconds), a null one, an urgent order, a hold
    // reason, a line of stock with no shipment, an order with no lines and one whose store is gone.
    await root(sql`update orders set creation_time = '2026-03-04 05:06:07.891999+00', last_modification_time = null, is_urgent = true,
      hold_reason = '待补\r\n运费', shelf_number = 'H0007' where id = ${ids[0]}`);
    await root(sql`update orders set creation_time = '1999-12-31 23:59:59.999999+00', last_modification_time = '2026-11-25 01:02:03.000500+00', pdf_guid = gen_random_uuid()::text where id = ${ids[1]}`);
    await root(sql`update order_lines set stock_product_id = 42, shipment = '' where id = (select min(id) from order_lines where order_id = ${ids[2]})`);
    await root(sql`delete from order_lines where order_id = ${ids[3]}`);
    await root(sql`alter table orders disable trigger all`);
    await root(sql`update orders set store_id = -1 where id = ${ids[3]}`);
    await root(sql`alter table orders enable trigger all`);
  });
  afterAll(async () => t?.close());

  const asZodWrites = z.array(OrderDto);

  async function bothWays(filter: OrderFilter, page: { limit: number; offset: number }) {
    return t.database.withTenant(1, async (tx) => {
      const json = await orderPageJson(tx, filter, page);
      const rows = await listOrdersWithLines(tx, filter, page);
      const expected = JSON.stringify(asZodWrites.encode(rows.rows.map((r) => toOrderDto(r, r.lines))));
      return { json, rows, expected };
    });
  }

  it('writes every order of a page as the server would, byte for byte', async () => {
    const { json, rows, expected } = await bothWays({ userId: seller.userId }, { limit: 10, offset: 0 });
    expect(rows.rows.length).toBe(4);
    expect(json.items).toBe(expected);
    expect({ total: json.total, capped: json.capped }).toEqual({ total: rows.total, capped: rows.capped });
    // The values chosen to differ are there to compare (the page is not trivially alike).
    const items = JSON.parse(json.items) as OrderDto[];
    expect(items[0]!.id).toBe(ids[0]);
    expect(items[0]!.creationTime).toBe('2026-03-04T05:06:07.891Z');
    expect(items.find((o) => o.id === ids[0])!.orderProductInfosList.map((l) => l.price)).toEqual([0.07, 0.1, 12]);
    expect(items.find((o) => o.id === ids[3])).toMatchObject({ storeName: '', orderProductInfosList: [] });
    expect(items.find((o) => o.id === ids[2])!.orderProductInfosList[0]).toMatchObject({ stockProductId: 42, shipment: '' });
  });

  it('agrees on other filters, pages and the page past the end', async () => {
    const cases: [OrderFilter, { limit: number; offset: number }][] = [
      [{ userId: seller.userId }, { limit: 2, offset: 0 }],
      [{ userId: seller.userId }, { limit: 2, offset: 2 }],
      [{ userId: seller.userId }, { limit: 7, offset: 1 }],
      [{ userId: seller.userId }, { limit: 10, offset: 10 }],
      [{ userId: seller.userId, site: 'MY' }, { limit: 10, offset: 0 }],
      [{ warehouseInfoId: warehouseId, orderStatus: 1 }, { limit: 10, offset: 0 }],
      [{ number: (await call(t.app, 'GET', `${svc('BackOrder', 'GetOrderInfo')}?id=${ids[1]}`, admin)).body.result.tradeNo }, { limit: 10, offset: 0 }],
      [{ userId: -5 }, { limit: 10, offset: 0 }],
      // Sorted pages (issue 44 §3): the JSON's order is the rows'.
      [{ userId: seller.userId, sorting: { field: 'creationTime', direction: 'asc' } }, { limit: 10, offset: 0 }],
      [{ userId: seller.userId, sorting: { field: 'creationTime', direction: 'desc' } }, { limit: 2, offset: 1 }],
      [{ userId: seller.userId, sorting: { field: 'tradeNo', direction: 'desc' } }, { limit: 10, offset: 0 }],
    ];
    for (const [filter, page] of cases) {
      const { json, rows, expected } = await bothWays(filter, page);
      expect(json.items, JSON.stringify(filter)).toBe(expected);
      expect({ total: json.total, capped: json.capped }).toEqual({ total: rows.total, capped: rows.capped });
    }
  });

  it('is what GetOrderList answers, for the back office and the seller', async () => {
    const back = await call(t.app, 'GET', `${svc('BackOrder', 'GetOrderList')}?warehouseInfoId=${warehouseId}&currentPage=1&pageSize=10`, admin);
    expect(back.status).toBe(200);
    expect(back.body.result.totalCount).toBe(4);
    expect(back.body.result.items.map((o: OrderDto) => o.id)).toEqual([ids[0], ids[3], ids[2], ids[1]]);
    const own = await call(t.app, 'GET', `${svc('FrontOrder', 'GetOrderList')}?currentPage=1&pageSize=10`, seller);
    expect(own.status).toBe(200);
    expect(own.body.result.items).toEqual(back.body.result.items);
  });
});
