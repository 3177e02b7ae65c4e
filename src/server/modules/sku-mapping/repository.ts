// SKU mappings (FrontSkuMapping, DOMAIN §7): Drizzle queries only.
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pageLimit } from '../../db/page-limit.ts';
import { skuMappings } from '../../db/schema/index.ts';

export type SkuMappingRow = typeof skuMappings.$inferSelect;

/** Inserts the mapping; undefined when the seller already maps that thirdPartySku. */
export async function insertMapping(tx: Db, values: { userId: number; thirdPartySku: string; productSku: string }): Promise<SkuMappingRow | undefined> {
  const [row] = await tx.insert(skuMappings).values(values).onConflictDoNothing().returning();
  return row;
}

export async function mappingOf(tx: Db, userId: number, thirdPartySku: string): Promise<SkuMappingRow | undefined> {
  const [row] = await tx.select().from(skuMappings).where(and(eq(skuMappings.userId, userId), eq(skuMappings.thirdPartySku, thirdPartySku)));
  return row;
}

export async function listMappings(tx: Db, userId: number, keyword: string | undefined, page: { limit: number; offset: number }) {
  const parts: SQL[] = [eq(skuMappings.userId, userId)];
  if (keyword) parts.push(or(ilike(skuMappings.thirdPartySku, `%${keyword}%`), ilike(skuMappings.productSku, `%${keyword}%`))!);
  const where = and(...parts);
  const [total] = await tx.select({ n: count() }).from(skuMappings).where(where);
  const rows = await tx.select().from(skuMappings).where(where).orderBy(desc(skuMappings.id)).limit(pageLimit(page.limit)).offset(page.offset);
  return { total: total?.n ?? 0, rows };
}

/** Deletes the seller's mapping; false when there is none of theirs with that id. */
export async function deleteMapping(tx: Db, userId: number, id: number): Promise<boolean> {
  const rows = await tx.delete(skuMappings).where(and(eq(skuMappings.id, id), eq(skuMappings.userId, userId))).returning({ id: skuMappings.id });
  return rows.length > 0;
}
