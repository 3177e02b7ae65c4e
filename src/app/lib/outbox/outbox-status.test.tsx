// The header badge: "N 待同步 · M 需处理", and the queue it opens (重试 / 丢弃 / 立即同步).
import 'fake-indexeddb/auto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/render.tsx';
import { configureOutbox, loadOutbox } from './index.ts';
import { OutboxBadge } from './outbox-status.tsx';

const sign = (shipment: string) => ({ service: 'Logistics', action: 'signByScan', method: 'POST' as const, url: '/api/services/app/Logistics/SignByScan', body: { shipment, warehouseInfoId: 1 } });

let online = false;
const sent: string[] = [];

beforeAll(() => {
  configureOutbox({ getToken: () => 'tok', getTenantId: () => 1, getCulture: () => 'zh-Hans', getOwner: () => '1:1' });
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  vi.stubGlobal('fetch', vi.fn(async (_url: string, init: RequestInit) => {
    sent.push((JSON.parse(String(init.body)) as { shipment: string }).shipment);
    return new Response(JSON.stringify({ success: true, result: { action: 'UNCLAIMED' } }), { status: 200 });
  }));
});

describe('outbox badge', () => {
  it('counts waiting and refused rows, and lets the user discard, retry and sync now', async () => {
    const outbox = await loadOutbox();
    await outbox.enqueue(sign('YT0001'), { group: 'a', label: 'YT0001' });
    await outbox.enqueue(sign('YT0002'), { group: 'b', label: 'YT0002' });
    const refused = await outbox.enqueue(sign('YT0003'), { group: 'c', label: 'YT0003' });
    const bad = await outbox.enqueue(sign('YT0004'), { group: 'd', label: 'YT0004' });
    await outbox.db.entries.update(refused.seq!, { status: 'attention', lastStatus: 409, lastError: '订单已取消，不能签收。' });
    await outbox.db.entries.update(bad.seq!, { status: 'attention', lastStatus: 400, lastError: '快递单号格式不正确' });

    renderWithProviders(<OutboxBadge />);
    const badge = await screen.findByTestId('outbox-badge');
    expect(badge.textContent).toBe('2 待同步 · 2 需处理');
    await userEvent.click(badge);
    const drawer = await screen.findByRole('dialog', { name: '离线队列' });
    // In Chinese: what the action was, the number it concerns, what happened and what to do.
    const refusedRow = within(drawer).getByText('服务器拒绝：订单已取消，不能签收。').closest('[data-testid="outbox-row"]') as HTMLElement;
    expect(within(refusedRow).getByTestId('outbox-row-action').textContent).toBe('扫码签收');
    expect(within(refusedRow).getByTestId('outbox-row-number').textContent).toBe('YT0003');
    expect(within(refusedRow).getByTestId('outbox-row-advice').textContent).toContain('然后丢弃此条');
    expect(drawer.textContent).not.toContain('signByScan');

    // 丢弃 the malformed one: it asks first; 取消 keeps it, 确定丢弃 removes it for good.
    const badRow = within(drawer).getByText('服务器拒绝：快递单号格式不正确').closest('[data-testid="outbox-row"]') as HTMLElement;
    await userEvent.click(within(badRow).getByRole('button', { name: '丢弃' }));
    await userEvent.click(within(badRow).getByRole('button', { name: '取消' }));
    expect(await outbox.db.entries.get(bad.seq!)).toBeTruthy();
    await userEvent.click(within(badRow).getByRole('button', { name: '丢弃' }));
    expect(within(badRow).getByRole('alertdialog').textContent).toContain('确定丢弃这条操作');
    await userEvent.click(within(badRow).getByRole('button', { name: '确定丢弃' }));
    await waitFor(() => expect(screen.getByTestId('outbox-badge').textContent).toBe('2 待同步 · 1 需处理'));
    expect(await outbox.db.entries.get(bad.seq!)).toBeUndefined();

    // 重试 the refused one while offline: it waits with the others.
    await userEvent.click(within(refusedRow).getByRole('button', { name: '重试' }));
    await waitFor(() => expect(screen.getByTestId('outbox-badge').textContent).toBe('3 待同步 · 0 需处理'));
    expect(sent).toEqual([]);

    // 立即同步 once online: everything goes, in order, and the badge's counts drop to zero.
    online = true;
    await userEvent.click(within(drawer).getByTestId('outbox-sync-now'));
    await waitFor(() => expect(sent).toEqual(['YT0001', 'YT0002', 'YT0003']));
    await waitFor(() => expect(screen.getByTestId('outbox-badge').textContent).toBe('0 待同步 · 0 需处理'));
    expect(within(drawer).getAllByTestId('outbox-row').length).toBe(3); // 最近同步
  });
});
