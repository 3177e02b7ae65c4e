// The backup of a running embedded site (issue 46 §2, decision 0060). PGlite belongs to the server's
// process (the data-directory lock), so `npm run backup` cannot open it while the server runs: it asks
// the server instead. Once listening, the server writes DATA_DIR/backup-endpoint.json (mode 0600:
// its pid, a loopback URL and a random key made at start); GET /internal/backup answers only a caller
// on this machine that presents that key, with the archive streamed as it is made (site-copy.ts).
// Whoever can read the key can read DATA_DIR, the database itself, so the key grants nothing more.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { archiveWriter } from '../db/site-archive.ts';
import { exportSite } from '../db/site-copy.ts';

export const BACKUP_ENDPOINT_FILE = 'backup-endpoint.json';
export const BACKUP_PATH = '/internal/backup';

export interface BackupEndpoint { pid: number; url: string; key: string }

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

export function registerBackupEndpoint(app: FastifyInstance, deps: { config: Pick<Config, 'dataDir'>; database: Database }): void {
  // PostgreSQL is read directly by `npm run backup` (DATABASE_URL), whatever the servers are doing.
  if (deps.database.kind !== 'pglite') return;
  const key = randomBytes(32).toString('base64url');
  const file = path.join(deps.config.dataDir, BACKUP_ENDPOINT_FILE);

  app.get(BACKUP_PATH, { schema: { hide: true } }, async (req, reply) => {
    const peer = req.socket.remoteAddress ?? '';
    const given = Buffer.from(/^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '');
    const local = LOOPBACK.test(peer) || peer === req.socket.localAddress;
    if (!local || given.length !== key.length || !timingSafeEqual(given, Buffer.from(key))) {
      return reply.code(403).type('text/plain; charset=utf-8').send('The backup is given to `npm run backup` on this machine only.\n');
    }
    const out = new PassThrough();
    const writer = archiveWriter(out);
    exportSite(deps.database, writer.write, { dataDir: deps.config.dataDir }).then(() => writer.end()).catch((err: unknown) => {
      req.log.error({ err }, 'backup failed');
      out.destroy(err instanceof Error ? err : new Error(String(err)));
    });
    return reply.type('application/octet-stream').header('cache-control', 'no-store').send(out);
  });

  app.addHook('onListen', async () => {
    const address = app.server.address() as AddressInfo | null;
    if (!address || typeof address !== 'object') return;
    const host = address.address === '0.0.0.0' || address.address === '::' ? '127.0.0.1'
      : address.family === 'IPv6' ? `[${address.address}]` : address.address;
    const endpoint: BackupEndpoint = { pid: process.pid, url: `http://${host}:${address.port}${BACKUP_PATH}`, key };
    await writeFile(file, JSON.stringify(endpoint), { mode: 0o600 });
  });
  app.addHook('onClose', async () => {
    try {
      const saved = JSON.parse(await readFile(file, 'utf8')) as BackupEndpoint;
      if (saved.key === key) await rm(file, { force: true });
    } catch { /* never written, or gone */ }
  });
}
