// The one way stock quantities change (DOMAIN §7, decision 0026), like the ledger for money. Everything
// runs inside the caller's transaction (ctx.db): a refusal throws and the caller's whole request rolls back.
//
//   moveInventory(tx, who, movements)    writes one ListedHistory row per movement (type 1 上架, 2 出库,
//                                        3 盘点调整, 4 退货入库, 5 销毁; quantity signed, ≠ 0) and keeps the
//                                        product's totalStorage / totalOutgoing / inventory / available;
//                                        `releaseRef` also drops that ref's reservation of the product
//                                        (a picked order: stock out and reservation released in one step).
//   countInventory(tx, who, {…counted})  a counted correction: one type-3 row with the difference (none if equal).
//   reserve(tx, ref, items, opts?)       an open order holds quantities: reserved grows, available falls; 409
//                                        naming the SKU when available is short or the product is not 可用;
//                                        additive per (ref, product); opts.ownerUserId: another seller's
//                                        product is 404. ref names the holder: `stock-order:<id>`, `abroad-order:<id>`.
//   release(tx, ref, productIds?)        drops what ref holds (all of it, or of those products); a ref holding
//                                        nothing releases nothing (safe to call twice).
//   reservedBy(tx, ref)                  what ref holds now, per product.
//   ensureStockProduct(tx, key)          the product of (store, warehouse, SKU), created with a tenant-unique barCode.
//
// Every call locks the products it touches (SELECT … FOR UPDATE, in id order: no deadlock between two
// callers) before reading their figures, so concurrent moves queue on the row and never lose an update.
// totalOutgoing counts types 2 and 5 (a positive type-2 row puts back a cancelled pick); every other type
// counts in totalStorage; so inventory = totalStorage − totalOutgoing = the sum of the rows, and
// available = inventory − reserved = inventory − the sum of the open reservations. The database checks
// inventory ≥ 0, available ≥ 0 and both equations as a last line; the code refuses first, in Chinese.
// When a change takes available from at or above a product's safeStockNumber to below it, the seller gets
// a notification (pushed live once the transaction commits, decision 0003).
import { LISTED_TYPE, type ListedType } from '#shared/enums.ts';
import type { Db } from '../../db/client.ts';
import type { CurrentUser } from '../../framework.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { publishNotification } from '../notification/service.ts';
import { nextSequenceValue } from '../platform/sequences.ts';
import * as repo from './repository.ts';

export type StockProductRow = repo.StockProductRow;
export type ListedHistoryRow = repo.ListedHistoryRow;
/** Who moved it (staff or seller); null for jobs. */
export type Operator = Pick<CurrentUser, 'id' | 'name' | 'userName'> | null;

export interface Movement {
  stockProductId: number;
  type: ListedType;
  /** Signed, non-zero: what the inventory gains (+) or loses (−). */
  quantity: number;
  tradeNo?: string | null;
  /** The shelf it went to or came from; defaults to the product's shelf. */
  shelfPosition?: string | null;
  remark?: string | null;
  /** Also release this ref's reservation of the product (all of it), in the same step. */
  releaseRef?: string;
}

export interface MoveResult {
  /** The products after the moves, by id. */
  products: Map<number, StockProductRow>;
  /** The rows written, in the order of the movements. */
  rows: ListedHistoryRow[];
}

const OUTGOING: ReadonlySet<number> = new Set([LISTED_TYPE.outbound, LISTED_TYPE.destroy]);
const TYPES: ReadonlySet<number> = new Set(Object.values(LISTED_TYPE));

type Figures = Pick<StockProductRow, 'totalStorage' | 'totalOutgoing' | 'inventory' | 'reserved' | 'available'>;
const figuresOf = (p: StockProductRow): Figures =>
  ({ totalStorage: p.totalStorage, totalOutgoing: p.totalOutgoing, inventory: p.inventory, reserved: p.reserved, available: p.available });

/** Locks the products; every id must be visible in this transaction (else 404). */
async function lockAll(tx: Db, ids: Iterable<number>): Promise<Map<number, StockProductRow>> {
  const unique = [...new Set(ids)];
  const rows = await repo.lockProducts(tx, unique);
  if (rows.length !== unique.length) throw notFound('库存商品');
  return new Map(rows.map((r) => [r.id, r]));
}

