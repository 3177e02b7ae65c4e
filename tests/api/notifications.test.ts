// The notice panel's store and its live push over /signalr (issue 3 §6).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createSecondServer, createTestApp, signIn, svc, type Caller, type TestApp } from '../helpers/test-app.ts';
import { createUser } from '../factories/identity.ts';
import { connect, encryptedToken, listen } from '../helpers/realtime.ts';

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
