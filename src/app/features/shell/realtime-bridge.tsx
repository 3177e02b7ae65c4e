// Keeps the realtime connection open while a user is signed in and both realtime features are on
// (spec 000 §2). A pushed notice lands in the notice panel at once: the badge and the matching
// tab are bumped from the message, then the Notification queries are refetched to be exact.
import { useEffect } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { NotificationDto } from '#shared/contracts/notification.ts';
import { useApi } from '../../lib/http.ts';
import { getCookie } from '../../lib/cookies.ts';
import { ENC_AUTH_TOKEN_COOKIE } from '../../lib/constants.ts';
import { configurationQuery } from '../../lib/queries.ts';
import { connectRealtime, realtimeEnabled, realtimeUrl } from '../../lib/realtime.ts';
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

export function RealtimeBridge({ signedIn }: { signedIn: boolean }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { data: config } = useQuery({ ...configurationQuery(api), enabled: signedIn });
  const userId = config?.session.userId ?? null;
  const enabled = signedIn && userId !== null && realtimeEnabled(config);

  useEffect(() => {
    if (!enabled) return;
    return connectRealtime({
      url: () => {
        const token = getCookie(ENC_AUTH_TOKEN_COOKIE);
        return token ? realtimeUrl(window.location, token) : null;
      },
      onMessage: (message) => {
        if (message.type === 'notification') addPushedNotice(queryClient, message.notification);
      },
    });
  }, [enabled, userId, queryClient]);

  return null;
}
