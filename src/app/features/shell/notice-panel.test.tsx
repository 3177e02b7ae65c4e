import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiRequest } from '#shared/api-client.ts';
import type { NotificationDto } from '#shared/contracts/notification.ts';
import { createFakeApi, renderWithProviders } from '../../test/render.tsx';
import { fakeConfiguration } from '../../lib/test-config.ts';
import { NoticePanel } from './notice-panel.tsx';
import { addPushedNotice } from './realtime-bridge.tsx';

const notice = (id: number, type: 0 | 1 | 2, isRead: boolean): NotificationDto => ({
  id, type, isRead, title: `标题${id}`, description: `内容${id}`, creationTime: '2026-11-22T08:00:00+08:00',
});

function server(store: NotificationDto[], options: { hang?: boolean } = {}) {
  return createFakeApi({
    'AbpUserConfiguration.getAll': () => fakeConfiguration({ userId: 2, tenantId: 1 }),
    'Notification.getUserNotifications': (r: ApiRequest) => {
      const q = (r.query ?? {}) as { type?: number; isRead?: boolean; pageSize?: number };
      if (options.hang && q.type !== undefined && q.isRead === undefined) return new Promise(() => {});
      const items = store.filter((n) => (q.type === undefined || n.type === q.type) && (q.isRead === undefined || n.isRead === q.isRead));
      return { totalCount: items.length, unreadCount: store.filter((n) => !n.isRead).length, items: items.slice(0, q.pageSize ?? 10) };
    },
    'Notification.setNotificationAsRead': (r: ApiRequest) => { store.find((n) => n.id === (r.body as { id: number }).id)!.isRead = true; return null; },
    'Notification.setAllNotificationsAsRead': (r: ApiRequest) => { store.filter((n) => n.type === (r.body as { type: number }).type).forEach((n) => { n.isRead = true; }); return null; },
  });
}

const badge = () => screen.getByTestId('notice-badge').getAttribute('data-count');

describe('<NoticePanel> (spec 000 §2)', () => {
  it('shows the unread count, the three tabs with their items, and marks one or all as read', async () => {
    const store = [notice(1, 0, false), notice(2, 0, true), notice(3, 1, false), notice(4, 0, false)];
    const { api, calls } = server(store);
    renderWithProviders(<NoticePanel />, { api });
    await waitFor(() => expect(badge()).toBe('3'));

    await userEvent.click(screen.getByRole('button', { name: '消息中心' }));
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent?.replace(/\d+$/, ''))).toEqual(['通知', '消息', '任务']);
    await waitFor(() => expect(screen.getAllByTestId('notice-item')).toHaveLength(3));
    expect(screen.getAllByTestId('notice-item').map((el) => el.getAttribute('data-read'))).toEqual(['false', 'true', 'false']);
    expect(screen.getByTestId('notice-tab-unread-0').textContent).toBe('2');

    await userEvent.click(screen.getByText('标题1'));
    await waitFor(() => expect(badge()).toBe('2'));
    expect(calls.some((c) => c.action === 'setNotificationAsRead')).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: '全部标为已读' }));
    await waitFor(() => expect(badge()).toBe('1'));
    expect(calls.find((c) => c.action === 'setAllNotificationsAsRead')!.body).toEqual({ type: 0 });

    await userEvent.click(screen.getAllByRole('tab')[1]!);
    await waitFor(() => expect(screen.getAllByTestId('notice-item').map((el) => el.textContent)).toEqual([expect.stringContaining('标题3')]));
  });

  it('the spinner hides after 2 s even when the list has not arrived', async () => {
    const { api } = server([notice(1, 0, false)], { hang: true });
    renderWithProviders(<NoticePanel />, { api });
    await userEvent.click(screen.getByRole('button', { name: '消息中心' }));
    expect(await screen.findByTestId('notice-spinner')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('notice-spinner')).toBeNull(), { timeout: 3000 });
  });

  it('a notice pushed over the realtime connection bumps the badge without a reload', async () => {
    const store = [notice(1, 0, false)];
    const { api } = server(store);
    const { queryClient } = renderWithProviders(<NoticePanel />, { api });
    await waitFor(() => expect(badge()).toBe('1'));
    const pushed = notice(9, 2, false);
    store.push(pushed);
    addPushedNotice(queryClient, pushed);
    await waitFor(() => expect(badge()).toBe('2'));
  });
});
