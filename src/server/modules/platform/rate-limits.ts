// The counters behind @fastify/rate-limit's PostgreSQL store (plugins/sign-in-throttle.ts): one row
// per key, a fixed window that starts with the first hit. One statement per hit, so concurrent
// hits on several servers count exactly.
import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rateLimits } from '../../db/schema/index.ts';

export interface RateLimitState { hits: number; ttlMs: number }

const ttlMs = sql<number>`greatest(0, ceil(extract(epoch from "rate_limits"."reset_at" - now()) * 1000))::int`;

/** Counts one hit; a window that has ended starts again at 1. */
export async function hitRateLimit(tx: Db, key: string, windowMs: number): Promise<RateLimitState> {
  const [row] = await tx.insert(rateLimits)
    .values({ key, hits: 1, resetAt: sql`now() + ${windowMs} * interval '1 millisecond'` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when "rate_limits"."reset_at" <= now() then 1 else "rate_limits"."hits" + 1 end`,
        resetAt: sql`case when "rate_limits"."reset_at" <= now() then excluded.reset_at else "rate_limits"."reset_at" end`,
      },
    })
    .returning({ hits: rateLimits.hits, ttlMs });
  return row!;
}

/** The hits of the current window, without counting one (0 when there is none). */
export async function readRateLimit(tx: Db, key: string): Promise<RateLimitState> {
  const [row] = await tx.select({ hits: rateLimits.hits, ttlMs }).from(rateLimits)
    .where(sql`${rateLimits.key} = ${key} and "rate_limits"."reset_at" > now()`);
  return row ?? { hits: 0, ttlMs: 0 };
}

export async function clearRateLimit(tx: Db, key: string): Promise<void> {
  await tx.delete(rateLimits).where(eq(rateLimits.key, key));
}

export async function purgeExpiredRateLimits(tx: Db): Promise<void> {
  await tx.delete(rateLimits).where(lt(rateLimits.resetAt, sql`now()`));
}
