// /signalr from a test: listen on a loopback port, open sockets, wait for messages.
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { call } from './test-app.ts';

export async function listen(app: FastifyInstance): Promise<string> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return address.replace(/^http/, 'ws');
}

export interface OpenSocket {
  ws: WebSocket;
  messages: any[];
  next: (pred: (m: any) => boolean) => Promise<any>;
  /** Resolves with the close code once the server closes the socket. */
  closed: Promise<number>;
}

/** Opens /signalr and collects messages; resolves once the server said hello. */
export function connect(base: string, encToken: string, headers: Record<string, string> = {}): Promise<OpenSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base}/signalr?enc_auth_token=${encodeURIComponent(encToken)}`, { headers });
    const messages: any[] = [];
    const waiters: { pred: (m: any) => boolean; resolve: (m: any) => void }[] = [];
    const closed = new Promise<number>((res) => ws.on('close', (code) => res(code)));
    ws.on('message', (data) => {
      const m = JSON.parse(String(data));
      messages.push(m);
      for (const w of [...waiters]) if (w.pred(m)) { waiters.splice(waiters.indexOf(w), 1); w.resolve(m); }
      if (m.type === 'hello') resolve({ ws, messages, next, closed });
    });
    ws.on('error', reject);
    ws.on('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
    ws.on('close', (code) => reject(new Error(`closed ${code}`)));
    function next(pred: (m: any) => boolean): Promise<any> {
      const found = messages.find(pred);
      if (found) return Promise.resolve(found);
      return new Promise((res, rej) => {
        const timer = setTimeout(() => rej(new Error('no such message within 10 s')), 10_000);
        waiters.push({ pred, resolve: (m) => { clearTimeout(timer); res(m); } });
      });
    }
  });
}

export async function encryptedToken(app: FastifyInstance, userName: string, password: string, tenantId: number): Promise<string> {
  const res = await call(app, 'POST', '/api/TokenAuth/Authenticate', { tenantId }, { userNameOrEmailAddress: userName, password });
  return res.body.result.encryptedAccessToken as string;
}