function refuseShort(p: StockProductRow, f: Figures): void {
  if (f.inventory < 0) throw conflict(`商品 ${p.productSku} 库存不足：现有 ${p.inventory} 件，不能减少 ${p.inventory - f.inventory} 件`);
  if (f.totalOutgoing < 0) throw conflict(`商品 ${p.productSku} 冲回的出库数量超过了已出库数量`);
  if (f.available < 0) throw conflict(`商品 ${p.productSku} 可用库存不足：库存 ${f.inventory} 件，其中 ${f.reserved} 件已被订单占用`);
}

/** Writes the figures of each changed product and notifies sellers whose products fell below safe stock. */
async function saveFigures(tx: Db, before: Map<number, StockProductRow>, after: Map<number, Figures>): Promise<Map<number, StockProductRow>> {
  const saved = new Map<number, StockProductRow>();
  for (const [id, f] of after) saved.set(id, await repo.updateProduct(tx, id, f));
  for (const [id, p] of saved) {
    const old = before.get(id)!;
    if (p.safeStockNumber > 0 && old.available >= p.safeStockNumber && p.available < p.safeStockNumber) await notifyLowStock(tx, p);
  }
  return saved;
}

async function notifyLowStock(tx: Db, p: StockProductRow): Promise<void> {
  await publishNotification(tx, [p.userId], {
    type: 0, title: `库存预警：${p.productSku}`,
    description: `商品 ${p.productName}（SKU ${p.productSku}，条码 ${p.barCode}）可用库存 ${p.available} 件，低于安全库存 ${p.safeStockNumber} 件，请及时补货。`,
  });
}

export async function moveInventory(tx: Db, who: Operator, movements: readonly Movement[]): Promise<MoveResult> {
  for (const m of movements) {
    if (!Number.isSafeInteger(m.quantity) || m.quantity === 0) throw new Error(`inventory: quantity must be a non-zero integer, got ${m.quantity}`);
    if (!TYPES.has(m.type)) throw new Error(`inventory: unknown movement type ${m.type}`);
  }
  if (movements.length === 0) return { products: new Map(), rows: [] };
  const locked = await lockAll(tx, movements.map((m) => m.stockProductId));
  const figures = new Map<number, Figures>();
  const pending: Parameters<typeof repo.insertHistories>[1][number][] = [];
  for (const m of movements) {
    const p = locked.get(m.stockProductId)!;
    const f = { ...(figures.get(p.id) ?? figuresOf(p)) };
    if (OUTGOING.has(m.type)) f.totalOutgoing -= m.quantity;
    else f.totalStorage += m.quantity;
    f.inventory += m.quantity;
    if (m.releaseRef) {
      const held = await repo.reservationsOf(tx, m.releaseRef, [p.id]);
      f.reserved -= held.reduce((s, r) => s + r.quantity, 0);
      await repo.deleteReservations(tx, held.map((r) => r.id));
    }
    f.available = f.inventory - f.reserved;
    refuseShort(p, f);
    figures.set(p.id, f);
    pending.push({
      stockProductId: p.id, ownerUserId: p.userId, warehouseInfoId: p.warehouseInfoId, type: m.type, quantity: m.quantity,
      inventoryAfter: f.inventory, shelfPosition: m.shelfPosition === undefined ? p.shelfPosition : m.shelfPosition,
      tradeNo: m.tradeNo ?? null, remark: m.remark ?? null, userId: who?.id ?? null, userName: who ? who.name || who.userName : null,
    });
  }
  const rows = await repo.insertHistories(tx, pending);
  const products = await saveFigures(tx, locked, figures);
  return { products, rows };
}

/**
 * A counted correction: the product's inventory becomes `counted` through one type-3 row of the
 * difference (no row when it already matches). Counting below what open orders hold is refused.
 */
export async function countInventory(
  tx: Db, who: Operator, c: { stockProductId: number; counted: number; remark?: string | null },
): Promise<{ product: StockProductRow; row: ListedHistoryRow | null }> {
  if (!Number.isSafeInteger(c.counted) || c.counted < 0) throw new Error(`inventory: counted must be an integer ≥ 0, got ${c.counted}`);
  const [p] = (await lockAll(tx, [c.stockProductId])).values();
  const delta = c.counted - p!.inventory;
  if (delta === 0) return { product: p!, row: null };
  const { products, rows } = await moveInventory(tx, who, [{ stockProductId: p!.id, type: LISTED_TYPE.countAdjust, quantity: delta, remark: c.remark ?? '盘点调整' }]);
  return { product: products.get(p!.id)!, row: rows[0]! };
}

