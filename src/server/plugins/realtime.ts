// /signalr: a WebSocket per signed-in browser tab, authenticated by the enc_auth_token (query or
// cookie). Every server LISTENs on one channel; a committed NOTIFY from any server reaches the
// server that holds the user's socket (docs/decisions/0003-realtime-listen-notify.md). A socket
// opens only from the app's own origin or CORS_ORIGINS, and closes when its user's sessions end
// (decision 0017).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import websocket from '@fastify/websocket';
import type { WebSocket } from 'ws';
import type { RealtimeMessage } from '#shared/contracts/notification.ts';
import { USER_TYPE } from '#shared/permissions.ts';
import type { Deps } from '../framework.ts';
import { parseCookies } from '../lib/cookies.ts';
import type { Principal } from '../lib/tokens.ts';
import type { IdentityEvent } from '../modules/identity/events.ts';
import { REALTIME_CHANNEL, loadByIds } from '../modules/notification/repository.ts';
import { toNotificationDto } from '../modules/notification/service.ts';

const keyOf = (tenantId: number | null, userId: number) => `${tenantId ?? 'host'}:${userId}`;

/**
 * A browser always sends Origin with a WebSocket handshake: it must be this server's own (as the
 * Host header names it, behind a proxy X-Forwarded-Host/Proto) or one of CORS_ORIGINS. Clients
 * that are not browsers send none and are let through: the token is what authenticates them.
 */
export function originAllowed(req: FastifyRequest, allowed: readonly string[]): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  let parsed: URL;
  try { parsed = new URL(origin); } catch { return false; }
  if (allowed.includes(parsed.origin)) return true;
  return parsed.host === req.host && `${parsed.protocol}` === `${req.protocol}:`;
}

export async function registerRealtime(app: FastifyInstance, deps: Deps): Promise<void> {
  const sockets = new Map<string, Set<WebSocket>>();
  const principals = new WeakMap<WebSocket, Principal>();
  const send = (socket: WebSocket, message: RealtimeMessage) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  };

  // Floor work (announceFloorWork): every staff socket of the tenant, and the seller's own, hear that
  // the dashboard's figures moved; other sellers hear nothing.
  const sellers = new WeakSet<WebSocket>();
  // One notice may name many sellers (gathered, decision 0054); a server of the version before names one.
  const deliverFloorWork = (tenantId: number, sellerIds: ReadonlySet<number>) => {
    const prefix = `${tenantId}:`;
    for (const [key, set] of sockets) {
      if (!key.startsWith(prefix)) continue;
      const own = sellerIds.has(Number(key.slice(prefix.length)));
      for (const socket of set) if (own || !sellers.has(socket)) send(socket, { type: 'floorWork' });
    }
  };

  const deliver = async (payload: string) => {
    let parsed: { n?: unknown; w?: unknown; u?: unknown };
    try { parsed = JSON.parse(payload) as typeof parsed; } catch { return; }
    if (sockets.size === 0) return;
    if (typeof parsed.w === 'number') {
      const named = Array.isArray(parsed.u) ? parsed.u : [parsed.u];
      return deliverFloorWork(parsed.w, new Set(named.filter((u): u is number => typeof u === 'number')));
    }
    const ids = parsed.n;
    if (!Array.isArray(ids)) return;
    const rows = await loadByIds(deps.database.root, ids);
    for (const row of rows) {
      for (const socket of sockets.get(keyOf(row.tenantId, row.userId)) ?? []) send(socket, { type: 'notification', notification: toNotificationDto(row) });
    }
  };
  const stopListening = await deps.database.listen(REALTIME_CHANNEL, (payload) => {
    deliver(payload).catch((err) => app.log.warn({ err }, 'realtime delivery failed'));
  });

  // Sockets whose user was deactivated, deleted or signed out everywhere close with 4401.
  const recheck = async (event: IdentityEvent) => {
    const prefix = `${event.tenantId ?? 'host'}:`;
    const keys = event.userId !== undefined ? [keyOf(event.tenantId, event.userId)] : [...sockets.keys()].filter((k) => k.startsWith(prefix));
    for (const key of keys) {
      for (const socket of sockets.get(key) ?? []) {
        const principal = principals.get(socket);
        if (principal && !(await deps.currentUsers.get(principal, null))) socket.close(4401, 'unauthorized');
      }
    }
  };
  const stopWatching = deps.currentUsers.onChange((event) => {
    recheck(event).catch((err) => app.log.warn({ err }, 'realtime session check failed'));
  });

  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  app.get('/signalr', {
    websocket: true, schema: { hide: true },
    // Refused before the upgrade: a page on another site cannot ride the user's cookie.
    preValidation: async (req, reply) => {
      if (!originAllowed(req, deps.config.corsOrigins)) await reply.code(403).send('origin not allowed');
    },
  }, async (socket, req) => {
    const query = req.query as Record<string, string | undefined>;
    const token = query['enc_auth_token'] ?? parseCookies(req.headers.cookie)['enc_auth_token'];
    const principal = token ? await deps.tokens.verifyEncrypted(token) : null;
    const user = principal ? await deps.currentUsers.get(principal, null).catch(() => null) : null;
    if (!principal || !user) {
      socket.close(4401, 'unauthorized');
      return;
    }
    const key = keyOf(principal.tenantId, principal.userId);
    const set = sockets.get(key) ?? new Set<WebSocket>();
    set.add(socket);
    sockets.set(key, set);
    principals.set(socket, principal);
    if (user.userType === USER_TYPE.seller) sellers.add(socket);
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
    stopWatching();
    for (const set of sockets.values()) for (const s of set) s.close(1001, 'server shutting down');
  });
}
