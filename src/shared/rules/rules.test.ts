// The shared rule tables, walked over every status: what the server refuses with 409 and what the
// screens hide are the same answers, so these are the answers DOMAIN §3, §4 and §6 give.
import { describe, expect, it } from 'vitest';
import {
  ENUM_CODES, ORDER_STATUS as S, ORDER_TYPE, PACKAGE_STATUS as P, RECEIVE_STATUS as R, REJECTION_HANDLE_TYPE as T, REJECTION_STATUS as RS, SHIPPING_METHOD, STOCK_STATUS as ST,
} from '../enums.ts';
import { afterParcelSigned, canOrder, isFromStock, isOrderClosed, manualOrderStatusAllowed, manualPackageStatusAllowed, ORDER_RULES, type OrderAction } from './orders.ts';
import { canParcel, PARCEL_RULES, type ParcelAction } from './parcels.ts';
import { canRejection, REJECTION_TRANSITIONS, type RejectionAction } from './rejections.ts';
import { afterShelfUp, canStock, shelfRange, STOCK_TRANSITIONS, stockRemaining, type StockAction } from './stock.ts';

/** Every (orderStatus, packageStatus) pair where `action` is allowed, as "o/p" strings. */
function allowedPairs(action: OrderAction, extra: { orderType?: number; shippingMethods?: number; isUrgent?: boolean; owedCents?: number } = {}): string[] {
  const pairs: string[] = [];
  for (const orderStatus of ENUM_CODES.OrderStatus) {
    for (const packageStatus of ENUM_CODES.PackageStatus) {
      if (canOrder(action, { orderStatus, packageStatus, ...extra })) pairs.push(`${orderStatus}/${packageStatus}`);
    }
  }
  return pairs;
}
const pairs = (orderStatuses: number[], packageStatuses: number[]) => orderStatuses.flatMap((o) => packageStatuses.map((p) => `${o}/${p}`));
const OPEN = [S.pending, S.processing, S.awaitingFreight];

