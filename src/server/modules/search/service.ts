// Search/Find (扫描或输入单号, issue #44 item 4): what a number is, and the screen that opens it.
// Staff get a kind only when they hold the permission of the screen it opens; a seller gets only
// their own rows, opened on their own screens. Exact matches first, then the numbers ending with what
// was typed (decision 0070).
import { search, FIND_MAX_HITS, type FindHitDto } from '#shared/contracts/search.ts';
import { ORDER_TYPE } from '#shared/enums.ts';
import { USER_TYPE } from '#shared/permissions.ts';
import { normalizeTrackingNumber } from '#shared/tracking-number.ts';
import { normalizeFragment, TAIL_MIN } from '#server/db/number-tail.ts';
import { implement, requireUser } from '../../framework.ts';
import * as repo from './repository.ts';

const q = (path: string, params: Record<string, string | number>): string =>
  `${path}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString()}`;

/** Where staff open an order of each type: its list filtered by the number. */
function staffOrderRoute(orderType: number, number: string): { route: string; permission: string } {
  if (orderType === ORDER_TYPE.abroad) return { route: q('/backabroad/backabroadorder', { number }), permission: 'Order.Manages' };
  if (orderType === ORDER_TYPE.stock) return { route: q('/backstock/findstockorder', { number }), permission: 'warehouse.Stock' };
  return { route: q('/back/backOrderList', { number }), permission: 'Order.Manages' };
}

/** Where a seller opens their order: its detail page. */
function sellerOrderRoute(orderType: number, id: number): { route: string; permission: string } {
  if (orderType === ORDER_TYPE.abroad) return { route: q('/frontDisplay/abroadorderDetail', { id }), permission: 'Front.Abroad' };
  if (orderType === ORDER_TYPE.stock) return { route: q('/frontDisplay/stockorderDetail', { id }), permission: 'Front.Stock' };
  return { route: q('/frontDisplay/orderDetail', { id }), permission: 'Front.Orders' };
}

