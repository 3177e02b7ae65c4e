// /signalr: a WebSocket per signed-in browser tab, authenticated by the enc_auth_token (query or
// cookie). Every server LISTENs on one channel; a committed NOTIFY from any server reaches the
// server that holds the user's socket (docs/decisions/0003-realtime-listen-notify.md).
import type { FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import type { WebSocket } from 'ws';
import type { RealtimeMessage } from '#shared/contracts/notification.ts';
import type { Deps } from '../framework.ts';
import { parseCookies } from '../lib/cookies.ts';
import { loadCurrentUser } from '../modules/identity/repository.ts';
import { REALTIME_CHANNEL, loadByIds } from '../modules/notification/repository.ts';
import { toNotificationDto } from '../modules/notification/service.ts';

const keyOf = (tenantId: number | null, userId: number) => `${tenantId ?? 'host'}:${userId}`;

export async function registerRealtime(app: FastifyInstance, deps: Deps): Promise<void> {
  const sockets = new Map<string, Set<WebSocket>>();
  const send = (socket: WebSocket, message: RealtimeMessage) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  };

  const deliver = async (payload: string) => {
    let ids: number[];
    try { ids = (JSON.parse(payload) as { n: number[] }).n; } catch { return; }
    if (sockets.size === 0 || !Array.isArray(ids)) return;
    const rows = await loadByIds(deps.database.root, ids);
    for (const row of rows) {
      for (const socket of sockets.get(keyOf(row.tenantId, row.userId)) ?? []) send(socket, { type: 'notification', notification: toNotificationDto(row) });
    }
  };
  const stopListening = await deps.database.listen(REALTIME_CHANNEL, (payload) => {
    deliver(payload).catch((err) => app.log.warn({ err }, 'realtime delivery failed'));
  });

  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  app.get('/signalr', { websocket: true, schema: { hide: true } }, async (socket, req) => {
    const query = req.query as Record<string, string | undefined>;
    const token = query['enc_auth_token'] ?? parseCookies(req.headers.cookie)['enc_auth_token'];
    const principal = token ? await deps.tokens.verifyEncrypted(token) : null;
    const user = principal ? await loadCurrentUser(null, deps.database, principal).catch(() => null) : null;
    if (!principal || !user) {
      socket.close(4401, 'unauthorized');
      return;
    }
    const key = keyOf(principal.tenantId, principal.userId);
    const set = sockets.get(key) ?? new Set<WebSocket>();
    set.add(socket);
    sockets.set(key, set);
    const ping = setInterval(() => { if (socket.readyState === socket.OPEN) socket.ping(); }, 30_000);
    socket.on('close', () => {
      clearInterval(ping);
      set.delete(socket);
      if (set.size === 0) sockets.delete(key);
    });
    socket.on('message', () => { /* the client only listens */ });
    send(socket, { type: 'hello', userId: principal.userId });
  });

  app.addHook('onClose', async () => {
    await stopListening();
    for (const set of sockets.values()) for (const s of set) s.close(1001, 'server shutting down');
  });
}
