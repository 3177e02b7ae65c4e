// The daily storage fee (DOMAIN §7, issue 14 §6, decision 0027): for one day, every product with
// inventory is charged deductIntegral per item, every deductionCycle days, once its free days are over.
// Channel 7 through the ledger, one flow per (product, day): the ref `storage:<productId>:<day>` is
// unique with the channel, and runs of a day are serialised by an advisory lock, so a repeated or
// concurrent run posts nothing more. The scheduler (modules/jobs) runs it after each day; staff can run
// any day now (StorageFee/RunDaily).
import { FLOW_CHANNEL } from '#shared/enums.ts';
import { centsText, centsToPoints } from '#shared/money.ts';
import type { Db } from '../../db/client.ts';
import { flowsByRefPrefix, post } from '../ledger/ledger.ts';
import * as repo from './repository.ts';

const DAY_MS = 86_400_000;
/** Asia/Shanghai keeps +08:00 all year (no daylight saving). */
export const ZONE_OFFSET = '+08:00';
const dayStart = (day: string) => new Date(`${day}T00:00:00${ZONE_OFFSET}`);
/** The tenant-zone calendar day of an instant. */
export const dayOf = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
export const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

export interface StorageTerms { cents: number; cycle: number; startDay: string }

/**
 * The terms that apply to a product: the product's own (BackStockProduct/SetStockCost) first, then the
 * seller's UserStorageConfig, then the store's. Charging starts after the seller's free days from when
 * the goods first came in, and not before the product's or store's beginDeductionTime.
 */
export function termsOf(p: repo.ChargeableProduct): StorageTerms | null {
  const cents = p.productCents ?? p.userCents ?? p.storeCents;
  if (!cents || cents <= 0) return null;
  const cycle = Math.max(1, p.productCycle ?? p.userCycle ?? p.storeCycle ?? 1);
  let startDay = addDays(dayOf(p.firstIn), p.freeDays ?? 0);
  const begin = p.productBegin ?? p.storeBegin;
  if (begin && dayOf(begin) > startDay) startDay = dayOf(begin);
  return { cents, cycle, startDay };
}

/** Whether `day` is a charging day under the terms: on or after the start, every cycle days. */
export const isChargeDay = (t: StorageTerms, day: string) => day >= t.startDay && daysBetween(t.startDay, day) % t.cycle === 0;

export interface DayRun { day: string; posted: number; amount: number; products: number }

/** Charges `day` for the transaction's tenant. Inventory counts as of the day's end (or now, for today). */
export async function runStorageFeeDay(tx: Db, day: string, now: Date): Promise<DayRun> {
  await repo.lockDay(tx, day);
  const end = dayStart(addDays(day, 1));
  const cutoff = end < now ? end : now;
  const products = await repo.productsWithInventory(tx, cutoff);
  let posted = 0;
  let cents = 0;
  for (const p of products) {
    const terms = termsOf(p);
    if (!terms || !isChargeDay(terms, day)) continue;
    const ref = `storage:${p.id}:${day}`;
    if ((await flowsByRefPrefix(tx, p.userId, ref)).length) continue;
    const amount = terms.cents * p.quantity;
    // A storage fee is owed whatever the balance: it may take the account below zero (decision 0027).
    const result = await post(tx, p.userId, [{
      channel: FLOW_CHANNEL.storage, amountCents: -amount, ref, storeName: p.storeName, site: p.site, warehouseName: p.warehouseName,
      remark: `仓储费 ${day}：${p.productSku} × ${p.quantity} 件，每件 ${centsText(terms.cents)} 积分${terms.cycle > 1 ? `（每 ${terms.cycle} 天）` : ''}`,
    }], { idempotent: true, allowOverdraw: true });
    if (result.ok) {
      posted += 1;
      cents += amount;
    }
  }
  return { day, posted, amount: centsToPoints(cents), products: products.length };
}
