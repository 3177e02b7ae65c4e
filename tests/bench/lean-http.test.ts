// The bench's lean HTTP/1.1 client (decision 0054) against node's own server: the answers it reads
// must be the server's, byte for byte, however they are framed and however the bytes arrive.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LeanPool } from './lean-http.ts';

describe('LeanPool', () => {
  let server: http.Server;
  let port: number;
  const sockets = new Set<unknown>();
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      sockets.add(req.socket);
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => { body += c; });
      req.on('end', () => {
        const url = new URL(req.url!, 'http://x');
        const echo = JSON.stringify({ method: req.method, path: url.pathname, key: req.headers['idempotency-key'] ?? null, body });
        if (url.pathname === '/chunked') {
          // Written in pieces, without a length: chunked encoding.
          res.writeHead(200, { 'content-type': 'application/json' });
          res.write(echo.slice(0, 5));
          setTimeout(() => { res.write(echo.slice(5)); res.end(); }, 5);
        } else if (url.pathname === '/close') {
          res.writeHead(200, { 'content-type': 'application/json', connection: 'close', 'content-length': Buffer.byteLength(echo) });
          res.end(echo);
        } else if (url.pathname === '/slow') {
          setTimeout(() => { res.writeHead(201, { 'content-length': Buffer.byteLength(echo) }); res.end(echo); }, 20);
        } else {
          res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(echo) });
          res.end(echo);
        }
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => { server.closeAllConnections(); await new Promise((r) => server.close(r)); });

  it('reads answers framed by length and by chunks, keeps its connections alive and never holds more than asked', async () => {
    const pool = new LeanPool('127.0.0.1', port, 3);
    sockets.clear();
    try {
      const body = JSON.stringify({ shipment: '单号-é', n: 1 });
      const one = await pool.request('POST', '/sign', { 'content-type': 'application/json', 'idempotency-key': 'k1' }, body);
      expect(one.status).toBe(200);
      expect(JSON.parse(one.body)).toEqual({ method: 'POST', path: '/sign', key: 'k1', body });
      const chunked = await pool.request('GET', '/chunked', {});
      expect(JSON.parse(chunked.body)).toEqual({ method: 'GET', path: '/chunked', key: null, body: '' });
      // Twelve at once over three connections: each answer is its own request's, in any order.
      const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => pool.request('POST', '/slow', { 'idempotency-key': `k${i}` }, `b${i}`)));
      expect(answers.map((a) => a.status)).toEqual(Array(12).fill(201));
      expect(answers.map((a) => (JSON.parse(a.body) as { key: string; body: string })).map((a) => `${a.key}/${a.body}`)).toEqual(Array.from({ length: 12 }, (_, i) => `k${i}/b${i}`));
      expect(sockets.size).toBe(3);
      // A connection the server closes is replaced.
      expect((await pool.request('GET', '/close', {})).status).toBe(200);
      expect((await pool.request('GET', '/after', {})).status).toBe(200);
      expect(sockets.size).toBeLessThanOrEqual(4);
    } finally {
      await pool.destroy();
    }
  });

  it('fails a request that gets no answer in time, and a request to a port where nobody listens', async () => {
    const silent = http.createServer(() => { /* never answers */ });
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const pool = new LeanPool('127.0.0.1', (silent.address() as AddressInfo).port, 1, 100);
    try {
      await expect(pool.request('GET', '/', {})).rejects.toThrow('no answer in 100 ms');
    } finally {
      await pool.destroy();
      silent.closeAllConnections();
      await new Promise((r) => silent.close(r));
    }
    const nowhere = new LeanPool('127.0.0.1', 1, 1);
    await expect(nowhere.request('GET', '/', {})).rejects.toThrow();
  });
});
