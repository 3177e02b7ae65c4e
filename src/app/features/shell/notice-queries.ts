// The notice panel's queries and mutations (spec 000 §2): one list per type, read flags, unread counts.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '#shared/api-client.ts';
import { queryKey } from '#shared/query-key.ts';
import type { NotificationDto } from '#shared/contracts/notification.ts';
import { useApi } from '../../lib/http.ts';

export type NoticeType = NotificationDto['type'];
export const NOTICE_PAGE_SIZE = 20;

/** A tab's list, the newest first. */
export const noticeListQuery = (api: ApiClient, type: NoticeType) => {
  const input = { type, currentPage: 1, pageSize: NOTICE_PAGE_SIZE };
  return queryOptions({
    queryKey: queryKey('Notification', 'getUserNotifications', input),
    queryFn: () => api.notification.getUserNotifications(input),
  });
};

/** The bell's badge: every unread notice, whatever its type. */
export const unreadCountQuery = (api: ApiClient) => {
  const input = { currentPage: 1, pageSize: 1 };
  return queryOptions({
    queryKey: queryKey('Notification', 'getUserNotifications', input),
    queryFn: () => api.notification.getUserNotifications(input),
    select: (r) => r.unreadCount,
    refetchInterval: 5 * 60_000,
  });
};

/** A tab's unread count: the unread notices of that type (unreadCount itself counts every type). */
export const unreadOfTypeQuery = (api: ApiClient, type: NoticeType) => {
  const input = { type, isRead: false, currentPage: 1, pageSize: 1 };
  return queryOptions({
    queryKey: queryKey('Notification', 'getUserNotifications', input),
    queryFn: () => api.notification.getUserNotifications(input),
    select: (r) => r.totalCount,
  });
};

export const NOTICE_KEY = queryKey('Notification');

export function useMarkNoticeRead() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.notification.setNotificationAsRead({ id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTICE_KEY }),
  });
}

export function useMarkAllNoticesRead() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (type: NoticeType) => api.notification.setAllNotificationsAsRead({ type }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTICE_KEY }),
  });
}
