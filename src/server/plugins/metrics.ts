// What operators watch (issue 46 §4): GET /metrics in the Prometheus text format, GET /ready for a
// load balancer. /health stays the liveness probe (app.ts).
//
// Requests are counted where the route is known: the services plugin names each registry route's
// service and action in its route config, and a hook added here to every route as it is registered
// counts its answers. Other routes (static files, /signalr, swagger, /health…) count as
// service="other", requests no route matched as action="unmatched": never the URL, so the label
// values stay a bounded set. The count is plain numbers per route kept by the hook (30–40 ns);
// prom-client's own inc() and observe() hash their labels on every call, children too (1.5–2 µs
// here), which the scan's hot path need not pay, so the two request metrics are read from those
// numbers when /metrics is asked (decision 0061).
import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, onResponseHookHandler, RouteOptions } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Registry, type Metric } from 'prom-client';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { forbidden } from '../lib/errors.ts';

/** Seconds; a scan answers in a few milliseconds, an export in seconds. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

/** What the services plugin puts in a registry route's config. */
export interface MeteredRoute { service: string; action: string }

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The service and action GET /metrics counts the route's answers under; absent: service="other". */
    metered?: MeteredRoute;
  }
}

/** One route's answers since the start: by status, their durations by bucket, and keyed repeats answered from the store. */
class RouteMeter {
  readonly statuses = new Map<number, number>();
  /** Per bucket of DURATION_BUCKETS, then +Inf: answers that took longer than the bucket before it (not cumulative). */
  readonly buckets = new Float64Array(DURATION_BUCKETS.length + 1);
  seconds = 0;
  count = 0;
  replays = 0;
  /** The replays already handed to prom-client's counter. */
  replaysReported = 0;

  constructor(readonly service: string, readonly action: string) {}

  answered(status: number, seconds: number, replayed: boolean): void {
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
    let i = 0;
    while (i < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[i]!) i++;
    this.buckets[i]!++;
    this.seconds += seconds;
    this.count++;
    if (replayed) this.replays++;
  }
}

export interface Readiness {
  /** starting: not yet serving (main.ts marks it serving once migrated and listening); draining: SIGTERM received. */
  phase: 'starting' | 'serving' | 'draining';
}

export interface Metrics {
  readonly registry: Registry;
  /** A scheduled job's run for one tenant (modules/jobs/scheduler.ts). */
  jobRan(job: string, failed: boolean): void;
  meterOf(route: MeteredRoute | undefined): RouteMeter;
  readonly unmatched: RouteMeter;
}

type Value = { value: number; labels: Record<string, string | number>; metricName?: string };

/**
 * A registry of its own per app (several apps in one test process never share one), with Node's
 * process metrics (CPU, memory, GC, event-loop lag: nodejs_eventloop_lag_*), the request metrics of
 * the contract, keyed repeats, the database's connections and the scheduled jobs.
 */
export function createMetrics(database: Database): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const meters = new Map<string, RouteMeter>();
  const other = new RouteMeter('other', 'other');
  const unmatched = new RouteMeter('other', 'unmatched');
  const all = () => [...meters.values(), other, unmatched];

  // prom-client's registry reads a metric through get() (and resetMetrics() through reset()): these
  // two read the meters. The one cast: its types name only its own classes.
  const readFromMeters = (name: string, type: 'counter' | 'histogram', help: string, values: () => Value[], reset: () => void) => {
    const described = { name, help, type, aggregator: 'sum' };
    registry.registerMetric({ ...described, get: async () => ({ ...described, values: values() }), reset } as unknown as Metric);
  };
  readFromMeters('haicang_requests_total', 'counter',
    'Requests answered, by service, action and status (service="other" for routes outside the registry).',
    () => all().flatMap((m) => [...m.statuses]
      .map(([status, n]): Value => ({ value: n, labels: { service: m.service, action: m.action, status } }))),
    () => { for (const m of all()) m.statuses.clear(); });
  readFromMeters('haicang_request_duration_seconds', 'histogram', 'Time from a request\'s arrival to its answer, by service and action.',
    () => all().filter((m) => m.count > 0).flatMap(histogramValues),
    () => { for (const m of all()) Object.assign(m, { seconds: 0, count: 0 }).buckets.fill(0); });

  new Counter({
    name: 'haicang_idempotent_replays_total', registers: [registry], labelNames: ['service', 'action'],
    help: 'Keyed requests (Idempotency-Key) answered from the stored answer of an earlier one: the floor outbox resending, a double tap.',
    collect() {
      for (const m of all()) {
        if (m.replays === m.replaysReported) continue;
        this.inc({ service: m.service, action: m.action }, m.replays - m.replaysReported);
        m.replaysReported = m.replays;
      }
    },
  });
  const poolGauge = (name: string, help: string, read: (s: ReturnType<Database['pools']>[number]) => number) => new Gauge({
    name, help, registers: [registry], labelNames: ['pool'],
    collect() { for (const s of database.pools()) this.set({ pool: s.pool }, read(s)); },
  });
  poolGauge('haicang_db_pool_size', 'Connections a pool may open (requests: DB_POOL_SIZE).', (s) => s.size);
  poolGauge('haicang_db_pool_in_use', 'Connections of the pool lent out now.', (s) => s.inUse);
  poolGauge('haicang_db_pool_waiting', 'Requests (or jobs) waiting for a connection of the pool now.', (s) => s.waiting);
  const jobCounter = (name: string, help: string) => new Counter({ name, help, labelNames: ['job'], registers: [registry] });
  const jobRuns = jobCounter('haicang_job_runs_total', 'Scheduled job runs, one per tenant per tick.');
  const jobFailures = jobCounter('haicang_job_failures_total', 'Scheduled job runs that failed.');

  return {
    registry, unmatched,
    jobRan(job, failed) {
      jobRuns.inc({ job });
      if (failed) jobFailures.inc({ job });
    },
    meterOf(route) {
      if (!route) return other;
      const key = `${route.service}/${route.action}`;
      let meter = meters.get(key);
      if (!meter) meters.set(key, meter = new RouteMeter(route.service, route.action));
      return meter;
    },
  };
}

