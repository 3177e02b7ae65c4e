// Idempotency-Key (DOMAIN §0). The claim is an INSERT … ON CONFLICT DO NOTHING inside the
// request's transaction: a concurrent repeat blocks on the unique index until the first
// transaction ends, then finds its stored response (or, if the first rolled back, does the work).
import { and, eq, lt, sql, type Placeholder } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import { keptFor, type Db } from '../../db/client.ts';
import type { PendingWrite } from '../../db/pending-write.ts';
import { idempotencyKeys } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';

export const IDEMPOTENCY_RETENTION_DAYS = 30;

export type Claim = { kind: 'fresh'; id: number } | { kind: 'replay'; response: unknown };

type KeyOf = { tenantId: number | null; userId: number | null; key: string; hash: string };

export async function claimIdempotencyKey(tx: Db, k: KeyOf): Promise<Claim> {
  const id = await insertClaim(tx, k);
  return id === null ? claimedBefore(tx, k) : { kind: 'fresh', id };
}

/**
 * The claim's INSERT alone: the new key's id, or null when the key is there already (a repeat, or a
 * request holding it right now: this waits for that one's transaction to end first).
 */
export async function insertClaim(tx: Db, k: KeyOf): Promise<number | null> {
  // Both statements of every keyed request are kept prepared on a request connection: building
  // them with Drizzle cost a keyed scan more server time than the rest of its statements (decision 0038).
  const values = { tenantId: k.tenantId, userId: k.userId, key: k.key, requestHash: k.hash };
  const kept = keptFor(tx, CLAIMS, () => claimQuery(tx, {
    tenantId: sql.placeholder('tenantId'), userId: sql.placeholder('userId'), key: sql.placeholder('key'), requestHash: sql.placeholder('requestHash'),
  }).prepare('hc_idempotency_claim'));
  const inserted = kept ? await kept.execute(values) : await claimQuery(tx, values);
  return inserted[0]?.id ?? null;
}

/** A key that was there already: its stored answer, or 409 (still being answered) or 422 (another request's). */
async function claimedBefore(tx: Db, k: KeyOf): Promise<Claim> {
  const [existing] = await tx.select({ requestHash: idempotencyKeys.requestHash, response: idempotencyKeys.response })
    .from(idempotencyKeys)
    .where(and(
      sql`coalesce(${idempotencyKeys.tenantId}, 0) = ${k.tenantId ?? 0}`,
      sql`coalesce(${idempotencyKeys.userId}, 0) = ${k.userId ?? 0}`,
      eq(idempotencyKeys.key, k.key),
    ));
  if (!existing) throw new AppError(409, '请求正在处理中，请稍后重试。');
  if (existing.requestHash !== k.hash) {
    throw new AppError(422, '该 Idempotency-Key 已用于另一个不同的请求。', '同一个幂等键只能对应同一个请求（相同的地址和内容）。');
  }
  return { kind: 'replay', response: existing.response };
}

const claimQuery = (tx: Db, values: PgInsertValue<typeof idempotencyKeys>) =>
  tx.insert(idempotencyKeys).values(values).onConflictDoNothing().returning({ id: idempotencyKeys.id });
const CLAIMS = new WeakMap<object, ReturnType<ReturnType<typeof claimQuery>['prepare']>>();

export async function storeIdempotentResponse(tx: Db, id: number, response: unknown): Promise<void> {
  const kept = keptFor(tx, STORES, () => storeQuery(tx, sql.placeholder('response'), sql.placeholder('id')).prepare('hc_idempotency_store'));
  if (kept) await kept.execute({ response, id });
  else await storeQuery(tx, response, id);
}

const storeQuery = (tx: Db, response: unknown, id: number | Placeholder) =>
  tx.update(idempotencyKeys).set({ response: response as never }).where(eq(idempotencyKeys.id, id));
const STORES = new WeakMap<object, ReturnType<ReturnType<typeof storeQuery>['prepare']>>();

/**
 * The stored answer as a write for the action's last statement to carry (decision 0040): what
 * storeIdempotentResponse sends on its own, sent instead with the action's final write, whose
 * statement is then the transaction's last. The answer goes as JSON text, as the column's encoder
 * would write it.
 */
export function answerWrite(id: number, answer: unknown): PendingWrite {
  return {
    shape: 'idempotencyAnswer',
    values: { keyId: id, response: JSON.stringify(answer ?? null) },
    build: (v) => sql`update ${idempotencyKeys} set response = ${v.response}::jsonb where id = ${v.keyId}::bigint`,
    last: true,
  };
}

/** Forgets keys older than the retention period; run by the owner connection (all tenants). */
export async function purgeIdempotencyKeys(root: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_RETENTION_DAYS * 24 * 3600 * 1000);
  const rows = await root.delete(idempotencyKeys).where(lt(idempotencyKeys.creationTime, cutoff)).returning({ id: idempotencyKeys.id });
  return rows.length;
}
