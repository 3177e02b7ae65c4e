// Configuration from the environment, validated once at start (issue 2 §2).
import { z } from 'zod';
import os from 'node:os';
import path from 'node:path';
import { MAX_RECHARGE_POINTS } from '#shared/contracts/ledger.ts';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
/** `test`: the built-in test page; `none`: online recharge is off (GeneratePaymentUrl answers 409). */
export const PAYMENT_PROVIDERS = ['test', 'none'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL').optional(),
  TOKEN_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  TOKEN_LIFETIME_SECONDS: z.coerce.number().int().min(60).max(30 * 24 * 3600).default(24 * 3600),
  /** A sign-in with 记住我 (rememberClient): the floor's phones keep their session across shifts (decision 0068). */
  DEVICE_TOKEN_LIFETIME_SECONDS: z.coerce.number().int().min(60).max(30 * 24 * 3600).default(7 * 24 * 3600),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).optional(),
  PAYMENT_PROVIDER: z.enum(PAYMENT_PROVIDERS).optional(),
  PAYMENT_TEST_DAILY_CAP: z.coerce.number().int().min(1).max(MAX_RECHARGE_POINTS * 10).default(10_000),
  CORS_ORIGINS: z.string().default('').transform((v, ctx) => {
    const origins = v.split(',').map((o) => o.trim()).filter((o) => o !== '');
    for (const o of origins) {
      // An origin is scheme://host[:port], exactly what a browser sends in Origin: no path, no `*`.
      let ok = false;
      try { ok = /^https?:$/.test(new URL(o).protocol) && new URL(o).origin === o.replace(/\/$/, ''); } catch { /* not a URL */ }
      if (!ok) ctx.addIssue({ code: 'custom', message: `"${o}" is not an origin like https://console.example.com` });
    }
    return origins.map((o) => o.replace(/\/$/, ''));
  }),
  SIGN_IN_ATTEMPTS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(30),
  // Which peers' X-Forwarded-For is believed: proxy-addr names, addresses or CIDRs, or true / false.
  TRUST_PROXY: z.string().default('loopback,linklocal,uniquelocal'),
  FILE_STORE: z.enum(['disk', 'postgres']).optional(),
  UPLOAD_DAILY_MB: z.coerce.number().int().min(1).max(1024 * 1024).default(1024),
  IMPORT_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  // `sandbox`: the built-in fake platform, chosen explicitly; a URL: the real platform (or one speaking its protocol).
  SHOPEE_HOST: z.union([z.literal('sandbox'), z.url({ protocol: /^https?$/ })],
    { error: 'must be sandbox (the built-in fake) or an http(s):// URL like https://partner.shopeemobile.com' }).optional(),
  SHOPEE_PARTNER_ID: z.coerce.number().int().positive().optional(),
  SHOPEE_PARTNER_KEY: z.string().min(8, 'must be at least 8 characters').optional(),
  SHOPEE_SYNC_MINUTES: z.coerce.number().int().min(0).max(24 * 60).default(5),
  // A bearer token for GET /metrics from other machines; a guessable one would open it to anyone.
  DRAIN_DELAY_SECONDS: z.coerce.number().int().min(0).max(300).default(0),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters')
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces').optional(),
}).superRefine((e, ctx) => {
  if (e.FILE_STORE === 'postgres' && !e.DATABASE_URL) {
    ctx.addIssue({ code: 'custom', path: ['FILE_STORE'], message: 'postgres needs DATABASE_URL (the embedded database keeps files on disk)' });
  }
  // The built-in test partner only works against the built-in fake.
  if (e.SHOPEE_HOST && e.SHOPEE_HOST !== 'sandbox' && (!e.SHOPEE_PARTNER_ID || !e.SHOPEE_PARTNER_KEY)) {
    ctx.addIssue({ code: 'custom', path: ['SHOPEE_HOST'], message: 'needs SHOPEE_PARTNER_ID and SHOPEE_PARTNER_KEY (the partner app\'s own)' });
  }
});

