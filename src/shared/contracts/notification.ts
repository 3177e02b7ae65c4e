// The notice panel's store (spec 000 §2): per user, type 0 notice / 1 message / 2 task, read flag.
// New ones are pushed live over the WebSocket at /signalr (see REALTIME_MESSAGE).
import { z } from 'zod';
import { defineService } from './define.ts';
import { EntityDto, paged, text, optionalText } from './common.ts';

export const NOTICE_TYPE = { notice: 0, message: 1, task: 2 } as const;
const noticeType = z.union([z.literal(0), z.literal(1), z.literal(2)]);

export const NotificationDto = z.object({
  id: z.number().int(), type: noticeType, title: z.string(), description: z.string(), isRead: z.boolean(), creationTime: z.string(),
});
export type NotificationDto = z.infer<typeof NotificationDto>;

export const notification = defineService('Notification', {
  getUserNotifications: {
    method: 'GET', permission: 'authenticated',
    input: paged({ type: noticeType.optional(), isRead: z.boolean().optional() }),
    output: z.object({ totalCount: z.number().int(), unreadCount: z.number().int(), items: z.array(NotificationDto) }),
  },
  setNotificationAsRead: { method: 'POST', permission: 'authenticated', input: EntityDto, output: z.null() },
  setAllNotificationsAsRead: { method: 'POST', permission: 'authenticated', input: z.object({ type: noticeType.optional() }), output: z.null() },
  /** Staff with Pages.Users send a notice to one user (or to every user of the tenant when userId is absent). */
  publish: {
    method: 'POST', permission: 'Pages.Users',
    input: z.object({ userId: z.number().int().positive().optional(), type: noticeType.default(0), title: text(128), description: optionalText(2000) }),
    output: z.object({ count: z.number().int() }),
  },
});

/** What the server sends on /signalr (JSON text frames). */
export type RealtimeMessage =
  | { type: 'notification'; notification: NotificationDto }
  | { type: 'hello'; userId: number }
  /** The floor signed a parcel in, packed or weighed an order: the dashboard's figures moved. */
  | { type: 'floorWork' };
