// Throttling in front of TokenAuth/Authenticate (decision 0017), with @fastify/rate-limit and a
// PostgreSQL store so every app server counts the same hits (on PGlite, the only server there can
// be, the counters stay in memory: the one database connection is kept for the requests):
// - a bound on sign-ins in progress on this server: beyond it, 429 before any work at all;
// - per address, every attempt: a flood is answered 429 before any database read or password hash;
// - per address and user name: a few failed attempts, cleared by a successful sign-in. It slows a
//   guesser down without locking the account for anyone else;
// - per user name from every address: failed attempts, against guessing from many addresses. It
//   refuses only addresses that have already failed on this user, so the real user on a fresh
//   address still gets in.
// Successful sign-ins never count: one shared floor account signed in on twenty phones behind the
// warehouse's one address at shift change is not throttled.
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import rateLimit, { normalizeIP, type FastifyRateLimitStore } from '@fastify/rate-limit';
import { actionUrl, camelKeys } from '#shared/contracts/define.ts';
import { tokenAuth } from '#shared/contracts/identity.ts';
import type { Database } from '../db/client.ts';
import type { Deps } from '../framework.ts';
import { MESSAGES, TooManyRequestsError } from '../lib/errors.ts';
import { HASHING } from '../lib/password.ts';
import { normalize } from '../modules/identity/repository.ts';
import { clearRateLimit, hitRateLimit, purgeExpiredRateLimits, readRateLimit, type RateLimitState } from '../modules/platform/rate-limits.ts';
import { requestedTenant } from './services.ts';

const FIFTEEN_MINUTES = 15 * 60_000;
export const SIGN_IN_LIMITS = {
  /** Attempts per address and user name before that address waits for the window's end. */
  perAddressAndUser: { max: 5, windowMs: FIFTEEN_MINUTES },
  /** Attempts on one user name from all addresses before addresses that tried it wait. */
  perUser: { max: 20, windowMs: FIFTEEN_MINUTES },
  /** The window of the per-address limit (its size is SIGN_IN_ATTEMPTS_PER_MINUTE). */
  perAddressWindowMs: 60_000,
  /** Sign-ins in progress on one server: as many as the password hashes running and queued. */
  inProgress: HASHING.concurrent + HASHING.queued,
} as const;

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** Where the counters live: the rate_limits table (PostgreSQL, shared) or this process (PGlite). */
interface Counters {
  hit(key: string, windowMs: number): Promise<RateLimitState>;
  read(key: string): Promise<RateLimitState>;
  clear(key: string): Promise<void>;
  purge(): Promise<void>;
}

function postgresCounters(database: Database): Counters {
  // Single statements on the owner connection: no tenant data, and no transaction to hold.
  return {
    hit: (key, windowMs) => hitRateLimit(database.root, key, windowMs),
    read: (key) => readRateLimit(database.root, key),
    clear: (key) => clearRateLimit(database.root, key),
    purge: () => purgeExpiredRateLimits(database.root),
  };
}

function memoryCounters(): Counters {
  const windows = new Map<string, { hits: number; resetAt: number }>();
  const live = (key: string) => {
    const w = windows.get(key);
    return w && w.resetAt > Date.now() ? w : undefined;
  };
  return {
    async hit(key, windowMs) {
      const w = live(key) ?? { hits: 0, resetAt: Date.now() + windowMs };
      w.hits++;
      windows.set(key, w);
      return { hits: w.hits, ttlMs: w.resetAt - Date.now() };
    },
    async read(key) {
      const w = live(key);
      return w ? { hits: w.hits, ttlMs: w.resetAt - Date.now() } : { hits: 0, ttlMs: 0 };
    },
    async clear(key) { windows.delete(key); },
    async purge() { for (const key of windows.keys()) if (!live(key)) windows.delete(key); },
  };
}

/** @fastify/rate-limit's store interface over the counters. */
function storeOf(counters: Counters) {
  const answer = (work: Promise<RateLimitState>, cb: Callback) =>
    work.then((s) => cb(null, { current: s.hits, ttl: s.ttlMs }), (err: Error) => cb(err));
  return class CountersStore implements FastifyRateLimitStore {
    incr(key: string, cb: Callback, timeWindow: number): void {
      answer(counters.hit(key, timeWindow), cb);
    }
    read(key: string, cb: Callback): void {
      answer(counters.read(key), cb);
    }
    child(): FastifyRateLimitStore {
      return new CountersStore();
    }
  };
}

const tooMany = (seconds: number) => new TooManyRequestsError(
  Math.max(1, seconds), MESSAGES.loginFailed, `登录尝试过于频繁，请 ${Math.max(1, seconds)} 秒后再试。`,
);