export const searchService = implement(search, () => ({
  async find({ number }, ctx) {
    const me = requireUser(ctx);
    // The host has no warehouse: nothing of a tenant's is found from it.
    if (ctx.tenantId === null) return [];
    const seller = me.userType === USER_TYPE.seller;
    const owner = seller ? me.id : null;
    const tracking = normalizeTrackingNumber(number);
    const code = number.toUpperCase();
    const numbers = [...new Set([number, code])];
    const may = (permission: string) => me.permissions.has(permission);

    const fragment = normalizeFragment(number);
    const [orders, parcels, records, refusals, returns, sellers, batches] = await Promise.all([
      repo.ordersByNumber(ctx.db, numbers, owner),
      repo.parcelsByShipment(ctx.db, tracking, owner),
      repo.stockRecordsByNumber(ctx.db, numbers, tracking, owner),
      repo.refusalsByTradeNo(ctx.db, numbers, owner),
      repo.abroadReturnsByNumber(ctx.db, numbers, owner),
      seller ? Promise.resolve([]) : repo.sellersByCode(ctx.db, code),
      seller || fragment.length === 0 ? Promise.resolve([]) : repo.batchesByName(ctx.db, fragment),
    ]);

    const hits: (FindHitDto & { permission: string })[] = [];
    const add = (hit: FindHitDto & { permission: string }) => {
      if (!hits.some((h) => h.kind === hit.kind && h.id === hit.id)) hits.push(hit);
    };
    const orderHit = (o: { id: number; orderType: number }, label: string) =>
      add({ kind: 'order', id: o.id, label, ...(seller ? sellerOrderRoute(o.orderType, o.id) : staffOrderRoute(o.orderType, label)) });
    const parcelHit = (p: { id: number; shipment: string; orderId: number | null; orderType: number | null }) => {
      const to = seller
        ? (p.orderId !== null && p.orderType !== null ? sellerOrderRoute(p.orderType, p.orderId) : { route: '/front/expressUserInfo', permission: 'Front.Orders' })
        : { route: q('/back/logisticsList', { shipment: p.shipment }), permission: 'OrderManage.ExpressShipmentDelivery' };
      add({ kind: 'parcel', id: p.id, label: p.shipment, ...to });
    };
    const recordHit = (r: { id: number; tradeNo: string; logisticsNumber: string }, label: string) => {
      const to = seller
        ? { route: q('/frontstock/stocklist', { number: label }), permission: 'Front.Stock' }
        : { route: q('/backstock/backstockList', { number: label }), permission: 'warehouse.Stock' };
      add({ kind: 'stockRecord', id: r.id, label, ...to });
    };
    const batchHit = (b: { id: number; batchName: string; storeId: number; storeName: string }) => add({
      kind: 'receiptBatch', id: b.id, label: `${b.batchName} ${b.storeName}`,
      route: q('/backstock/pagebackDeliveryreceiptbatch', { storeId: b.storeId, batchName: b.batchName }), permission: 'warehouse.Stock',
    });

    // Exact matches first.
    for (const o of orders) orderHit(o, numbers.includes(o.tradeNo) ? o.tradeNo : o.orderNumber);
    for (const p of parcels) parcelHit(p);
    for (const r of records) recordHit(r, numbers.includes(r.tradeNo) ? r.tradeNo : r.logisticsNumber);
    for (const r of refusals) {
      const to = seller
        ? { route: q('/front/refusalorder', { tradeNo: r.tradeNo }), permission: 'Front.Orders' }
        : { route: q('/back/refusalorder', { tradeNo: r.tradeNo }), permission: 'OrderManage.ExpressShipmentDelivery' };
      add({ kind: 'refusal', id: r.id, label: r.tradeNo, ...to });
    }
    for (const r of returns) {
      const to = seller
        ? { route: q('/frontabroad/abroadreturnlist', { number: r.returnNumber }), permission: 'Front.Abroad' }
        : { route: q('/backabroad/backabroadreturn', { number: r.returnNumber }), permission: 'warehouse.Stock' };
      add({ kind: 'abroadReturn', id: r.id, label: r.returnNumber, ...to });
    }
    for (const u of sellers) {
      add({ kind: 'seller', id: u.id, label: `${u.userCode ?? ''} ${u.userName}`.trim(), route: q('/setting/user', { keyword: u.userCode ?? u.userName }), permission: 'Pages.Users' });
    }
    // A batch's name (yyMMdd-NN): whole first, then its tail with the fragments.
    for (const b of batches) if (b.batchName === fragment) batchHit(b);

    // Then fragments: the numbers ending with what was typed (decision 0070), each through its tail index.
    // Only when nothing matched whole: a whole number is what a scanner sends, and it names its thing.
    if (fragment.length >= TAIL_MIN && !hits.some((h) => may(h.permission))) {
      const [byTail, byLine, parcelTails, recordTails] = await Promise.all([
        repo.ordersByTail(ctx.db, fragment, owner),
        repo.ordersByLineTail(ctx.db, fragment, owner),
        repo.parcelsByTail(ctx.db, fragment, owner),
        repo.stockRecordsByTail(ctx.db, fragment, owner),
      ]);
      const ends = (s: string) => s.toUpperCase().endsWith(fragment);
      for (const o of byTail) orderHit(o, ends(o.tradeNo) ? o.tradeNo : o.orderNumber);
      for (const p of parcelTails) parcelHit(p);
      // An order found by one of its lines' tracking numbers is named by its trade number: the parcel's
      // own hit already carries the tracking number, and two hits of one name could not be told apart.
      for (const o of byLine) orderHit(o, o.tradeNo);
      for (const r of recordTails) recordHit(r, ends(r.tradeNo) ? r.tradeNo : r.logisticsNumber);
      for (const b of batches) batchHit(b);
    }
    return hits.filter((h) => may(h.permission)).slice(0, FIND_MAX_HITS)
      .map(({ kind, id, label, route }) => ({ kind, id, label, route }));
  },
}));
