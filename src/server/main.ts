// Starts the server: configuration, database (migrate, seed on first start), HTTP, shutdown.
import { ConfigError, loadConfig, startupWarnings, type Config } from './config.ts';
import { DataDirInUseError, openDatabase } from './db/client.ts';
import { seedDatabase } from './seed.ts';
import { buildApp } from './app.ts';
import { resolveTokenSecret } from './lib/secrets.ts';
import { purgeIdempotencyKeys } from './modules/platform/idempotency.ts';
import { APP_DIST_DIR } from './lib/paths.ts';
import { startFileCleanup } from './modules/files/attach.ts';
import { copyMissingFiles, createPostgresStorage, defaultFileStorage, diskStorageOf, fileStoreKind } from './modules/files/storage.ts';
import { startScheduler } from './modules/jobs/scheduler.ts';
import { startOrderCountFolding } from './modules/orders/counts.ts';
import { createMetrics, type Readiness } from './plugins/metrics.ts';

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const started = performance.now();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.dbPoolSize });
  await database.migrate();
  const { seeded } = await seedDatabase(database);
  const tokenSecret = await resolveTokenSecret(config.tokenSecret, config.dataDir);
  const metrics = createMetrics(database);
  // GET /ready: 503 until listening here, and again from SIGTERM on.
  const readiness: Readiness = { phase: 'starting' };
  const app = await buildApp({ config, database, tokenSecret, staticDir: APP_DIST_DIR, backgroundJobs: true, metrics, readiness });
  if (seeded) app.log.info('first start: seeded host admin and tenant Default (admin / 123qwe)');
  for (const warning of startupWarnings(config)) app.log.warn(warning);

  const purge = async () => {
    try { await purgeIdempotencyKeys(database.root); } catch (err) { app.log.warn({ err }, 'idempotency purge failed'); }
  };
  await purge();
  const timer = setInterval(purge, 6 * 3600 * 1000);
  timer.unref();
  // Uploads nothing points at after a day (issue 12 §6); every server runs it, the rows decide who deletes.
  const cleanup = startFileCleanup(database, defaultFileStorage({ config, database }), app.log);
  if (fileStoreKind(config, database) === 'postgres') {
    // Files an earlier version (or FILE_STORE=disk) kept in this DATA_DIR go into the database, where
    // every server reads them (this one reads them from disk meanwhile); the disk copies stay.
    copyMissingFiles(diskStorageOf(config.dataDir), createPostgresStorage(database.root))
      .then((n) => { if (n) app.log.info({ copied: n }, 'copied the files of DATA_DIR/files into the database'); })
      .catch((err: unknown) => app.log.warn({ err }, 'copying the files of DATA_DIR/files into the database failed'));
  }
  // Daily jobs (the storage fee): one runner across servers, missed days caught up (decision 0027).
  const scheduler = startScheduler(database, app.log, metrics.jobRan);
  // The pieces of the order counts, summed every few seconds (decision 0041); any server may.
  const folding = startOrderCountFolding(database.root, app.log);

  let closing = false;
  let hurry = () => {};
  const shutdown = async (signal: string) => {
    // A second signal during the drain delay ends the wait.
    if (closing) return hurry();
    closing = true;
    readiness.phase = 'draining';
    if (config.drainDelaySeconds > 0) {
      // GET /ready answers 503 while requests are still served, so a balancer probing it stops sending first.
      app.log.info({ signal, seconds: config.drainDelaySeconds }, 'shutting down: not ready, still serving (DRAIN_DELAY_SECONDS)');
      await new Promise<void>((resolve) => {
        hurry = resolve;
        setTimeout(resolve, config.drainDelaySeconds * 1000);
      });
    }
    app.log.info({ signal }, 'shutting down: finishing requests');
    clearInterval(timer);
    cleanup.stop();
    scheduler.stop();
    folding.stop();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  // Unless a signal came while it was starting.
  if (readiness.phase === 'starting') readiness.phase = 'serving';
  app.log.info({ database: database.kind, dataDir: config.dataDir, startMs: Math.round(performance.now() - started) }, `海仓 listening on http://localhost:${config.port}`);
}

main().catch((err) => {
  const text = err instanceof DataDirInUseError ? err.message : err instanceof Error ? err.stack ?? err.message : String(err);
  process.stderr.write(`Failed to start: ${text}\n`);
  process.exit(1);
});
