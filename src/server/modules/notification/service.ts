// The notice panel's store and the one way to send a notification (publishNotification).
import { notification, type NotificationDto } from '#shared/contracts/notification.ts';
import { pageWindow } from '#shared/contracts/common.ts';
import type { Db } from '../../db/client.ts';
import { implement, requireUser } from '../../framework.ts';
import { notFound } from '../../lib/errors.ts';
import * as repo from './repository.ts';

export function toNotificationDto(r: repo.NotificationRow): NotificationDto {
  const type = r.type === 1 ? 1 : r.type === 2 ? 2 : 0;
  return { id: r.id, type, title: r.title, description: r.description, isRead: r.isRead, creationTime: r.creationTime.toISOString() };
}

/** Stores a notification for each recipient and pushes it live once the transaction commits. */
export async function publishNotification(tx: Db, recipients: readonly number[] | 'all', n: { type: number; title: string; description?: string | null }): Promise<number> {
  const rows = await repo.insertForUsers(tx, recipients, { type: n.type, title: n.title, description: n.description ?? '' });
  await repo.announce(tx, rows.map((r) => r.id));
  return rows.length;
}

export const notificationService = implement(notification, () => ({
  async getUserNotifications(input, ctx) {
    const { total, unread, rows } = await repo.listForUser(ctx.db, requireUser(ctx).id, input, pageWindow(input));
    return { totalCount: total, unreadCount: unread, items: rows.map(toNotificationDto) };
  },
  async setNotificationAsRead(input, ctx) {
    if (!(await repo.markRead(ctx.db, requireUser(ctx).id, input.id))) throw notFound('通知');
    return null;
  },
  async setAllNotificationsAsRead(input, ctx) {
    await repo.markAllRead(ctx.db, requireUser(ctx).id, input.type);
    return null;
  },
  async publish(input, ctx) {
    const count = await publishNotification(ctx.db, input.userId ? [input.userId] : 'all', input);
    if (input.userId && count === 0) throw notFound('用户');
    return { count };
  },
}));
