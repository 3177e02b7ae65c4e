// Configuration from the environment, validated once at start (issue 2 §2).
import { z } from 'zod';
import path from 'node:path';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL').optional(),
  TOKEN_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  TOKEN_LIFETIME_SECONDS: z.coerce.number().int().min(60).max(30 * 24 * 3600).default(24 * 3600),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  SIGN_IN_ATTEMPTS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(30),
  // Which peers' X-Forwarded-For is believed: proxy-addr names, addresses or CIDRs, or true / false.
  TRUST_PROXY: z.string().default('loopback,linklocal,uniquelocal'),
  CORS_ORIGINS: z.string().default(''),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  tokenSecret: string | undefined;
  logLevel: (typeof LOG_LEVELS)[number];
  tokenLifetimeSeconds: number;
  dbPoolSize: number;
  /** Sign-in attempts one client address may make per minute (decision 0017). */
  signInAttemptsPerMinute: number;
  trustProxy: boolean | string;
  /** Other origins allowed besides the app's own (comma-separated CORS_ORIGINS). */
  corsOrigins: string[];
}

export class ConfigError extends Error {}

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
    tokenSecret: e.TOKEN_SECRET, logLevel: e.LOG_LEVEL, tokenLifetimeSeconds: e.TOKEN_LIFETIME_SECONDS, dbPoolSize: e.DB_POOL_SIZE,
    signInAttemptsPerMinute: e.SIGN_IN_ATTEMPTS_PER_MINUTE,
    trustProxy: e.TRUST_PROXY === 'true' ? true : e.TRUST_PROXY === 'false' ? false : e.TRUST_PROXY,
    corsOrigins: e.CORS_ORIGINS.split(',').map((o) => o.trim()).filter(Boolean),
  };
}
