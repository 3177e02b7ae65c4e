// Idempotency-Key: the request's hash, the key's claim and its stored answer around the action's
// work (decision 0040; docs/scan-path.md).
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ActionDef } from '#shared/contracts/define.ts';
import { lastStatementNext, type Db, type TenantId } from '../../db/client.ts';
import type { PendingWrite } from '../../db/pending-write.ts';
import type { CurrentUser, Deps, Language } from '../../framework.ts';
import { answerWrite, claimIdempotencyKey, storeIdempotentResponse } from '../../modules/platform/idempotency.ts';
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
 * A keyed request's work in its transaction: the key claimed first, the action run, its answer stored
 * with the key (or sent by the action with its last statement, answerAlong).
 */
export async function runWithKey(keyed: {
  deps: Deps; req: FastifyRequest; reply: FastifyReply; label: string; url: string; def: ActionDef; handler: ActionHandler; tx: Db;
  tenantId: TenantId; user: CurrentUser | null; principal: Principal | null; language: Language; idemKey: string; parsed: { data: unknown };
}): Promise<unknown> {
  const { deps, req, reply, label, url, def, handler, tx, tenantId, user, principal, language, idemKey, parsed } = keyed;
  const hash = requestHash(def.method, url, parsed.data);
  const key = { tenantId, userId: user?.id ?? null, key: idemKey, hash };
  // The key's row, once claimed.
  let claimedId: Promise<number> | null = null;
  // The answer the action sent with its last statement (decision 0040), if it did.
  let sentAlong: { answer: unknown } | null = null;
  const answerAlong = async (answer: unknown): Promise<PendingWrite> => {
    const id = await claimedId;
    if (id === null) throw new Error(`${label} sent its answer before its key was claimed`);
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
  const claim = await claimIdempotencyKey(tx, key);
  if (claim.kind === 'replay') {
    reply.header('Idempotent-Replayed', 'true');
    return claim.response;
  }
  claimedId = Promise.resolve(claim.id);
  return answered(claim.id, await handler(parsed.data, ctx));
}
