// What operators watch (issue 46 §4): GET /metrics in the Prometheus text format, answered to this
// machine and to holders of METRICS_TOKEN; GET /ready for a load balancer (plugins/metrics.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { runDueJobs } from '#server/modules/jobs/scheduler.ts';
import { createMetrics, type Readiness } from '#server/plugins/metrics.ts';
import { call, createTestApp, svc, TEST_ENV, TEST_TOKEN_SECRET, type TestApp } from '../helpers/test-app.ts';
import { parcelScene, type ParcelScene } from '../factories/parcels.ts';

const TOKEN = 'scrape-token-0123456789abcdef';
const PROMETHEUS_TEXT = 'text/plain; version=0.0.4; charset=utf-8';

/** The value of one sample line (`name{labels} value`), or undefined when the text has none. */
function sample(text: string, line: string): number | undefined {
  const found = text.split('\n').find((l) => l.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
}

describe('GET /metrics and GET /ready', () => {
  let t: TestApp;
  let scene: ParcelScene;
  /** A second app on the same database, with METRICS_TOKEN set and its readiness in the test's hands. */
  let guarded: FastifyInstance;
  const readiness: Readiness = { phase: 'serving' };

  beforeAll(async () => {
    t = await createTestApp();
    scene = await parcelScene(t);
    const config = {
      ...loadConfig({ ...TEST_ENV, METRICS_TOKEN: TOKEN }), databaseUrl: t.databaseUrl, dataDir: t.dataDir, logLevel: 'silent' as const,
    };
    guarded = await buildApp({ config, database: t.database, tokenSecret: TEST_TOKEN_SECRET, logger: false, readiness });
    await guarded.ready();
  });
  afterAll(async () => {
    await guarded?.close();
    await t?.close();
  });

  const metrics = async (app: FastifyInstance, options: Omit<InjectOptions, 'method' | 'url'> = {}) =>
    app.inject({ method: 'GET', url: '/metrics', ...options });

  it('counts a SignByScan under its service and action, by status, with its duration and its keyed repeat', async () => {
    const { shipment } = await scene.declaredParcel();
    const scan = (body: object) =>
      call(t.app, 'POST', svc('Logistics', 'SignByScan'), scene.picker, body, { 'Idempotency-Key': `metrics-${shipment}` });
    expect((await scan({ shipment, warehouseInfoId: scene.warehouseId })).status).toBe(200);
    // The floor's outbox sending it again: answered from the stored answer.
    const again = await scan({ shipment, warehouseInfoId: scene.warehouseId });
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await call(t.app, 'POST', svc('Logistics', 'SignByScan'), scene.picker, { shipment: 5 })).status).toBe(400);
    await t.app.inject({ method: 'GET', url: '/no/such/place/12345' });

    const res = await metrics(t.app);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(PROMETHEUS_TEXT);
    const text = res.body;
    const scanLabels = 'service="Logistics",action="SignByScan"';
    expect(sample(text, `haicang_requests_total{${scanLabels},status="200"}`)).toBe(2);
    expect(sample(text, `haicang_requests_total{${scanLabels},status="400"}`)).toBe(1);
    expect(sample(text, `haicang_request_duration_seconds_count{${scanLabels}}`)).toBe(3);
    expect(sample(text, `haicang_request_duration_seconds_bucket{${scanLabels},le="+Inf"}`)).toBe(3);
    expect(sample(text, `haicang_request_duration_seconds_sum{${scanLabels}}`)).toBeGreaterThan(0);
    expect(text).toContain('# TYPE haicang_request_duration_seconds histogram');
    expect(sample(text, `haicang_idempotent_replays_total{${scanLabels}}`)).toBe(1);
    // A URL no route has is counted under a fixed name, never under the URL itself.
    expect(sample(text, 'haicang_requests_total{service="other",action="unmatched",status="404"}')).toBe(1);
    expect(text).not.toContain('/no/such/place');
    // The database's connections, and the event loop's lag (Node's default metrics).
    const pool = t.kind === 'postgres' ? /^haicang_db_pool_in_use\{pool="requests"\} \d+$/m : /^haicang_db_pool_waiting\{pool="embedded"\} 0$/m;
    expect(text).toMatch(pool);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
  });

  it('counts the scheduled jobs\' runs', async () => {
    const m = createMetrics(t.database);
    await runDueJobs(t.database, { warn: () => {}, info: () => {} }, new Date(), m.jobRan);
    const text = await m.registry.metrics();
    expect(sample(text, 'haicang_job_runs_total{job="storageFee"}')).toBeGreaterThanOrEqual(1);
    expect(text).not.toMatch(/^haicang_job_failures_total\{job="storageFee"\} [1-9]/m);
  });

  it('answers other machines only with the right METRICS_TOKEN, and never counts a proxied request as this machine', async () => {
    const remote = '203.0.113.9';
    expect((await metrics(t.app, { remoteAddress: remote })).statusCode).toBe(403);
    // No token configured: a bearer token opens nothing.
    expect((await metrics(t.app, { remoteAddress: remote, headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(403);

    expect((await metrics(guarded, { remoteAddress: remote })).statusCode).toBe(403);
    expect((await metrics(guarded, { remoteAddress: remote, headers: { authorization: `Bearer ${TOKEN}x` } })).statusCode).toBe(403);
    const allowed = await metrics(guarded, { remoteAddress: remote, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.body).toContain('haicang_requests_total');
    expect((await metrics(guarded, { remoteAddress: '::1' })).statusCode).toBe(200);

    // A remote client through a proxy on this machine (TRUST_PROXY believes loopback): not this machine.
    expect((await metrics(t.app, { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': remote } })).statusCode).toBe(403);
    // Nor a client that names itself 127.0.0.1 through a trusted private proxy (request.ip would say loopback).
    const spoofed = await metrics(t.app, { remoteAddress: '10.0.0.5', headers: { 'x-forwarded-for': '127.0.0.1' } });
    expect(spoofed.statusCode).toBe(403);
    expect(spoofed.json()).toMatchObject({ success: false, unAuthorizedRequest: true });
  });

  it('says ready when the database answers, and not while starting or draining', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/ready', remoteAddress: '203.0.113.9' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ ready: true });
    for (const phase of ['starting', 'draining'] as const) {
      readiness.phase = phase;
      const res = await guarded.inject({ method: 'GET', url: '/ready' });
      expect(res.statusCode, phase).toBe(503);
      expect(res.json(), phase).toEqual({ ready: false, reason: phase });
    }
    readiness.phase = 'serving';
    expect((await guarded.inject({ method: 'GET', url: '/ready' })).statusCode).toBe(200);
    // The liveness probe is as it was.
    expect((await t.app.inject({ method: 'GET', url: '/health' })).json()).toEqual({ status: 'ok', database: t.kind });
  });
});
