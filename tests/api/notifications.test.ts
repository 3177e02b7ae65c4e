// The notice panel's store and its live push over /signalr (issue 3 §6).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { call, createSecondServer, createTestApp, signIn, svc, type Caller, type TestApp } from '../helpers/test-app.ts';
import { createUser } from '../factories/identity.ts';

async function listen(app: FastifyInstance): Promise<string> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return address.replace(/^http/, 'ws');
}

/** Opens /signalr and collects messages; resolves once the server said hello. */
function connect(base: string, encToken: string): Promise<{ ws: WebSocket; messages: any[]; next: (pred: (m: any) => boolean) => Promise<any> }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base}/signalr?enc_auth_token=${encodeURIComponent(encToken)}`);
    const messages: any[] = [];
    const waiters: { pred: (m: any) => boolean; resolve: (m: any) => void }[] = [];
    ws.on('message', (data) => {
      const m = JSON.parse(String(data));
      messages.push(m);
      for (const w of [...waiters]) if (w.pred(m)) { waiters.splice(waiters.indexOf(w), 1); w.resolve(m); }
      if (m.type === 'hello') resolve({ ws, messages, next });
    });
    ws.on('error', reject);
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

async function encryptedToken(app: FastifyInstance, userName: string, password: string, tenantId: number) {
  const res = await call(app, 'POST', '/api/TokenAuth/Authenticate', { tenantId }, { userNameOrEmailAddress: userName, password });
  return res.body.result.encryptedAccessToken as string;
}

describe('notifications', () => {
  let t: TestApp;
  let admin: Caller;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, 'admin', '123qwe', 1);
    base = await listen(t.app);
  });
  afterAll(async () => t?.close());

  it('stores notifications per user with read flags, unread counts, mark one and mark all read', async () => {
    const u = await createUser(t.app, admin);
    const me = await signIn(t.app, u.userName, u.password, 1);
    for (const [type, title] of [[0, '系统维护'], [1, '新消息'], [2, '待办任务']] as const) {
      const res = await call(t.app, 'POST', svc('Notification', 'Publish'), admin, { userId: u.id, type, title, description: `${title}说明` });
      expect(res.body.result).toEqual({ count: 1 });
    }
    const list = await call(t.app, 'GET', svc('Notification', 'GetUserNotifications'), me);
    expect(list.body.result).toMatchObject({ totalCount: 3, unreadCount: 3 });
    expect(list.body.result.items.map((n: { type: number }) => n.type)).toEqual([2, 1, 0]);
    const messages = await call(t.app, 'GET', svc('Notification', 'GetUserNotifications'), me, { type: 1 });
    expect(messages.body.result.items).toEqual([expect.objectContaining({ title: '新消息', isRead: false })]);
    await call(t.app, 'POST', svc('Notification', 'SetNotificationAsRead'), me, { id: messages.body.result.items[0].id });
    expect((await call(t.app, 'GET', svc('Notification', 'GetUserNotifications'), me)).body.result.unreadCount).toBe(2);
    // Nobody else can mark my notification.
    expect((await call(t.app, 'POST', svc('Notification', 'SetNotificationAsRead'), admin, { id: list.body.result.items[0].id })).status).toBe(404);
    await call(t.app, 'POST', svc('Notification', 'SetAllNotificationsAsRead'), me, {});
    expect((await call(t.app, 'GET', svc('Notification', 'GetUserNotifications'), me)).body.result.unreadCount).toBe(0);
  });

  it('pushes a new notification to the user\'s open socket, and only to that user', async () => {
    const a = await createUser(t.app, admin);
    const b = await createUser(t.app, admin);
    const sa = await connect(base, await encryptedToken(t.app, a.userName, a.password, 1));
    const sb = await connect(base, await encryptedToken(t.app, b.userName, b.password, 1));
    await call(t.app, 'POST', svc('Notification', 'Publish'), admin, { userId: a.id, type: 1, title: '给 A 的消息' });
    const got = await sa.next((m) => m.type === 'notification');
    expect(got.notification).toMatchObject({ title: '给 A 的消息', type: 1, isRead: false });
    await new Promise((r) => setTimeout(r, 300));
    expect(sb.messages.filter((m) => m.type === 'notification')).toHaveLength(0);
    sa.ws.close();
    sb.ws.close();
  });

  it('refuses a socket without a valid encrypted token', async () => {
    await expect(connect(base, 'garbage')).rejects.toThrow(/4401/);
  });

  it.runIf(!!process.env.DATABASE_URL)('reaches the user whichever server holds the socket (LISTEN/NOTIFY)', async () => {
    const second = await createSecondServer(t);
    try {
      const secondBase = await listen(second.app);
      const u = await createUser(t.app, admin);
      const socket = await connect(secondBase, await encryptedToken(t.app, u.userName, u.password, 1));
      // Published through server one; the socket is on server two.
      await call(t.app, 'POST', svc('Notification', 'Publish'), admin, { userId: u.id, type: 0, title: '跨服务器通知' });
      const got = await socket.next((m) => m.type === 'notification');
      expect(got.notification.title).toBe('跨服务器通知');
      socket.ws.close();
    } finally {
      await second.close();
    }
  });
});