describe('order rules', () => {
  it('closes an order at 已发货, 已完成 and 已取消 only', () => {
    expect(ENUM_CODES.OrderStatus.filter((orderStatus) => isOrderClosed({ orderStatus }))).toEqual([S.shipped, S.completed, S.cancelled]);
  });

  it('lets the seller edit or cancel an open or held order until it is packed', () => {
    const expected = pairs([...OPEN, S.onHold], [P.awaiting, P.partial, P.complete]);
    expect(allowedPairs('sellerUpdate')).toEqual(expected);
    expect(allowedPairs('sellerCancel')).toEqual(expected);
    expect(ORDER_RULES.sellerCancel.refusal).toMatch(/不能取消/);
  });

  it('lets staff cancel anything that is not closed, whatever its goods', () => {
    expect(allowedPairs('staffCancel')).toEqual(pairs([...OPEN, S.onHold], [...ENUM_CODES.PackageStatus]));
  });

  it('packs only goods that are all here, on an order that is worked on (not 问题件)', () => {
    expect(allowedPairs('pack')).toEqual(pairs(OPEN, [P.complete]));
  });

  it('weighs packed goods, and weighs again before dispatch', () => {
    expect(allowedPairs('weigh')).toEqual(pairs(OPEN, [P.packed, P.weighed]));
  });

  it('ships a weighed order in 处理中 only when nothing is owed', () => {
    expect(allowedPairs('ship')).toEqual([`${S.processing}/${P.weighed}`]);
    expect(allowedPairs('ship', { owedCents: 150 })).toEqual([]);
  });

  it('asks for 补运费 only in 待补运费', () => {
    expect(allowedPairs('supplyFreight')).toEqual(pairs([S.awaitingFreight], [...ENUM_CODES.PackageStatus]));
  });

  it('hurries an order in 待处理/处理中/待补运费 that is not yet urgent, and calms an urgent one', () => {
    expect(allowedPairs('markUrgent', { isUrgent: false })).toEqual(pairs(OPEN, [...ENUM_CODES.PackageStatus]));
    expect(allowedPairs('markUrgent', { isUrgent: true })).toEqual([]);
    expect(allowedPairs('markNormal', { isUrgent: true })).toEqual(pairs(OPEN, [...ENUM_CODES.PackageStatus]));
    expect(allowedPairs('markNormal', { isUrgent: false })).toEqual([]);
  });

  it('prints a label and registers a return on any order that is not cancelled', () => {
    const notCancelled = ENUM_CODES.OrderStatus.filter((o) => o !== S.cancelled);
    expect(allowedPairs('printLabel')).toEqual(pairs(notCancelled, [...ENUM_CODES.PackageStatus]));
    expect(allowedPairs('registerReturn')).toEqual(pairs(notCancelled, [...ENUM_CODES.PackageStatus]));
  });

  it('takes parcels in and marks arrival only on an open order whose goods are not all here', () => {
    const expected = pairs([...OPEN, S.onHold], [P.awaiting, P.partial]);
    expect(allowedPairs('receiveParcel')).toEqual(expected);
    expect(allowedPairs('arriveWarehouse')).toEqual(expected);
  });

  it('bags a weighed mainland order, or a stock order sent by the warehouse\'s own line, that is worked on; no other', () => {
    expect(allowedPairs('bag', { orderType: ORDER_TYPE.mainland })).toEqual(pairs(OPEN, [P.weighed]));
    expect(allowedPairs('bag', { orderType: ORDER_TYPE.stock, shippingMethods: SHIPPING_METHOD.thirdParty })).toEqual(pairs(OPEN, [P.weighed]));
    expect(allowedPairs('bag', { orderType: ORDER_TYPE.stock, shippingMethods: SHIPPING_METHOD.shopeeSls })).toEqual([]);
    expect(allowedPairs('bag', { orderType: ORDER_TYPE.stock, shippingMethods: SHIPPING_METHOD.selfPickup })).toEqual([]);
    expect(allowedPairs('bag', { orderType: ORDER_TYPE.crossBorder })).toEqual([]);
    expect(allowedPairs('bag', { orderType: ORDER_TYPE.abroad, shippingMethods: SHIPPING_METHOD.thirdParty })).toEqual([]);
  });

  it('lets the seller urge any order but a cancelled one', () => {
    expect(allowedPairs('urge')).toEqual(pairs([S.pending, S.processing, S.awaitingFreight, S.shipped, S.completed, S.onHold], [...ENUM_CODES.PackageStatus]));
  });

  it('corrects a status by hand one step forward, or through 问题件, never to 已发货', () => {
    const moves = ENUM_CODES.OrderStatus.flatMap((from) => ENUM_CODES.OrderStatus.filter((to) => manualOrderStatusAllowed(from, to)).map((to) => `${from}→${to}`));
    expect(moves).toEqual(['1→2', '1→7', '2→3', '2→7', '3→7', '4→5', '7→1', '7→2', '7→3']);
    expect(manualPackageStatusAllowed({ orderStatus: S.processing, packageStatus: P.partial }, P.complete)).toBe(true);
    expect(manualPackageStatusAllowed({ orderStatus: S.processing, packageStatus: P.complete }, P.packed)).toBe(true);
    expect(manualPackageStatusAllowed({ orderStatus: S.processing, packageStatus: P.packed }, P.weighed)).toBe(false);
    expect(manualPackageStatusAllowed({ orderStatus: S.processing, packageStatus: P.awaiting }, P.complete)).toBe(false);
    expect(manualPackageStatusAllowed({ orderStatus: S.cancelled, packageStatus: P.awaiting }, P.partial)).toBe(false);
  });

  it('moves an order forward as its parcels arrive', () => {
    expect(afterParcelSigned({ orderStatus: S.pending, packageStatus: P.awaiting }, 1, 3)).toMatchObject({ orderStatus: S.processing, packageStatus: P.partial });
    expect(afterParcelSigned({ orderStatus: S.processing, packageStatus: P.partial }, 3, 3)).toMatchObject({ orderStatus: S.processing, packageStatus: P.complete });
    expect(afterParcelSigned({ orderStatus: S.onHold, packageStatus: P.awaiting }, 1, 1)).toMatchObject({ orderStatus: S.onHold, packageStatus: P.complete });
  });

  it('keeps orders from stock (囤货, 海外仓) out of the parcel-driven actions', () => {
    expect(ENUM_CODES.OrderType.filter((orderType) => isFromStock({ orderType }))).toEqual([ORDER_TYPE.stock, ORDER_TYPE.abroad]);
    for (const orderType of [ORDER_TYPE.stock, ORDER_TYPE.abroad]) {
      expect(allowedPairs('parcelDriven', { orderType })).toEqual([]);
      expect(allowedPairs('pack', { orderType })).toEqual([]);
      expect(manualPackageStatusAllowed({ orderType, orderStatus: S.processing, packageStatus: P.complete }, P.packed)).toBe(false);
    }
    expect(allowedPairs('parcelDriven', { orderType: ORDER_TYPE.mainland })).toHaveLength(ENUM_CODES.OrderStatus.length * ENUM_CODES.PackageStatus.length);
    expect(allowedPairs('pack', { orderType: ORDER_TYPE.crossBorder })).toEqual(pairs(OPEN, [P.complete]));
  });

  it('picks an order from stock whose goods are ready, and undoes only a packed one', () => {
    for (const orderType of [ORDER_TYPE.stock, ORDER_TYPE.abroad]) {
      expect(allowedPairs('pick', { orderType })).toEqual(pairs(OPEN, [P.complete]));
      expect(allowedPairs('unpick', { orderType })).toEqual(pairs(OPEN, [P.packed]));
    }
    expect(allowedPairs('pick', { orderType: ORDER_TYPE.mainland })).toEqual([]);
    expect(allowedPairs('unpick', { orderType: ORDER_TYPE.crossBorder })).toEqual([]);
  });

  it('never weighs an overseas order, and ships it once packed and paid', () => {
    expect(allowedPairs('weigh', { orderType: ORDER_TYPE.abroad })).toEqual([]);
    expect(allowedPairs('weigh', { orderType: ORDER_TYPE.stock })).toEqual(pairs(OPEN, [P.packed, P.weighed]));
    expect(allowedPairs('ship', { orderType: ORDER_TYPE.abroad })).toEqual([`${S.processing}/${P.packed}`, `${S.processing}/${P.weighed}`]);
    expect(allowedPairs('ship', { orderType: ORDER_TYPE.stock })).toEqual([`${S.processing}/${P.weighed}`]);
  });

  it('has a Chinese refusal for every action', () => {
    for (const [action, rule] of Object.entries(ORDER_RULES)) expect(rule.refusal, action).toMatch(/[\u4e00-\u9fff]/);
  });
});

