// Per-tenant counters. UPDATE … RETURNING takes the row lock, so two transactions never get the
// same number; the number is used only if the transaction commits.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { tenantSequences } from '../../db/schema/index.ts';

export async function nextSequenceValue(tx: Db, name: string): Promise<number> {
  const [row] = await tx.insert(tenantSequences)
    .values({ name, value: 1 })
    .onConflictDoUpdate({ target: [tenantSequences.tenantId, tenantSequences.name], set: { value: sql`${tenantSequences.value} + 1` } })
    .returning({ value: tenantSequences.value });
  return row!.value;
}

/** Seller codes: S + 5 digits (S00001), growing past 5 digits if a tenant ever needs it. */
export async function nextUserCode(tx: Db): Promise<string> {
  const n = await nextSequenceValue(tx, 'user_code');
  return `S${String(n).padStart(5, '0')}`;
}
