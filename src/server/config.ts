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
  UPLOAD_DAILY_MB: z.coerce.number().int().min(1).max(1024 * 1024).default(1024),
  IMPORT_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
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
  /** What one user may upload through File/UploadFile in 24 hours, in bytes. */
  uploadDailyBytes: number;
  /** How many spreadsheet imports are unpacked and read at once; the others wait their turn. */
  importConcurrency: number;
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
    uploadDailyBytes: e.UPLOAD_DAILY_MB * 1024 * 1024, importConcurrency: e.IMPORT_CONCURRENCY,
  };
}