/** The partner the fake platform knows when none is configured (tests, demos, development). */
export const SANDBOX_PARTNER = { id: 1000001, key: 'haicang-shopee-sandbox-partner-key' } as const;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  tokenSecret: string | undefined;
  logLevel: (typeof LOG_LEVELS)[number];
  tokenLifetimeSeconds: number;
  /** The lifetime of a token asked for with rememberClient (a device kept signed in, decision 0068). */
  deviceTokenLifetimeSeconds: number;
  dbPoolSize: number;
  /**
   * Where sellers pay online recharges. The test page credits points without money, so it is the
   * default only on the embedded database (a trial on one machine); with DATABASE_URL it must be
   * chosen explicitly, otherwise online recharge is off.
   */
  paymentProvider: PaymentProviderName;
  /** In test mode, the most points one seller may recharge per day (Asia/Shanghai). */
  testPaymentDailyCapPoints: number;
  /** Sign-in attempts one client address may make per minute (decision 0017). */
  signInAttemptsPerMinute: number;
  trustProxy: boolean | string;
  /** Origins (scheme://host[:port]) whose pages may call the API from the browser (CORS, /signalr); none by default. */
  corsOrigins: string[];
  /**
   * Where uploaded and generated files are kept (modules/files/storage.ts): under DATA_DIR/files, or in
   * the PostgreSQL database where every server reads them; undefined: the database's (postgres with
   * DATABASE_URL, disk on the embedded database).
   */
  fileStore: 'disk' | 'postgres' | undefined;
  /** What one user may upload through File/UploadFile in 24 hours, in bytes. */
  uploadDailyBytes: number;
  /** How many spreadsheet imports are unpacked and read at once; the others wait their turn. */
  importConcurrency: number;
  /**
   * The Shopee Open Platform (decision 0028): `platform` is SHOPEE_HOST's URL (the real platform),
   * `sandbox` the product's own fake mounted at /shopee-sandbox on this server, `off` neither. The fake
   * is the default only on the embedded database (a trial on one machine); with DATABASE_URL it must be
   * chosen explicitly (SHOPEE_HOST=sandbox), otherwise Shopee is off. host: the URL for `platform`.
   * syncMinutes: how often authorised shops' orders are pulled (0: never).
   */
  shopee: { mode: ShopeeMode; host: string | undefined; partnerId: number; partnerKey: string; syncMinutes: number };
  /** Bearer token that opens GET /metrics to callers other than this machine; unset: loopback only. */
  metricsToken: string | undefined;
  /** After SIGTERM: seconds of GET /ready answering 503 while requests are still served, before the server stops accepting them. */
  drainDelaySeconds: number;
}

export type ShopeeMode = 'platform' | 'sandbox' | 'off';

export class ConfigError extends Error {}

/**
 * Request connections per server when DB_POOL_SIZE is unset: ten per core, at most 20 (decisions 0053
 * and 0056). Four per core (0053) kept a request waiting in the pool's queue rather than for a core.
 */
export function defaultPoolSize(cores: number): number {
  return Math.min(20, 10 * Math.max(1, Math.floor(cores)));
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT, host: e.HOST, dataDir: path.resolve(e.DATA_DIR), databaseUrl: e.DATABASE_URL,
    tokenSecret: e.TOKEN_SECRET, logLevel: e.LOG_LEVEL, tokenLifetimeSeconds: e.TOKEN_LIFETIME_SECONDS,
    deviceTokenLifetimeSeconds: Math.max(e.DEVICE_TOKEN_LIFETIME_SECONDS, e.TOKEN_LIFETIME_SECONDS), dbPoolSize: e.DB_POOL_SIZE ?? defaultPoolSize(os.availableParallelism()),
    paymentProvider: e.PAYMENT_PROVIDER ?? (e.DATABASE_URL ? 'none' : 'test'), testPaymentDailyCapPoints: e.PAYMENT_TEST_DAILY_CAP,
    corsOrigins: e.CORS_ORIGINS,
    signInAttemptsPerMinute: e.SIGN_IN_ATTEMPTS_PER_MINUTE,
    trustProxy: e.TRUST_PROXY === 'true' ? true : e.TRUST_PROXY === 'false' ? false : e.TRUST_PROXY,
    fileStore: e.FILE_STORE, uploadDailyBytes: e.UPLOAD_DAILY_MB * 1024 * 1024, importConcurrency: e.IMPORT_CONCURRENCY,
    shopee: {
      mode: e.SHOPEE_HOST === 'sandbox' ? 'sandbox' : e.SHOPEE_HOST ? 'platform' : e.DATABASE_URL ? 'off' : 'sandbox',
      host: e.SHOPEE_HOST && e.SHOPEE_HOST !== 'sandbox' ? e.SHOPEE_HOST.replace(/\/$/, '') : undefined, partnerId: e.SHOPEE_PARTNER_ID ?? SANDBOX_PARTNER.id,
      partnerKey: e.SHOPEE_PARTNER_KEY ?? SANDBOX_PARTNER.key, syncMinutes: e.SHOPEE_SYNC_MINUTES,
    },
    metricsToken: e.METRICS_TOKEN, drainDelaySeconds: e.DRAIN_DELAY_SECONDS,
  };
}

/** What the server warns about at every start (main.ts logs each line at warn level). */
export function startupWarnings(config: Config): string[] {
  const warnings: string[] = [];
  if (config.paymentProvider === 'test') {
    warnings.push(`PAYMENT_PROVIDER=test: online recharges are paid on the built-in test page and credit points without any money `
      + `(at most ${config.testPaymentDailyCapPoints} points per seller per day, PAYMENT_TEST_DAILY_CAP). Do not use it in production.`);
  }
  if (config.shopee.mode === 'sandbox') {
    warnings.push('SHOPEE_HOST=sandbox: the built-in fake Shopee platform is on at /shopee-sandbox; its shops and orders are made up '
      + '(its __seed/__fail switches answer only the host admin). Set SHOPEE_HOST to the platform\'s URL in production.');
  }
  return warnings;
}
