// A fresh server per test file: a new in-memory PGlite, or — when DATABASE_URL is set — a new
// database on that PostgreSQL server, dropped afterwards. Migrated and seeded like a first start.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '#server/app.ts';
import { loadConfig, type Config } from '#server/config.ts';
import { openDatabase, type Database } from '#server/db/client.ts';
import { seedDatabase } from '#server/seed.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  kind: 'pglite' | 'postgres';
  /** The PostgreSQL database of this test file (undefined on PGlite). */
  databaseUrl: string | undefined;
  /** This app's DATA_DIR (uploaded files on the disk store), removed by close(). */
  dataDir: string;
  config: Config;
  close(): Promise<void>;
}

export const TEST_TOKEN_SECRET = 'test-secret-test-secret-test-secret-0123';

/**
 * A second server process's worth of app (own pool, own LISTEN) on the same PostgreSQL database.
 * `poolSize` 1: every request of this app on one connection, whose session `database` reads. `dataDir`:
 * its own DATA_DIR (by default the first one's).
 */
export async function createSecondServer(t: TestApp, poolSize = 5, dataDir = t.dataDir): Promise<{ app: FastifyInstance; database: Database; close(): Promise<void> }> {
  if (!t.databaseUrl) throw new Error('a second server needs PostgreSQL');
  const database = await openDatabase({ databaseUrl: t.databaseUrl, poolSize });
  const config = { ...loadConfig({}), databaseUrl: t.databaseUrl, dataDir, logLevel: 'silent' as const };
  const app = await buildApp({ config, database, tokenSecret: TEST_TOKEN_SECRET, logger: false, checkAnswers: true });
  await app.ready();
  return { app, database, close: async () => { await app.close(); await database.close(); } };
}

async function createPostgresDatabase(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const { default: pg } = await import('pg');
  const name = `hc_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * Every test file signs in dozens of times from one address (the inject peer): the per-address
 * sign-in limit is lifted unless a test sets it (the throttling tests).
 */
export const TEST_ENV: Record<string, string> = { SIGN_IN_ATTEMPTS_PER_MINUTE: '10000' };

/**
 * `env`: configuration variables for this app (e.g. { UPLOAD_DAILY_MB: '1' }), read like the server's,
 * over TEST_ENV; `config`: settings given as values (corsOrigins and the like).
 */
export async function createTestApp(env: NodeJS.ProcessEnv = {}, config: Partial<Config> = {}): Promise<TestApp> {
  const baseUrl = process.env.DATABASE_URL;
  const pgdb = baseUrl ? await createPostgresDatabase(baseUrl) : null;
  // HC_TEST_POOL=2: every test app on two request connections, which finds any request that would
  // wait for a second connection while holding one (decision 0053). 30 keeps the race tests racing.
  const database = await openDatabase(pgdb ? { databaseUrl: pgdb.url, poolSize: Number(process.env.HC_TEST_POOL ?? 30) } : { inMemory: true });
  await database.migrate();
  await seedDatabase(database);
  // HC_TEST_LOG=error (or info) shows the server's log while debugging a test.
  const logLevel = (process.env.HC_TEST_LOG ?? 'silent') as 'silent';
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'hc-test-'));
  const settings = { ...loadConfig({ ...TEST_ENV, ...env }), ...config, databaseUrl: pgdb?.url, dataDir, logLevel };
  // checkAnswers: every answer is also serialized the zod way and must come out the same (decision 0042).
  const app = await buildApp({ config: settings, database, tokenSecret: TEST_TOKEN_SECRET, logger: logLevel !== 'silent', checkAnswers: true });
  await app.ready();
  return {
    app, database, kind: database.kind, databaseUrl: pgdb?.url, dataDir, config: settings,
    async close() {
      await app.close();
      await database.close();
      await pgdb?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Caller {
  token?: string | undefined;
  /** The enc_auth_token cookie's value a browser holds for this session. */
  encryptedToken?: string | undefined;
  tenantId?: number | null | undefined;
  userId?: number | undefined;
}

/** Rows of a raw SQL statement on either driver. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export type Envelope<T = any> = { result: T; success: boolean; error: { message: string; details: string | null; validationErrors: { message: string; members: string[] }[] | null } | null; unAuthorizedRequest: boolean; __abp: true };

export interface CallResult<T = any> { status: number; body: Envelope<T>; headers: LightMyRequestResponse['headers'] }

/** Calls the API the way a client would: bearer token, Abp.TenantId header, JSON body or query. */
export async function call<T = any>(app: FastifyInstance, method: InjectOptions['method'], url: string, who: Caller = {}, payload?: unknown, headers: Record<string, string> = {}): Promise<CallResult<T>> {
  const h: Record<string, string> = { ...headers };
  if (who.token) h.authorization = `Bearer ${who.token}`;
  if (who.tenantId !== undefined && who.tenantId !== null) h['abp.tenantid'] = String(who.tenantId);
  const isGet = method === 'GET' || method === 'DELETE';
  const res = await app.inject({
    method, url: isGet && payload ? `${url}?${new URLSearchParams(Object.entries(payload as Record<string, unknown>).map(([k, v]) => [k, String(v)])).toString()}` : url,
    headers: h, ...(isGet || payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: res.statusCode, body: res.json() as Envelope<T>, headers: res.headers };
}

export async function signIn(app: FastifyInstance, userName: string, password: string, tenantId: number | null): Promise<Caller & { userId: number; encryptedToken: string }> {
  const res = await call(app, 'POST', '/api/TokenAuth/Authenticate', { tenantId }, { userNameOrEmailAddress: userName, password });
  if (res.status !== 200) throw new Error(`sign-in of ${userName} failed: ${res.status} ${JSON.stringify(res.body.error)}`);
  return { token: res.body.result.accessToken, encryptedToken: res.body.result.encryptedAccessToken, tenantId, userId: res.body.result.userId };
}

export const svc = (service: string, action: string) => `/api/services/app/${service}/${action}`;