/** A meter's histogram as Prometheus has it: cumulative buckets with `le`, then the sum and the count. */
function histogramValues(m: RouteMeter): Value[] {
  const name = 'haicang_request_duration_seconds';
  const labels = { service: m.service, action: m.action };
  const values: Value[] = [];
  let cumulative = 0;
  m.buckets.forEach((n, i) => {
    cumulative += n;
    const le = i < DURATION_BUCKETS.length ? DURATION_BUCKETS[i]! : '+Inf';
    values.push({ metricName: `${name}_bucket`, labels: { ...labels, le }, value: cumulative });
  });
  values.push({ metricName: `${name}_sum`, labels, value: m.seconds }, { metricName: `${name}_count`, labels, value: m.count });
  return values;
}

/** The answer's duration and status into the meter: a route hook, called back rather than async (no promise per request). */
function meterHook(meter: RouteMeter): (req: FastifyRequest, reply: FastifyReply, done: () => void) => void {
  return (_req, reply, done) => {
    meter.answered(reply.statusCode, reply.elapsedTime / 1000, reply.hasHeader('idempotent-replayed'));
    done();
  };
}

/**
 * Counts every route's answers; call before any route is added (the hook is given to each route as it
 * is registered, encapsulated plugins' routes too).
 */
export function meterRoutes(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const hook: onResponseHookHandler = meterHook(metrics.meterOf(route.config?.metered));
    route.onResponse = [...[route.onResponse ?? []].flat(), hook];
  });
  const unmatched = meterHook(metrics.unmatched);
  // The not-found handler is no route: its answers (404s, and the console's index.html) are counted here.
  app.addHook('onResponse', (req, reply, done) => {
    if (req.is404) return unmatched(req, reply, done);
    done();
  });
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 addresses. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4.startsWith('127.') || address === '::1';
}

const FORWARDED_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Who may read /metrics. A bearer METRICS_TOKEN (compared in constant time) from anywhere; otherwise a
 * caller on this machine: the TCP peer is a loopback address and the request names no other client
 * (X-Forwarded-For, Forwarded, X-Real-IP). Not request.ip: with TRUST_PROXY it is the client a trusted
 * proxy names, and a proxy trusted for sign-in throttling (a private address, by default) can carry a
 * remote client's own "X-Forwarded-For: 127.0.0.1" through; and a proxy on this machine that forwards
 * a remote client without naming it would make request.ip loopback. So a request that came through
 * any proxy is never "this machine", whatever TRUST_PROXY says: a scraper behind a proxy uses the token.
 */
export function mayReadMetrics(req: FastifyRequest, token: string | undefined): boolean {
  const authorization = req.headers.authorization;
  if (token && typeof authorization === 'string' && /^Bearer\s/i.test(authorization)) {
    return timingSafeEqual(digest(authorization.slice(7).trim()), digest(token));
  }
  return isLoopbackAddress(req.socket.remoteAddress) && FORWARDED_HEADERS.every((h) => req.headers[h] === undefined);
}

/** How long /ready waits for the database before it answers 503. */
const READY_TIMEOUT_MS = 1000;

/** The database answers a trivial query within `timeoutMs`. Concurrent probes share one query. */
export function databaseAnswers(database: Pick<Database, 'root'>, timeoutMs = READY_TIMEOUT_MS): () => Promise<boolean> {
  let pending: Promise<boolean> | null = null;
  return () => pending ??= new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    database.root.execute(sql`select 1`).then(() => resolve(true), () => resolve(false)).finally(() => clearTimeout(timer));
  }).finally(() => { pending = null; });
}

/** GET /metrics and GET /ready. */
export function registerOperatorRoutes(
  app: FastifyInstance, config: Config, database: Database, metrics: Metrics, readiness: Readiness,
): void {
  app.get('/metrics', { schema: { hide: true } }, async (req, reply: FastifyReply) => {
    if (!mayReadMetrics(req, config.metricsToken)) {
      throw forbidden('指标只对本机或持有 METRICS_TOKEN 的调用方开放。');
    }
    const text = await metrics.registry.metrics();
    return reply.header('Content-Type', metrics.registry.contentType).header('Cache-Control', 'no-store').send(text);
  });

  const answers = databaseAnswers(database);
  app.get('/ready', { schema: { hide: true } }, async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (readiness.phase !== 'serving') return reply.code(503).send({ ready: false, reason: readiness.phase });
    if (!(await answers())) return reply.code(503).send({ ready: false, reason: 'database' });
    return { ready: true };
  });
}
