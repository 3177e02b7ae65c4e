// Storage fees (DOMAIN §7): the sellers' own terms (UserStorageConfig) and what the daily charge reads. Drizzle queries only.
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pageLimit } from '../../db/page-limit.ts';
import { listedHistories, stockProducts, stores, userStorageConfigs, users, warehouseInfos } from '../../db/schema/index.ts';

export type StorageConfigRow = typeof userStorageConfigs.$inferSelect;
export interface StorageConfigView extends StorageConfigRow { userCode: string | null; userName: string | null }

const view = { config: userStorageConfigs, userCode: users.userCode, userName: users.name };
const viewOf = (r: { config: StorageConfigRow; userCode: string | null; userName: string | null }): StorageConfigView => ({ ...r.config, userCode: r.userCode, userName: r.userName });

export async function listConfigs(tx: Db, f: { userCode?: string | undefined }, page: { limit: number; offset: number }) {
  const parts: SQL[] = [];
  if (f.userCode) parts.push(eq(users.userCode, f.userCode));
  const where = parts.length ? and(...parts) : undefined;
  const [total] = await tx.select({ n: count() }).from(userStorageConfigs).leftJoin(users, eq(users.id, userStorageConfigs.userId)).where(where);
  const rows = await tx.select(view).from(userStorageConfigs).leftJoin(users, eq(users.id, userStorageConfigs.userId))
    .where(where).orderBy(desc(userStorageConfigs.id)).limit(pageLimit(page.limit)).offset(page.offset);
  return { total: total?.n ?? 0, rows: rows.map(viewOf) };
}

export async function getConfig(tx: Db, id: number): Promise<StorageConfigView | undefined> {
  const [row] = await tx.select(view).from(userStorageConfigs).leftJoin(users, eq(users.id, userStorageConfigs.userId)).where(eq(userStorageConfigs.id, id));
  return row ? viewOf(row) : undefined;
}

export async function configOfUser(tx: Db, userId: number): Promise<StorageConfigRow | undefined> {
  const [row] = await tx.select().from(userStorageConfigs).where(eq(userStorageConfigs.userId, userId));
  return row;
}

/** Creates or replaces the seller's terms (one row per seller). */
export async function upsertConfig(tx: Db, values: { userId: number; freeDays: number; deductCents: number; deductionCycle: number }): Promise<number> {
  const [row] = await tx.insert(userStorageConfigs).values(values)
    .onConflictDoUpdate({
      target: [userStorageConfigs.tenantId, userStorageConfigs.userId],
      set: { freeDays: values.freeDays, deductCents: values.deductCents, deductionCycle: values.deductionCycle, lastModificationTime: new Date() },
    }).returning({ id: userStorageConfigs.id });
  return row!.id;
}

export async function updateConfig(tx: Db, id: number, values: Partial<typeof userStorageConfigs.$inferInsert>): Promise<boolean> {
  const rows = await tx.update(userStorageConfigs).set({ ...values, lastModificationTime: new Date() }).where(eq(userStorageConfigs.id, id)).returning({ id: userStorageConfigs.id });
  return rows.length > 0;
}

export async function deleteConfig(tx: Db, id: number): Promise<boolean> {
  const rows = await tx.delete(userStorageConfigs).where(eq(userStorageConfigs.id, id)).returning({ id: userStorageConfigs.id });
  return rows.length > 0;
}

// The daily charge (daily.ts)

/** Serialises the runs of one day in this tenant (every server, every caller): a second run waits, then finds the day charged. */
export async function lockDay(tx: Db, day: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('haicang.storage_fee'), hashtext(${day} || ':' || current_setting('app.tenant_id', true)))`);
}

export interface ChargeableProduct {
  id: number; userId: number; productSku: string; quantity: number; firstIn: Date;
  productCents: number | null; productCycle: number | null; productBegin: Date | null;
  storeCents: number | null; storeCycle: number | null; storeBegin: Date | null; storeName: string | null; site: string | null;
  warehouseName: string | null; freeDays: number | null; userCents: number | null; userCycle: number | null;
}

/**
 * Every product with inventory at `cutoff` (the sum of its movements before it), with the storage
 * terms of the product, its store and its seller, and when goods first came in.
 */
export async function productsWithInventory(tx: Db, cutoff: Date): Promise<ChargeableProduct[]> {
  const result = await tx.execute(sql`
    select p.id, p.user_id as "userId", p.product_sku as "productSku", h.qty::int as quantity, h.first_in as "firstIn",
           p.deduct_integral_cents as "productCents", p.deduction_cycle as "productCycle", p.begin_deduction_time as "productBegin",
           s.deduct_integral as "storeCents", s.deduction_cycle as "storeCycle", s.begin_deduction_time as "storeBegin",
           s.store_name as "storeName", s.site, w.warehouse_name as "warehouseName",
           c.free_days as "freeDays", c.deduct_cents as "userCents", c.deduction_cycle as "userCycle"
    from (select stock_product_id, sum(quantity) as qty, min(creation_time) filter (where quantity > 0) as first_in
          from ${listedHistories} where creation_time < ${cutoff.toISOString()}::timestamptz group by stock_product_id) h
    join ${stockProducts} p on p.id = h.stock_product_id
    left join ${stores} s on s.id = p.store_id
    left join ${warehouseInfos} w on w.id = p.warehouse_info_id
    left join ${userStorageConfigs} c on c.user_id = p.user_id
    where h.qty > 0
    order by p.id`);
  return (result as unknown as { rows: ChargeableProduct[] }).rows.map((r) => ({
    ...r, firstIn: new Date(r.firstIn), productBegin: r.productBegin && new Date(r.productBegin), storeBegin: r.storeBegin && new Date(r.storeBegin),
  }));
}
