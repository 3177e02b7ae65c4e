// Sign-in throttling (issue 12 §3, decision 0017): per address, per address and user, per user;
// 429 with Retry-After; no lock that keeps the real user out; counters shared by every server.
// The client address comes from X-Forwarded-For: the test's peer is loopback, a trusted proxy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createSecondServer, createTestApp, signIn, svc, type Caller, type TestApp } from '../helpers/test-app.ts';
import { createUser } from '../factories/identity.ts';
import { SIGN_IN_LIMITS } from '#server/plugins/sign-in-throttle.ts';
import { loadConfig } from '#server/config.ts';

const AUTH = '/api/TokenAuth/Authenticate';
let addresses = 0;
/** A client address of its own for each test, so the tests do not share counters. */
const newAddress = () => `198.51.100.${++addresses}`;

describe('sign-in throttling', () => {
  let t: TestApp;
  let admin: Caller;
  beforeAll(async () => {
    // The shipped configuration, not the tests' lifted per-address limit.
    t = await createTestApp({ SIGN_IN_ATTEMPTS_PER_MINUTE: String(loadConfig({}).signInAttemptsPerMinute) });
    admin = await signIn(t.app, 'admin', '123qwe', 1);
  });
  afterAll(async () => t?.close());

  const attempt = (from: string, userName: string, password: string, tenantId: number | null = 1) =>
    call(t.app, 'POST', AUTH, { tenantId }, { userNameOrEmailAddress: userName, password }, { 'x-forwarded-for': from });

  it('makes one address wait after repeated failures, with 429 and Retry-After, while the user still signs in elsewhere', async () => {
    const attacker = newAddress();
    // The host admin, the account a lock-out would hurt most.
    for (let i = 0; i < SIGN_IN_LIMITS.perAddressAndUser.max; i++) expect((await attempt(attacker, 'admin', 'guess', null)).status).toBe(401);
    const waiting = await attempt(attacker, 'admin', '123qwe', null);
    expect(waiting.status).toBe(429);
    const retryAfter = Number(waiting.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(60);
    expect(retryAfter).toBeLessThanOrEqual(SIGN_IN_LIMITS.perAddressAndUser.windowMs / 1000);
    expect(waiting.body).toMatchObject({ success: false, __abp: true, error: { message: '登录失败!' } });
    expect(waiting.body.error?.details).toContain(`${retryAfter} 秒`);
    // Not a lock on the account: the real admin, from their own address, gets in.
    expect((await attempt(newAddress(), 'admin', '123qwe', null)).status).toBe(200);
  });

  it('forgets an address\'s failures for a user once that user signs in from it', async () => {
    const u = await createUser(t.app, admin);
    const from = newAddress();
    for (let i = 0; i < SIGN_IN_LIMITS.perAddressAndUser.max - 1; i++) await attempt(from, u.userName, 'typo-typo');
    expect((await attempt(from, u.userName, u.password)).status).toBe(200);
    for (let i = 0; i < SIGN_IN_LIMITS.perAddressAndUser.max - 1; i++) expect((await attempt(from, u.userName, 'typo-typo')).status).toBe(401);
    expect((await attempt(from, u.userName, u.password)).status).toBe(200);
  });

  it('slows guessing one user from many addresses, yet lets the user in from an address that did not guess', async () => {
    const u = await createUser(t.app, admin);
    const guessers = Array.from({ length: SIGN_IN_LIMITS.perUser.max }, newAddress);
    for (const from of guessers) expect((await attempt(from, u.userName, 'guess-guess')).status).toBe(401);
    // Every address that already tried this user now waits…
    expect((await attempt(guessers[0]!, u.userName, 'guess-guess')).status).toBe(429);
    // …while the user, on an address of their own, signs in.
    expect((await attempt(newAddress(), u.userName, u.password)).status).toBe(200);
  });

  it('never slows down successful sign-ins: one shared account on many phones behind one address, at once', async () => {
    const u = await createUser(t.app, admin);
    const warehouse = newAddress();
    // More sign-ins than either per-user bound, in the same window, several at the same moment.
    for (let round = 0; round < SIGN_IN_LIMITS.perUser.max / 2 + 2; round++) {
      const answers = await Promise.all([0, 1].map(() => attempt(warehouse, u.userName, u.password)));
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
    }
    // One typo among them does not change that.
    expect((await attempt(warehouse, u.userName, 'typo-typo')).status).toBe(401);
    expect((await attempt(warehouse, u.userName, u.password)).status).toBe(200);
  });

  it('answers a flood from one address with 429s before any password is hashed, and keeps serving others', async () => {
    const flood = newAddress();
    const limit = loadConfig({}).signInAttemptsPerMinute;
    const normal = signIn(t.app, 'admin', '123qwe', 1).then((who) => call(t.app, 'GET', svc('Session', 'GetCurrentLoginInformations'), who));
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => attempt(flood, `nobody${i}`, 'wrong-password')));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(200 - limit);
    const refused = results.find((r) => r.status === 429)!;
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body.error?.details).toContain('秒后再试');
    expect((await normal).status).toBe(200);
  });

  it('lets only a bounded number of sign-ins be in progress at once, whatever their addresses', async () => {
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => attempt(`203.0.113.${i + 1}`, `nobody${i}`, 'wrong-password')));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(SIGN_IN_LIMITS.inProgress);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(200 - SIGN_IN_LIMITS.inProgress);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
  });

  it.runIf(!!process.env.DATABASE_URL)('counts attempts on every server together', async () => {
    const second = await createSecondServer(t);
    try {
      const from = newAddress();
      const onServer = (app: TestApp['app']) =>
        call(app, 'POST', AUTH, { tenantId: 1 }, { userNameOrEmailAddress: 'admin', password: 'guess' }, { 'x-forwarded-for': from });
      for (let i = 0; i < SIGN_IN_LIMITS.perAddressAndUser.max; i++) expect((await onServer(i % 2 ? second.app : t.app)).status).toBe(401);
      expect((await onServer(second.app)).status).toBe(429);
      expect((await onServer(t.app)).status).toBe(429);
    } finally {
      await second.close();
    }
  });
});
