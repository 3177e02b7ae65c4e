// Keeps the realtime connection open while a user is signed in and both realtime features are on
// (spec 000 §2). A pushed notice lands in the notice panel at once: the badge and the matching
// tab are bumped from the message, then the Notification queries are refetched to be exact. Floor
// work (a parcel signed in, an order packed or weighed) refetches the dashboard.
import { useEffect } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { NotificationDto } from '#shared/contracts/notification.ts';
import { useApi } from '../../lib/http.ts';
import { getCookie } from '../../lib/cookies.ts';
import { ENC_AUTH_TOKEN_COOKIE } from '../../lib/constants.ts';
import { configurationQuery } from '../../lib/queries.ts';
import { connectRealtime, realtimeEnabled, realtimeUrl } from '../../lib/realtime.ts';
import { queryKey } from '#shared/query-key.ts';
import type { RealtimeMessage } from '#shared/contracts/notification.ts';
import { NOTICE_KEY } from './notice-queries.ts';

type NoticePage = { totalCount: number; unreadCount: number; items: NotificationDto[] };

/** Adds a pushed notice to every cached list it belongs to. */
export function addPushedNotice(queryClient: QueryClient, notice: NotificationDto): void {
  for (const [key, data] of queryClient.getQueriesData<NoticePage>({ queryKey: NOTICE_KEY })) {
    if (!data || !Array.isArray(data.items)) continue;
    const input = (key[2] ?? {}) as { type?: number; isRead?: boolean };
    if (input.type !== undefined && input.type !== notice.type) continue;
    if (input.isRead === true) continue;
    if (data.items.some((n) => n.id === notice.id)) continue;
    queryClient.setQueryData<NoticePage>(key, {
      totalCount: data.totalCount + 1,
      unreadCount: data.unreadCount + (notice.isRead ? 0 : 1),
      items: [notice, ...data.items],
    });
  }
  void queryClient.invalidateQueries({ queryKey: NOTICE_KEY });
}

/** Floor work comes in bursts (a scan a second at a busy station): the dashboard refetches at most this often. */
export const FLOOR_REFRESH_MS = 2_000;

/**
 * What a pushed message changes in the cache. Floor work invalidates the Dashboard queries (only
 * those on screen refetch): at once for the first of a burst, then once more at the end of it.
 */
export function realtimeHandler(
  queryClient: QueryClient, refreshMs = FLOOR_REFRESH_MS,
): { onMessage: (m: RealtimeMessage) => void; stop: () => void } {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending = false;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKey('Dashboard') });
  const settle = () => {
    timer = null;
    if (!pending) return;
    pending = false;
    refresh();
    timer = setTimeout(settle, refreshMs);
  };
  return {
    onMessage(message) {
      if (message.type === 'notification') addPushedNotice(queryClient, message.notification);
      else if (message.type === 'floorWork') {
        if (timer) { pending = true; return; }
        refresh();
        timer = setTimeout(settle, refreshMs);
      }
    },
    stop() { if (timer) clearTimeout(timer); },
  };
}

export function RealtimeBridge({ signedIn }: { signedIn: boolean }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { data: config } = useQuery({ ...configurationQuery(api), enabled: signedIn });
  const userId = config?.session.userId ?? null;
  const enabled = signedIn && userId !== null && realtimeEnabled(config);

  useEffect(() => {
    if (!enabled) return;
    const handler = realtimeHandler(queryClient);
    const close = connectRealtime({
      url: () => {
        const token = getCookie(ENC_AUTH_TOKEN_COOKIE);
        return token ? realtimeUrl(window.location, token) : null;
      },
      onMessage: handler.onMessage,
    });
    return () => { close(); handler.stop(); };
  }, [enabled, userId, queryClient]);

  return null;
}
