// Drizzle queries of the fee settings. Rows only; the services decide and throw.
import { and, count, desc, eq, gt, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { pageLimit } from '../../db/page-limit.ts';
import { baseCostSettings, mainlandFreights, overseasBaseCostSettings, stores, tenantSettings, thirdPartyParameters, users, warehouseInfos } from '../../db/schema/index.ts';

type Page = { limit: number; offset: number };

// ── versioned settings ───────────────────────────────────────────────────────
// For one key at most one effective setting may cover any instant. The check runs under a
// transaction-scoped advisory lock on the key, so two concurrent Adds for the same key are
// serialised and the second sees the first (the lock is released at commit or rollback).

/** Serialises every change to one key's settings until the request transaction ends. */
export async function lockKey(tx: Db, kind: string, tenantId: number | null, key: readonly (string | number)[]): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`haicang.fees.${kind}`}), hashtext(${[tenantId ?? 'host', ...key].join('|')}))`);
}

interface VersionedTable { id: PgColumn; beginTime: PgColumn; endTime: PgColumn; isEffective: PgColumn }

/**
 * The effective settings of the key (extra conditions in `keyWhere`) whose period overlaps
 * [begin, end). Half-open periods: a setting may begin exactly when the previous one ends.
 */
export async function findOverlap<T extends PgTable & VersionedTable>(
  tx: Db, table: T, keyWhere: SQL, period: { begin: Date; end: Date | null }, exceptId?: number,
): Promise<{ id: number; beginTime: Date; endTime: Date | null } | undefined> {
  if (period.end && period.end.getTime() <= period.begin.getTime()) return undefined; // an empty period covers no instant
  const [row] = await tx.select({ id: table.id, beginTime: table.beginTime, endTime: table.endTime }).from(table as PgTable)
    .where(and(
      keyWhere,
      eq(table.isEffective, true),
      exceptId ? ne(table.id, exceptId) : undefined,
      period.end ? lt(table.beginTime, period.end) : undefined,
      or(isNull(table.endTime), gt(table.endTime, period.begin)),
    ))
    .orderBy(table.beginTime).limit(1);
  return row as { id: number; beginTime: Date; endTime: Date | null } | undefined;
}

/** The setting effective at `at` for a key: isEffective and beginTime ≤ at < endTime. */
export function effectiveAt(table: VersionedTable, at: Date): SQL {
  return and(eq(table.isEffective, true), sql`${table.beginTime} <= ${at}`, or(isNull(table.endTime), gt(table.endTime, at)))!;
}

// ── base cost ────────────────────────────────────────────────────────────────
const baseCostColumns = { setting: baseCostSettings, warehouseName: warehouseInfos.warehouseName };
export type BaseCostRow = typeof baseCostSettings.$inferSelect & { warehouseName: string | null };
const flat = <T>(r: { setting: T; warehouseName: string | null }) => ({ ...r.setting, warehouseName: r.warehouseName });

export async function listBaseCosts(tx: Db, f: { warehouseInfoId?: number | undefined; orderType?: number | undefined; isEffective?: boolean | undefined }, page: Page) {
  const where = and(
    f.warehouseInfoId !== undefined ? eq(baseCostSettings.warehouseInfoId, f.warehouseInfoId) : undefined,
    f.orderType !== undefined ? eq(baseCostSettings.orderType, f.orderType) : undefined,
    f.isEffective !== undefined ? eq(baseCostSettings.isEffective, f.isEffective) : undefined,
  );
  const [total] = await tx.select({ n: count() }).from(baseCostSettings).where(where);
  const rows = await tx.select(baseCostColumns).from(baseCostSettings).leftJoin(warehouseInfos, eq(warehouseInfos.id, baseCostSettings.warehouseInfoId))
    .where(where).orderBy(baseCostSettings.warehouseInfoId, baseCostSettings.orderType, desc(baseCostSettings.beginTime), desc(baseCostSettings.id))
    .limit(pageLimit(page.limit)).offset(page.offset);
  return { total: total?.n ?? 0, rows: rows.map(flat) };
}

export async function getBaseCost(tx: Db, id: number, lock = false): Promise<BaseCostRow | undefined> {
  const q = tx.select(baseCostColumns).from(baseCostSettings).leftJoin(warehouseInfos, eq(warehouseInfos.id, baseCostSettings.warehouseInfoId)).where(eq(baseCostSettings.id, id));
  const [row] = lock ? await q.for('update', { of: baseCostSettings }) : await q;
  return row ? flat(row) : undefined;
}

export const baseCostKey = (warehouseInfoId: number, orderType: number): SQL =>
  and(eq(baseCostSettings.warehouseInfoId, warehouseInfoId), eq(baseCostSettings.orderType, orderType))!;

export async function insertBaseCost(tx: Db, values: typeof baseCostSettings.$inferInsert) {
  const [row] = await tx.insert(baseCostSettings).values(values).returning({ id: baseCostSettings.id });
  return row!.id;
}
export async function updateBaseCost(tx: Db, id: number, values: Partial<typeof baseCostSettings.$inferInsert>) {
  await tx.update(baseCostSettings).set(values).where(eq(baseCostSettings.id, id));
}
export async function effectiveBaseCostRow(tx: Db, warehouseInfoId: number, orderType: number, at: Date) {
  const [row] = await tx.select().from(baseCostSettings).where(and(baseCostKey(warehouseInfoId, orderType), effectiveAt(baseCostSettings, at)))
    .orderBy(desc(baseCostSettings.beginTime)).limit(1);
  return row;
}

// ── overseas base cost (per store) ───────────────────────────────────────────
const overseasColumns = { setting: overseasBaseCostSettings, storeName: stores.storeName, userCode: users.userCode };
export type OverseasBaseCostRow = typeof overseasBaseCostSettings.$inferSelect & { storeName: string | null; userCode: string | null };
const flatOverseas = (r: { setting: typeof overseasBaseCostSettings.$inferSelect; storeName: string | null; userCode: string | null }) =>
  ({ ...r.setting, storeName: r.storeName, userCode: r.userCode });
const overseasFrom = (tx: Db) => tx.select(overseasColumns).from(overseasBaseCostSettings)
  .leftJoin(stores, eq(stores.id, overseasBaseCostSettings.storeId)).leftJoin(users, eq(users.id, stores.userId));

export async function listOverseasBaseCosts(tx: Db, f: { storeId?: number | undefined; whetherEffective?: boolean | undefined }, page: Page) {
  const where = and(
    f.storeId !== undefined ? eq(overseasBaseCostSettings.storeId, f.storeId) : undefined,
    f.whetherEffective !== undefined ? eq(overseasBaseCostSettings.isEffective, f.whetherEffective) : undefined,
  );
  const [total] = await tx.select({ n: count() }).from(overseasBaseCostSettings).where(where);
  const rows = await overseasFrom(tx).where(where)
    .orderBy(overseasBaseCostSettings.storeId, desc(overseasBaseCostSettings.beginTime), desc(overseasBaseCostSettings.id)).limit(pageLimit(page.limit)).offset(page.offset);
  return { total: total?.n ?? 0, rows: rows.map(flatOverseas) };
}

export async function getOverseasBaseCost(tx: Db, id: number, lock = false): Promise<OverseasBaseCostRow | undefined> {
  const q = overseasFrom(tx).where(eq(overseasBaseCostSettings.id, id));
  const [row] = lock ? await q.for('update', { of: overseasBaseCostSettings }) : await q;
  return row ? flatOverseas(row) : undefined;
}

export const overseasBaseCostKey = (storeId: number): SQL => eq(overseasBaseCostSettings.storeId, storeId);

export async function insertOverseasBaseCost(tx: Db, values: typeof overseasBaseCostSettings.$inferInsert) {
  const [row] = await tx.insert(overseasBaseCostSettings).values(values).returning({ id: overseasBaseCostSettings.id });
  return row!.id;
}
export async function updateOverseasBaseCost(tx: Db, id: number, values: Partial<typeof overseasBaseCostSettings.$inferInsert>) {
  await tx.update(overseasBaseCostSettings).set(values).where(eq(overseasBaseCostSettings.id, id));
}
export async function effectiveOverseasBaseCostRow(tx: Db, storeId: number, at: Date) {
  const [row] = await tx.select().from(overseasBaseCostSettings).where(and(overseasBaseCostKey(storeId), effectiveAt(overseasBaseCostSettings, at)))
    .orderBy(desc(overseasBaseCostSettings.beginTime)).limit(1);
  return row;
}

// ── mainland freight ─────────────────────────────────────────────────────────
const freightColumns = { setting: mainlandFreights, warehouseName: warehouseInfos.warehouseName };
export type FreightRow = typeof mainlandFreights.$inferSelect & { warehouseName: string | null };

export async function listFreights(
  tx: Db, f: { warehouseInfoId?: number | undefined; site?: string | undefined; cargoCategory?: number | undefined; isEffective?: boolean | undefined; effectiveAt?: Date | undefined }, page: Page,
) {
  const where = and(
    f.warehouseInfoId !== undefined ? eq(mainlandFreights.warehouseInfoId, f.warehouseInfoId) : undefined,
    f.site !== undefined ? eq(mainlandFreights.site, f.site) : undefined,
    f.cargoCategory !== undefined ? eq(mainlandFreights.cargoCategory, f.cargoCategory) : undefined,
    f.isEffective !== undefined ? eq(mainlandFreights.isEffective, f.isEffective) : undefined,
    f.effectiveAt ? effectiveAt(mainlandFreights, f.effectiveAt) : undefined,
  );
  const [total] = await tx.select({ n: count() }).from(mainlandFreights).where(where);
  const rows = await tx.select(freightColumns).from(mainlandFreights).leftJoin(warehouseInfos, eq(warehouseInfos.id, mainlandFreights.warehouseInfoId))
    .where(where).orderBy(mainlandFreights.warehouseInfoId, mainlandFreights.site, mainlandFreights.cargoCategory, desc(mainlandFreights.beginTime), desc(mainlandFreights.id))
    .limit(pageLimit(page.limit)).offset(page.offset);
  return { total: total?.n ?? 0, rows: rows.map(flat) };
}

export async function getFreight(tx: Db, id: number, lock = false): Promise<FreightRow | undefined> {
  const q = tx.select(freightColumns).from(mainlandFreights).leftJoin(warehouseInfos, eq(warehouseInfos.id, mainlandFreights.warehouseInfoId)).where(eq(mainlandFreights.id, id));
  const [row] = lock ? await q.for('update', { of: mainlandFreights }) : await q;
  return row ? flat(row) : undefined;
}

export const freightKey = (warehouseInfoId: number, site: string, cargoCategory: number): SQL =>
  and(eq(mainlandFreights.warehouseInfoId, warehouseInfoId), eq(mainlandFreights.site, site), eq(mainlandFreights.cargoCategory, cargoCategory))!;

export async function insertFreight(tx: Db, values: typeof mainlandFreights.$inferInsert) {
  const [row] = await tx.insert(mainlandFreights).values(values).returning({ id: mainlandFreights.id });
  return row!.id;
}
export async function updateFreight(tx: Db, id: number, values: Partial<typeof mainlandFreights.$inferInsert>) {
  await tx.update(mainlandFreights).set(values).where(eq(mainlandFreights.id, id));
}
export async function effectiveFreightRow(tx: Db, warehouseInfoId: number, site: string, cargoCategory: number, at: Date) {
  const [row] = await tx.select(freightColumns).from(mainlandFreights).leftJoin(warehouseInfos, eq(warehouseInfos.id, mainlandFreights.warehouseInfoId))
    .where(and(freightKey(warehouseInfoId, site, cargoCategory), effectiveAt(mainlandFreights, at)))
    .orderBy(desc(mainlandFreights.beginTime)).limit(1);
  return row ? flat(row) : undefined;
}

// ── third-party parameter ────────────────────────────────────────────────────
const thirdPartyColumns = { setting: thirdPartyParameters, warehouseName: warehouseInfos.warehouseName };
export type ThirdPartyRow = typeof thirdPartyParameters.$inferSelect & { warehouseName: string | null };

export async function listThirdParty(tx: Db, f: { warehouseInfoId?: number | undefined; site?: string | undefined; isEffective?: boolean | undefined }, page: Page) {
  const where = and(
    f.warehouseInfoId !== undefined ? eq(thirdPartyParameters.warehouseInfoId, f.warehouseInfoId) : undefined,
    f.site !== undefined ? eq(thirdPartyParameters.site, f.site) : undefined,
    f.isEffective !== undefined ? eq(thirdPartyParameters.isEffective, f.isEffective) : undefined,
  );
  const [total] = await tx.select({ n: count() }).from(thirdPartyParameters).where(where);
  const rows = await tx.select(thirdPartyColumns).from(thirdPartyParameters).leftJoin(warehouseInfos, eq(warehouseInfos.id, thirdPartyParameters.warehouseInfoId))
    .where(where).orderBy(thirdPartyParameters.warehouseInfoId, thirdPartyParameters.site, desc(thirdPartyParameters.beginTime), desc(thirdPartyParameters.id))
    .limit(pageLimit(page.limit)).offset(page.offset);
  return { total: total?.n ?? 0, rows: rows.map(flat) };
}

export async function getThirdParty(tx: Db, id: number, lock = false): Promise<ThirdPartyRow | undefined> {
  const q = tx.select(thirdPartyColumns).from(thirdPartyParameters).leftJoin(warehouseInfos, eq(warehouseInfos.id, thirdPartyParameters.warehouseInfoId)).where(eq(thirdPartyParameters.id, id));
  const [row] = lock ? await q.for('update', { of: thirdPartyParameters }) : await q;
  return row ? flat(row) : undefined;
}

export const thirdPartyKey = (warehouseInfoId: number, site: string): SQL =>
  and(eq(thirdPartyParameters.warehouseInfoId, warehouseInfoId), eq(thirdPartyParameters.site, site))!;

export async function insertThirdParty(tx: Db, values: typeof thirdPartyParameters.$inferInsert) {
  const [row] = await tx.insert(thirdPartyParameters).values(values).returning({ id: thirdPartyParameters.id });
  return row!.id;
}
export async function updateThirdParty(tx: Db, id: number, values: Partial<typeof thirdPartyParameters.$inferInsert>) {
  await tx.update(thirdPartyParameters).set(values).where(eq(thirdPartyParameters.id, id));
}
export async function effectiveThirdPartyRow(tx: Db, warehouseInfoId: number, site: string, at: Date) {
  const [row] = await tx.select().from(thirdPartyParameters).where(and(thirdPartyKey(warehouseInfoId, site), effectiveAt(thirdPartyParameters, at)))
    .orderBy(desc(thirdPartyParameters.beginTime)).limit(1);
  return row;
}

// ── what a weighing charges by, in one statement ───────────────────────────────
/** The numbers of a setting, as one JSON array (a subquery's single value). */
const numbers = (...cols: PgColumn[]) => sql`json_build_array(${sql.join(cols, sql`, `)})`;

export interface WeighSettingsKey {
  warehouseInfoId: number; orderType: number; site: string; cargoCategory: number; at: Date;
  /** Which settings the weighing needs besides the base cost: the others are not read. */
  freight: boolean; thirdParty: boolean; tenantSetting: string | null;
}

/**
 * The base cost, freight rule and third-party parameter effective at `at`, and a tenant setting, read
 * together in one statement (each the same query as effectiveBaseCostRow, effectiveFreightRow,
 * effectiveThirdPartyRow and getTenantSetting): each an array of its numbers in the order noted, or null.
 */
export async function effectiveWeighNumbers(tx: Db, k: WeighSettingsKey) {
  const b = baseCostSettings, f = mainlandFreights, t = thirdPartyParameters;
  const base = tx.select({ v: numbers(b.id, b.baseCostCents, b.baseSkuNums, b.exceedSkuCostCents, b.maxSkuCostCents, b.sackPriceCents) }).from(b)
    .where(and(baseCostKey(k.warehouseInfoId, k.orderType), effectiveAt(b, k.at))).orderBy(desc(b.beginTime)).limit(1);
  const freight = tx.select({ v: numbers(f.id, f.firstWeightGrams, f.firstWeightPriceCents, f.continueWeightGrams, f.continueWeightCostCents, f.bulkyParameter) }).from(f)
    .where(and(freightKey(k.warehouseInfoId, k.site, k.cargoCategory), effectiveAt(f, k.at))).orderBy(desc(f.beginTime)).limit(1);
  const thirdParty = tx.select({ v: numbers(t.id, t.bulkyParameter) }).from(t)
    .where(and(thirdPartyKey(k.warehouseInfoId, k.site), effectiveAt(t, k.at))).orderBy(desc(t.beginTime)).limit(1);
  const setting = k.tenantSetting === null ? null : tx.select({ value: tenantSettings.value }).from(tenantSettings).where(eq(tenantSettings.name, k.tenantSetting));
  const res = (await tx.execute(sql`select (${base}) as base, ${k.freight ? sql`(${freight})` : sql`null`} as freight,
    ${k.thirdParty ? sql`(${thirdParty})` : sql`null`} as third_party, ${setting ? sql`(${setting})` : sql`null`} as setting`)) as unknown as {
    rows: { base: number[] | null; freight: number[] | null; third_party: number[] | null; setting: string | null }[];
  };
  const row = res.rows[0]!;
  return { base: row.base, freight: row.freight, thirdParty: row.third_party, setting: row.setting ?? undefined };
}

// ── warehouses and tenant settings ───────────────────────────────────────────
export async function warehouseById(tx: Db, id: number) {
  const [row] = await tx.select({ id: warehouseInfos.id, warehouseName: warehouseInfos.warehouseName, kind: warehouseInfos.kind }).from(warehouseInfos).where(eq(warehouseInfos.id, id));
  return row;
}

export async function getTenantSetting(tx: Db, name: string): Promise<string | undefined> {
  const [row] = await tx.select({ value: tenantSettings.value }).from(tenantSettings).where(eq(tenantSettings.name, name));
  return row?.value;
}

export async function setTenantSetting(tx: Db, name: string, value: string, userId: number | null) {
  await tx.insert(tenantSettings).values({ name, value, lastModifierUserId: userId })
    .onConflictDoUpdate({ target: [tenantSettings.tenantId, tenantSettings.name], set: { value, lastModifierUserId: userId, lastModificationTime: new Date() } });
}
