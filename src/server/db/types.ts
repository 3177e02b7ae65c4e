// The database's handles and its promise to the rest of the server (client.ts opens one).
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** A Drizzle handle: the root database or a transaction. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** Which tenant a transaction works for; null is the host (platform administration). */
export type TenantId = number | null;

export interface Database {
  kind: 'pglite' | 'postgres';
  /** The owner connection: migrations, seeding, jobs that span tenants. Never used by requests. */
  root: Db;
  /**
   * Runs fn in one transaction as the application role with app.tenant_id set, so row-level
   * security confines every statement to that tenant. Everything fn does commits or rolls back
   * together.
   */
  withTenant<T>(tenantId: TenantId, fn: (tx: Db) => Promise<T>): Promise<T>;
  /**
   * Runs fn's reads for a tenant (decision 0034). PostgreSQL: without an explicit transaction, each
   * statement on its own, on a request connection that already holds the tenant and the application
   * role for its session and refuses writes (default_transaction_read_only): no BEGIN, no settings,
   * no COMMIT round trips. PGlite (one connection shared by every request): withTenant.
   */
  read<T>(tenantId: TenantId, fn: (db: Db) => Promise<T>): Promise<T>;
  /** Applies the migrations (once, even when several servers start together). */
  migrate(): Promise<void>;
  /**
   * LISTEN on a channel: NOTIFY from any server's committed transaction reaches every server's
   * callback (PostgreSQL: one dedicated connection per server, reconnected if it drops).
   * Returns a function that stops listening.
   */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  /** The connections as they are now, for /metrics: read when asked, nothing counted per request on PostgreSQL. */
  pools(): readonly PoolStats[];
  close(): Promise<void>;
}

/**
 * One pool's connections: `requests` (decision 0034; requests beyond its size wait in its queue, in
 * order, decision 0053) and `owner` (migrations, jobs, files) on PostgreSQL; `embedded` on PGlite, one
 * connection whose transactions take turns, `waiting` the ones behind the running one.
 */
export interface PoolStats { pool: 'requests' | 'owner' | 'embedded'; size: number; inUse: number; waiting: number }

/**
 * The settings a request connection holds for its session (PostgreSQL's request pool): the tenant
 * and the scope. A handle of `read` (no transaction) carries its connection's, so the scope is set
 * for the session there, and put back to none by the next checkout.
 */
export interface SessionSettings {
  tenant: string; sites: string; warehouses: string;
  /**
   * The session's transactions are read-write by default (decision 0055): set by a transaction of one
   * statement sent alone, put back to read-only by the next `read` before its first statement. A
   * connection's settings start read-only (false).
   */
  writable?: boolean;
}
