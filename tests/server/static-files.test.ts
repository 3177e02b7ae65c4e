// The built console served by the API server: client-side routes get index.html; a built file that
// is not there (a chunk of an older build, asked for by a tab opened before a deploy) is a 404, not
// index.html with 200 that the browser would try to run as a script.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase, type Database } from '#server/db/client.ts';

let app: FastifyInstance;
let database: Database;
let dir: string;
const SCRIPT = `export const words = ${JSON.stringify('海仓'.repeat(2000))};`;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'hc-static-'));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(path.join(dir, 'assets', 'index-abc.js'), SCRIPT);
  // What the build writes next to it (sw/compress-assets.ts).
  await writeFile(path.join(dir, 'assets', 'index-abc.js.br'), brotliCompressSync(SCRIPT));
  database = await openDatabase({ inMemory: true });
  await database.migrate();
  app = await buildApp({ config: { ...loadConfig({}), dataDir: dir, logLevel: 'silent' }, database, tokenSecret: 'x'.repeat(48), logger: false, staticDir: dir });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the built console', () => {
  it('serves a client-side route as index.html, and a built file as itself', async () => {
    const page = await app.inject({ method: 'GET', url: '/back/intoLogistics' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const chunk = await app.inject({ method: 'GET', url: '/assets/index-abc.js' });
    expect(chunk.statusCode).toBe(200);
    expect(chunk.headers['content-type']).toContain('javascript');
  });

  it('sends the Brotli copy to a browser that accepts it, and the file itself to one that does not', async () => {
    const br = await app.inject({ method: 'GET', url: '/assets/index-abc.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(br.rawPayload.length).toBeLessThan(Buffer.byteLength(SCRIPT) / 4);
    const plain = await app.inject({ method: 'GET', url: '/assets/index-abc.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(SCRIPT);
  });

  it('answers a missing built file with 404', async () => {
    const gone = await app.inject({ method: 'GET', url: '/assets/index-OLD123.js' });
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['content-type']).not.toContain('text/html');
  });

  it('serves the console with its CSP (scripts and wasm from us only, no framing), nosniff and a Referrer-Policy', async () => {
    for (const url of ['/', '/back/intoLogistics']) {
      const page = await app.inject({ method: 'GET', url });
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain("'unsafe-eval'");
      expect(page.headers['x-frame-options']).toBe('DENY');
      expect(page.headers['x-content-type-options']).toBe('nosniff');
      expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
    // A built script is no document: nosniff, no policy of its own.
    const chunk = await app.inject({ method: 'GET', url: '/assets/index-abc.js' });
    expect(chunk.headers['x-content-type-options']).toBe('nosniff');
    expect(chunk.headers['content-security-policy']).toBeUndefined();
  });
});
