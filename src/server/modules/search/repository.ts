// The header search's lookups (reads only). Each is an equality on a column indexed with the
// tenant first — (tenant_id, trade_no), (tenant_id, shipment), … — so it is an index probe at any
// size; the tenant and the group's sites and warehouses come from the transaction's row-level
// security. `userId` narrows to one seller's own rows.
import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '#server/db/client.ts';
import { abroadReturns, deliveryReceiptBatches, orderLines, orders, parcels, refusalOrders, stockRecords, stores, users } from '#server/db/schema/index.ts';
import { endsWith, reversed } from '#server/db/number-tail.ts';
import { USER_TYPE } from '#shared/permissions.ts';

const LIMIT = 10;

const own = (column: AnyPgColumn, userId: number | null): SQL | undefined => (userId === null ? undefined : eq(column, userId));

/** `numbers`: the number as typed and upper-cased (trade and return numbers are stored upper case). */
export async function ordersByNumber(tx: Db, numbers: string[], userId: number | null) {
  return tx.select({ id: orders.id, tradeNo: orders.tradeNo, orderNumber: orders.orderNumber, orderType: orders.orderType })
    .from(orders)
    .where(and(or(inArray(orders.tradeNo, numbers), inArray(orders.orderNumber, numbers)), own(orders.userId, userId)))
    .orderBy(orders.id).limit(LIMIT);
}

export async function parcelsByShipment(tx: Db, shipment: string, userId: number | null) {
  return tx.select({ id: parcels.id, shipment: parcels.shipment, orderId: parcels.orderId, orderType: orders.orderType })
    .from(parcels).leftJoin(orders, eq(orders.id, parcels.orderId))
    .where(and(eq(parcels.shipment, shipment), own(parcels.userId, userId)))
    .limit(LIMIT);
}

export async function stockRecordsByNumber(tx: Db, numbers: string[], shipment: string, userId: number | null) {
  return tx.select({ id: stockRecords.id, tradeNo: stockRecords.tradeNo, logisticsNumber: stockRecords.logisticsNumber })
    .from(stockRecords)
    .where(and(or(inArray(stockRecords.tradeNo, numbers), eq(stockRecords.logisticsNumber, shipment)), own(stockRecords.userId, userId)))
    .orderBy(stockRecords.id).limit(LIMIT);
}

export async function refusalsByTradeNo(tx: Db, numbers: string[], userId: number | null) {
  return tx.select({ id: refusalOrders.id, tradeNo: refusalOrders.tradeNo })
    .from(refusalOrders)
    .where(and(inArray(refusalOrders.tradeNo, numbers), own(refusalOrders.userId, userId)))
    .limit(LIMIT);
}

export async function abroadReturnsByNumber(tx: Db, numbers: string[], userId: number | null) {
  return tx.select({ id: abroadReturns.id, returnNumber: abroadReturns.returnNumber })
    .from(abroadReturns)
    .where(and(inArray(abroadReturns.returnNumber, numbers), own(abroadReturns.userId, userId)))
    .limit(LIMIT);
}

/** A seller by their code (S00001): staff only. */
export async function sellersByCode(tx: Db, code: string) {
  return tx.select({ id: users.id, userCode: users.userCode, userName: users.userName })
    .from(users)
    .where(and(eq(users.userCode, code), eq(users.userType, USER_TYPE.seller), eq(users.isDeleted, false)))
    .limit(LIMIT);
}

/** A delivery-receipt batch (交接批次) by its name, whole or its tail (yyMMdd-NN): staff only. */
export async function batchesByName(tx: Db, name: string) {
  return tx.select({ id: deliveryReceiptBatches.id, batchName: deliveryReceiptBatches.batchName, storeId: deliveryReceiptBatches.storeId, storeName: stores.storeName })
    .from(deliveryReceiptBatches).innerJoin(stores, eq(stores.id, deliveryReceiptBatches.storeId))
    .where(endsWith(deliveryReceiptBatches.batchName, reversed(name)))
    .orderBy(desc(deliveryReceiptBatches.id)).limit(LIMIT);
}

// ---- Fragments (decision 0070): the tail of a number, each through its (tenant, reverse(number)) index.
// `tail` is normalised (no spaces, upper case); newest first.

export async function ordersByTail(tx: Db, tail: string, userId: number | null) {
  const t = reversed(tail);
  return tx.select({ id: orders.id, tradeNo: orders.tradeNo, orderNumber: orders.orderNumber, orderType: orders.orderType })
    .from(orders)
    .where(and(sql`${orders.id} in (
      select o.id from ${orders} o where ${endsWith(sql`o.trade_no`, t)}
      union select o.id from ${orders} o where ${endsWith(sql`o.order_number`, t, true)})`, own(orders.userId, userId)))
    .orderBy(desc(orders.id)).limit(LIMIT);
}

/** Parcels, and the orders declaring a tracking number that ends so (a parcel not signed yet has its line). */
export async function parcelsByTail(tx: Db, tail: string, userId: number | null) {
  return tx.select({ id: parcels.id, shipment: parcels.shipment, orderId: parcels.orderId, orderType: orders.orderType })
    .from(parcels).leftJoin(orders, eq(orders.id, parcels.orderId))
    .where(and(endsWith(parcels.shipment, reversed(tail)), own(parcels.userId, userId)))
    .orderBy(desc(parcels.id)).limit(LIMIT);
}

/** Orders whose line declares a tracking number ending so (no parcel for it yet). */
export async function ordersByLineTail(tx: Db, tail: string, userId: number | null) {
  return tx.selectDistinct({ id: orders.id, tradeNo: orders.tradeNo, orderNumber: orders.orderNumber, orderType: orders.orderType })
    .from(orderLines).innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(endsWith(orderLines.shipment, reversed(tail)), own(orders.userId, userId)))
    .orderBy(desc(orders.id)).limit(LIMIT);
}

export async function stockRecordsByTail(tx: Db, tail: string, userId: number | null) {
  const t = reversed(tail);
  return tx.select({ id: stockRecords.id, tradeNo: stockRecords.tradeNo, logisticsNumber: stockRecords.logisticsNumber })
    .from(stockRecords)
    .where(and(sql`${stockRecords.id} in (
      select r.id from ${stockRecords} r where ${endsWith(sql`r.trade_no`, t)}
      union select r.id from ${stockRecords} r where ${endsWith(sql`r.logistics_number`, t)})`, own(stockRecords.userId, userId)))
    .orderBy(desc(stockRecords.id)).limit(LIMIT);
}