describe('parcel rules', () => {
  const allowed = (action: ParcelAction) => ENUM_CODES.ReceiveStatus.filter((receiveStatus) => canParcel(action, { receiveStatus }));

  it('answers each action over every receive status', () => {
    expect(allowed('sellerEdit')).toEqual([R.declared]);
    expect(allowed('assignSeller')).toEqual([R.unclaimed]);
    expect(allowed('delete')).toEqual([R.declared, R.unclaimed]);
    expect(allowed('markAbnormal')).toEqual([R.signed, R.stored, R.refused, R.returned, R.unclaimed, R.abnormal]);
    expect(allowed('sendBack')).toEqual([R.signed, R.stored, R.abnormal]);
    for (const [action, rule] of Object.entries(PARCEL_RULES)) expect(rule.refusal, action).toMatch(/[\u4e00-\u9fff]/);
  });
});

describe('rejection transitions', () => {
  const from = (action: RejectionAction) => ENUM_CODES.RejectionStatus.flatMap((handleStatus) =>
    ENUM_CODES.RejectionHandleType.filter((handleType) => canRejection(action, { handleStatus, handleType })).map((handleType) => `${handleStatus}:${handleType}`));

  it('allows each move from its status (and request type) only', () => {
    expect(from('revoke')).toEqual([`${RS.pending}:${T.rejection}`, `${RS.pending}:${T.return}`]);
    expect(from('confirmRejection')).toEqual([`${RS.pending}:${T.rejection}`]);
    expect(from('fail')).toEqual([`${RS.pending}:${T.rejection}`]);
    expect(from('cancelFail')).toEqual([`${RS.failed}:${T.rejection}`, `${RS.failed}:${T.return}`]);
    expect(from('confirmReturn')).toEqual([`${RS.pending}:${T.return}`]);
    expect(from('cancelReturn')).toEqual([`${RS.returned}:${T.rejection}`, `${RS.returned}:${T.return}`]);
    expect(from('confirmDeduction')).toEqual([`${RS.returned}:${T.rejection}`, `${RS.returned}:${T.return}`]);
    expect(from('deductionReturn')).toEqual([`${RS.deducted}:${T.rejection}`, `${RS.deducted}:${T.return}`]);
  });

  it('leads each move to the status DOMAIN §6 names', () => {
    const to = Object.fromEntries(Object.entries(REJECTION_TRANSITIONS).map(([action, move]) => [action, move.to]));
    expect(to).toEqual({
      revoke: RS.revoked, confirmRejection: RS.rejected, fail: RS.failed, cancelFail: RS.pending,
      confirmReturn: RS.returned, cancelReturn: RS.pending, confirmDeduction: RS.deducted, deductionReturn: RS.returned,
    });
  });
});

