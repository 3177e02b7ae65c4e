// Express imports: Drizzle queries only. Parcels themselves are written through the orders
// repository (the same rows a seller's declaration writes).
import { and, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pageLimit } from '../../db/page-limit.ts';
import { expressImports, users } from '../../db/schema/index.ts';

export type ExpressImportRow = typeof expressImports.$inferSelect;

export async function insertExpressImport(tx: Db, values: Omit<typeof expressImports.$inferInsert, 'id' | 'tenantId' | 'creationTime'>): Promise<ExpressImportRow> {
  const [row] = await tx.insert(expressImports).values(values).returning();
  return row!;
}

export async function listExpressImports(tx: Db, f: { keyword?: string | undefined }, page: { limit: number; offset: number }) {
  const parts: SQL[] = [];
  if (f.keyword) parts.push(or(ilike(expressImports.fileName, `%${f.keyword}%`), ilike(expressImports.userName, `%${f.keyword}%`))!);
  const where = parts.length ? and(...parts) : undefined;
  const [total] = await tx.select({ n: count() }).from(expressImports).where(where);
  const rows = await tx.select().from(expressImports).where(where).orderBy(desc(expressImports.id)).limit(pageLimit(page.limit)).offset(page.offset);
  return { total: total?.n ?? 0, rows };
}

/** Active sellers of the tenant whose userCode is one of these, by code. */
export async function sellersByCodes(tx: Db, codes: readonly string[]): Promise<Map<string, { id: number; userCode: string }>> {
  const map = new Map<string, { id: number; userCode: string }>();
  if (codes.length === 0) return map;
  const rows = await tx.select({ id: users.id, userCode: users.userCode }).from(users)
    .where(and(inArray(users.userCode, [...codes]), eq(users.userType, 1), eq(users.isActive, true), eq(users.isDeleted, false)));
  for (const r of rows) if (r.userCode) map.set(r.userCode, { id: r.id, userCode: r.userCode });
  return map;
}