export interface ReserveItem { stockProductId: number; quantity: number }

export async function reserve(tx: Db, ref: string, items: readonly ReserveItem[], opts: { ownerUserId?: number } = {}): Promise<StockProductRow[]> {
  if (!ref || ref.length > 64) throw new Error('inventory: ref must be 1–64 characters');
  const wanted = new Map<number, number>();
  for (const i of items) {
    if (!Number.isSafeInteger(i.quantity) || i.quantity <= 0) throw new Error(`inventory: reserve quantity must be a positive integer, got ${i.quantity}`);
    wanted.set(i.stockProductId, (wanted.get(i.stockProductId) ?? 0) + i.quantity);
  }
  if (wanted.size === 0) return [];
  const locked = await lockAll(tx, wanted.keys());
  const figures = new Map<number, Figures>();
  for (const [id, quantity] of wanted) {
    const p = locked.get(id)!;
    if (opts.ownerUserId !== undefined && p.userId !== opts.ownerUserId) throw notFound('库存商品');
    if (p.status !== 1) throw conflict(`商品 ${p.productSku} 不是可用状态，不能下单`);
    if (p.available < quantity) throw conflict(`商品 ${p.productSku} 可用库存不足：可用 ${p.available} 件，需要 ${quantity} 件`);
    figures.set(id, { ...figuresOf(p), reserved: p.reserved + quantity, available: p.available - quantity });
    await repo.addReservation(tx, ref, id, quantity);
  }
  return [...(await saveFigures(tx, locked, figures)).values()];
}

export async function release(tx: Db, ref: string, stockProductIds?: readonly number[]): Promise<StockProductRow[]> {
  const ids = stockProductIds ?? await repo.reservedProductIds(tx, ref);
  if (ids.length === 0) return [];
  const locked = await lockAll(tx, ids);
  const held = await repo.reservationsOf(tx, ref, [...locked.keys()]);
  if (held.length === 0) return [];
  const figures = new Map<number, Figures>();
  for (const r of held) {
    const f = figures.get(r.stockProductId) ?? figuresOf(locked.get(r.stockProductId)!);
    figures.set(r.stockProductId, { ...f, reserved: f.reserved - r.quantity, available: f.available + r.quantity });
  }
  await repo.deleteReservations(tx, held.map((r) => r.id));
  return [...(await saveFigures(tx, locked, figures)).values()];
}

export async function reservedBy(tx: Db, ref: string): Promise<ReserveItem[]> {
  return (await repo.reservationsOf(tx, ref)).map((r) => ({ stockProductId: r.stockProductId, quantity: r.quantity }));
}

export interface ProductIdentity extends repo.ProductKey {
  userId: number; userCode: string | null; site: string; productName: string;
  productType?: string | null; productImgGuid?: string | null;
}

/** A tenant-unique barcode: SP + the tenant's next 8-digit number, skipping any a seller already chose. */
async function newBarCode(tx: Db): Promise<string> {
  for (;;) {
    const code = `SP${String(await nextSequenceValue(tx, 'stock_bar_code')).padStart(8, '0')}`;
    if (!(await repo.barCodeTaken(tx, code))) return code;
  }
}

/** The product of (store, warehouse, SKU), created (empty, 可用, with a new barCode) when it does not exist. */
export async function ensureStockProduct(tx: Db, k: ProductIdentity): Promise<StockProductRow> {
  const found = await repo.productByKey(tx, k);
  if (found) return found;
  const inserted = await repo.insertProduct(tx, {
    userId: k.userId, userCode: k.userCode, storeId: k.storeId, site: k.site, warehouseInfoId: k.warehouseInfoId, productSku: k.productSku,
    productName: k.productName, productType: k.productType ?? null, productImgGuid: k.productImgGuid ?? null, barCode: await newBarCode(tx),
  });
  // A concurrent labelling created it a moment ago: read theirs.
  return inserted ?? (await repo.productByKey(tx, k))!;
}
