// Groups (BackGroup): Drizzle queries only, rows out.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { staffGroups, users, warehouseInfos } from '../../db/schema/index.ts';

export type GroupRow = typeof staffGroups.$inferSelect;
type GroupValues = Omit<typeof staffGroups.$inferInsert, 'id' | 'tenantId' | 'creationTime'>;

export async function listGroups(tx: Db): Promise<GroupRow[]> {
  return tx.select().from(staffGroups).orderBy(asc(staffGroups.id));
}

export async function getGroup(tx: Db, id: number, forUpdate = false): Promise<GroupRow | undefined> {
  const query = tx.select().from(staffGroups).where(eq(staffGroups.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function groupNameTaken(tx: Db, groupName: string, exceptId?: number): Promise<boolean> {
  const rows = await tx.select({ id: staffGroups.id }).from(staffGroups).where(eq(staffGroups.groupName, groupName));
  return rows.some((r) => r.id !== exceptId);
}

export async function insertGroup(tx: Db, values: GroupValues): Promise<GroupRow> {
  const [row] = await tx.insert(staffGroups).values(values).returning();
  return row!;
}

export async function updateGroup(tx: Db, id: number, values: Partial<GroupValues>): Promise<GroupRow | undefined> {
  const [row] = await tx.update(staffGroups).set(values).where(eq(staffGroups.id, id)).returning();
  return row;
}

export async function deleteGroup(tx: Db, id: number): Promise<GroupRow | undefined> {
  const [row] = await tx.delete(staffGroups).where(eq(staffGroups.id, id)).returning();
  return row;
}

/** Of the ids, the tenant's overseas warehouses (row-level security keeps other tenants' out). */
export async function overseasWarehouseIds(tx: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await tx.select({ id: warehouseInfos.id }).from(warehouseInfos).where(and(inArray(warehouseInfos.id, [...ids]), eq(warehouseInfos.kind, 2)));
  return new Set(rows.map((r) => r.id));
}

/** Of the ids, the tenant's staff users (userType 0, not deleted). */
export async function staffUserIds(tx: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await tx.select({ id: users.id }).from(users)
    .where(and(inArray(users.id, [...ids]), eq(users.userType, 0), eq(users.isDeleted, false)));
  return new Set(rows.map((r) => r.id));
}