describe('stock record rules', () => {
  const from = (action: StockAction) => ENUM_CODES.StockStatus.filter((productStatus) => canStock(action, { productStatus }));

  it('walks 0 待到货 → 1 → 2 / 3 → 4 → 5 and cancels only at 0 (DOMAIN §7)', () => {
    expect(from('cancel')).toEqual([ST.awaiting]);
    expect(from('edit')).toEqual([ST.awaiting]);
    expect(from('arrive')).toEqual([ST.awaiting]);
    expect(from('unarrive')).toEqual([ST.arrived]);
    expect([...from('pass'), ...from('fail')]).toEqual([ST.arrived, ST.arrived]);
    expect([...from('acceptAbnormal'), ...from('returnGoods')]).toEqual([ST.failed, ST.failed]);
    expect(from('label')).toEqual([ST.passed]);
    expect(from('shelfUp')).toEqual([ST.labelled]);
    expect(from('deductShelfCost')).toEqual([ST.shelved]);
    expect(from('supplement')).not.toContain(ST.cancelled);
    const to = Object.fromEntries(Object.entries(STOCK_TRANSITIONS).map(([action, move]) => [action, move.to]));
    expect(to).toMatchObject({ cancel: ST.cancelled, arrive: ST.arrived, pass: ST.passed, fail: ST.failed, label: ST.labelled, returnGoods: ST.cancelled });
  });

  it('is shelved (5) once the accepted quantity, else the declared one, is on shelves', () => {
    expect(afterShelfUp({ productNums: 10, acceptedNums: null, shelvedNums: 4 }, 5)).toBe(ST.labelled);
    expect(afterShelfUp({ productNums: 10, acceptedNums: null, shelvedNums: 4 }, 6)).toBe(ST.shelved);
    expect(afterShelfUp({ productNums: 10, acceptedNums: 8, shelvedNums: 0 }, 8)).toBe(ST.shelved);
    expect(stockRemaining({ productNums: 10, acceptedNums: 8, shelvedNums: 3 })).toBe(5);
  });

  it('generates a shelf range over the last number group only', () => {
    expect(shelfRange('A-01-08', 'A-01-11')).toEqual({ positions: ['A-01-08', 'A-01-09', 'A-01-10', 'A-01-11'] });
    expect(shelfRange('A-01-01', 'A-02-01')).toHaveProperty('refusal');
    expect(shelfRange('A-01-05', 'A-01-04')).toHaveProperty('refusal');
    expect(shelfRange('A-1', 'A-1001')).toHaveProperty('refusal');
  });
});
