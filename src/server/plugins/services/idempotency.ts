// Idempotency-Key: the request's hash, the key's claim and its stored answer around the action's
// work (decisions 0039, 0040, 0051), and the runs again a request may ask for (RunAgain).
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ActionDef } from '#shared/contracts/define.ts';
import { lastStatementNext, pipelines, type Db, type TenantId } from '../../db/client.ts';
import type { PendingWrite } from '../../db/pending-write.ts';
import { RunAgain, type CurrentUser, type Deps, type Language, type OwnKey } from '../../framework.ts';
import { answerWrite, claimIdempotencyKey, insertClaim, storeIdempotentResponse } from '../../modules/platform/idempotency.ts';
import type { Principal } from '../../lib/tokens.ts';
import { requestContext, type ActionHandler } from './context.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';

function stableStringify(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : 1));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v)}`).join(',')}}`;
}

export function requestHash(method: string, url: string, input: unknown): string {
  return createHash('sha256').update(`${method} ${url.toLowerCase()}\n${stableStringify(input)}`).digest('hex');
}

/**
 * A keyed request's work in its transaction: the key claimed (ahead of the action, or first), the
 * action run, its answer stored with the key (or by the action itself, its own key's row).
 */
export async function runWithKey(keyed: {
  deps: Deps; req: FastifyRequest; reply: FastifyReply; label: string; url: string; def: ActionDef; handler: ActionHandler; tx: Db;
  tenantId: TenantId; user: CurrentUser | null; principal: Principal | null; language: Language; idemKey: string; parsed: { data: unknown };
  ahead: boolean; ownKey: boolean;
}): Promise<unknown> {
  const { deps, req, reply, label, url, def, handler, tx, tenantId, user, principal, language, idemKey, parsed, ahead, ownKey } = keyed;
  const hash = requestHash(def.method, url, parsed.data);
  const key = { tenantId, userId: user?.id ?? null, key: idemKey, hash };
  if (ownKey && pipelines(tx)) {
    // The action writes the key's row, with its answer, in its last statement (decision 0051).
    let stored: { answer: unknown } | null = null;
    const own: OwnKey = { ...key, stored: (answer) => { stored = { answer }; } };
    const result = await handler(parsed.data, requestContext(deps, req, label, tx, tenantId, user, principal, language, undefined, own));
    const kept = stored as { answer: unknown } | null;
    if (!kept || kept.answer !== result) throw new Error(`${label} answered without storing that answer with its key (ctx.ownKey.stored)`);
    return result ?? null;
  }
  // The key's row, once claimed: the id, or null when the key was another request's.
  let claimedId: Promise<number | null> | null = null;
  // The answer the action sent with its last statement (decision 0040), if it did.
  let sentAlong: { answer: unknown } | null = null;
  const answerAlong = async (answer: unknown): Promise<PendingWrite> => {
    const id = await claimedId;
    if (id === null || id === undefined) throw claimTaken();
    sentAlong = { answer };
    return answerWrite(id, answer);
  };
  const ctx = requestContext(deps, req, label, tx, tenantId, user, principal, language, answerAlong);
  // Stores the action's answer, unless the action sent it with its last statement.
  const answered = async (id: number, result: unknown): Promise<unknown> => {
    const along = sentAlong as { answer: unknown } | null;
    if (along) {
      if (along.answer !== result) throw new Error(`${label} returned another answer than the one it stored with its last statement`);
      return result ?? null;
    }
    // The answer's record is the transaction's last statement: COMMIT goes with it (decision 0037).
    lastStatementNext(tx);
    await storeIdempotentResponse(tx, id, result ?? null);
    return result ?? null;
  };
  if (ahead && pipelines(tx)) {
    // The claim and the action's first statement travel together (decision 0039).
    const claimed = insertClaim(tx, key);
    claimedId = claimed;
    claimed.catch(() => {});
    const work = handler(parsed.data, ctx);
    // Its failure is awaited below, after the claim's answer: not an unhandled rejection meanwhile.
    work.catch(() => {});
    const id = await claimed.catch(async (err: unknown) => {
      await work.catch(() => {});
      throw err;
    });
    if (id === null) {
      // The key was there already: what the action did is rolled back, and the request runs
      // again the usual way, which answers the stored response (or 409, or 422).
      await work.catch(() => {});
      throw claimTaken();
    }
    return answered(id, await work);
  }
  const claim = await claimIdempotencyKey(tx, key);
  if (claim.kind === 'replay') {
    reply.header('Idempotent-Replayed', 'true');
    return claim.response;
  }
  claimedId = Promise.resolve(claim.id);
  return answered(claim.id, await handler(parsed.data, ctx));
}

/**
 * Runs a request's transaction, and again when it asks to (RunAgain), changing how first: at most
 * three runs (its own key's row, its claim ahead, its claim first), the last never asks again.
 */
export async function runAgainWhenAsked<T>(attempt: () => Promise<T>, adjust: (again: RunAgain) => void): Promise<T> {
  for (let run = 1; ; run++) {
    try {
      return await attempt();
    } catch (err) {
      if (!(err instanceof RunAgain) || run === 3) throw err;
      adjust(err);
    }
  }
}

/** An action sent ahead of its key's claim found the key taken: its transaction is rolled back (decision 0039). */
const claimTaken = () => new RunAgain(true, 'the Idempotency-Key was claimed before: the request runs again, claim first');
