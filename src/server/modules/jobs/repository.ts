// Scheduled jobs (modules/jobs): their per-tenant state and the lock that keeps one runner. Drizzle queries only.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { scheduledJobStates, tenants } from '../../db/schema/index.ts';

export type JobStateRow = typeof scheduledJobStates.$inferSelect;

export async function jobStates(tx: Db): Promise<JobStateRow[]> {
  return tx.select().from(scheduledJobStates);
}

export async function jobState(tx: Db, name: string): Promise<JobStateRow | undefined> {
  const [row] = await tx.select().from(scheduledJobStates).where(eq(scheduledJobStates.name, name));
  return row;
}

export async function saveJobState(tx: Db, name: string, values: Omit<Partial<typeof scheduledJobStates.$inferInsert>, 'id' | 'tenantId' | 'name'>): Promise<void> {
  await tx.insert(scheduledJobStates).values({ name, ...values })
    .onConflictDoUpdate({ target: [scheduledJobStates.tenantId, scheduledJobStates.name], set: values });
}

/** The tenants a job runs for (owner connection). */
export async function activeTenantIds(root: Db): Promise<number[]> {
  const rows = await root.select({ id: tenants.id }).from(tenants).where(and(eq(tenants.isActive, true), eq(tenants.isDeleted, false))).orderBy(tenants.id);
  return rows.map((r) => r.id);
}

/**
 * One runner across servers: a transaction-scoped advisory lock on the job's name, tried (never
 * waited for) by every server's tick; the server that wins runs the job while its transaction is open.
 */
export async function tryJobLock(tx: Db, name: string): Promise<boolean> {
  const result = (await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext('haicang.job'), hashtext(${name})) as locked`)) as unknown as { rows: { locked: boolean }[] };
  return result.rows[0]?.locked === true;
}