export async function registerSignInThrottle(app: FastifyInstance, deps: Deps): Promise<void> {
  const counters = deps.database.kind === 'postgres' ? postgresCounters(deps.database) : memoryCounters();
  await app.register(rateLimit, { global: false, store: storeOf(counters) });
  const signInUrl = actionUrl(tokenAuth, 'authenticate').toLowerCase();
  const address = (req: FastifyRequest) => normalizeIP(req.ip);
  // Who the attempt is for, read once the body is parsed; none when the body is not a sign-in
  // (the action then answers 400 without hashing anything).
  const logins = new WeakMap<FastifyRequest, string>();
  const loginOf = (req: FastifyRequest): string | undefined => {
    const name = (camelKeys(req.body) as { userNameOrEmailAddress?: unknown } | undefined)?.userNameOrEmailAddress;
    if (typeof name !== 'string' || name.trim() === '') return undefined;
    try {
      return `${requestedTenant(req) ?? 'host'}|${normalize(name)}`;
    } catch {
      return undefined;
    }
  };
  const pairKey = (req: FastifyRequest) => `sign-in:pair:${address(req)}|${logins.get(req)}`;

  const perAddress = app.createRateLimit({
    max: deps.config.signInAttemptsPerMinute, timeWindow: SIGN_IN_LIMITS.perAddressWindowMs,
    keyGenerator: (req) => `sign-in:address:${address(req)}`,
  });
  const userKey = (req: FastifyRequest) => `sign-in:user:${logins.get(req)}`;

  // Counted from the first hook to the response, so a flood beyond the bound costs nothing at all.
  let inProgress = 0;
  const admitted = new WeakSet<FastifyRequest>();
  const release = (req: FastifyRequest) => { if (admitted.delete(req)) inProgress--; };
  const checkAddress: onRequestAsyncHookHandler = async (req, reply) => {
    if (inProgress >= SIGN_IN_LIMITS.inProgress) throw tooMany(1);
    inProgress++;
    admitted.add(req);
    // 'close' comes for an answered request and for one whose client went away alike.
    reply.raw.once('close', () => release(req));
    const verdict = await perAddress(req);
    if (!verdict.isAllowed && verdict.isExceeded) throw tooMany(verdict.ttlInSeconds);
  };
  // The address-and-user and user counters count failed attempts only (a 401 from the password
  // check): a shared floor account signed in from many phones behind one address at shift change is
  // never slowed down, only guessing is.
  const checkUser: onRequestAsyncHookHandler = async (req) => {
    const login = loginOf(req);
    if (!login) return;
    logins.set(req, login);
    const [pair, user] = await Promise.all([counters.read(pairKey(req)), counters.read(userKey(req))]);
    if (pair.hits >= SIGN_IN_LIMITS.perAddressAndUser.max) throw tooMany(Math.ceil(pair.ttlMs / 1000));
    // Guessing one user from many addresses: an address that has already failed on this user waits.
    if (user.hits >= SIGN_IN_LIMITS.perUser.max && pair.hits > 0) throw tooMany(Math.ceil(user.ttlMs / 1000));
  };
  // Before the answer leaves, so the caller's next attempt already sees this one counted.
  const count = async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (!logins.has(req)) return payload;
    const work = reply.statusCode === 200
      ? counters.clear(pairKey(req))
      : reply.statusCode === 401
        ? Promise.all([
          counters.hit(pairKey(req), SIGN_IN_LIMITS.perAddressAndUser.windowMs),
          counters.hit(userKey(req), SIGN_IN_LIMITS.perUser.windowMs),
        ])
        : Promise.resolve();
    await work.catch((err: unknown) => req.log.warn({ err }, 'could not update a sign-in counter'));
    return payload;
  };
  const done = async (req: FastifyRequest) => release(req);

  app.addHook('onRoute', (route) => {
    if (route.url.toLowerCase() !== signInUrl) return;
    const add = (existing: unknown, hook: unknown) => [...(Array.isArray(existing) ? existing : existing ? [existing] : []), hook];
    route.onRequest = add(route.onRequest, checkAddress) as typeof route.onRequest;
    route.preHandler = add(route.preHandler, checkUser) as typeof route.preHandler;
    route.onSend = add(route.onSend, count) as typeof route.onSend;
    route.onResponse = add(route.onResponse, done) as typeof route.onResponse;
  });

  const purge = setInterval(() => {
    counters.purge().catch((err: unknown) => app.log.warn({ err }, 'rate limit purge failed'));
  }, 10 * 60_000);
  purge.unref();
  app.addHook('onClose', async () => clearInterval(purge));
}
