import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiRequest } from '#shared/api-client.ts';
import { zhHans } from '#shared/i18n/zh-Hans.ts';
import { ApiError } from '../../lib/api.ts';
import { fakeConfiguration } from '../../lib/test-config.ts';
import { createFakeApi, renderWithProviders } from '../../test/render.tsx';
import { emulateViewport } from '../../components/list-page/testing.ts';
import { OrderListPage } from './order-list-page.tsx';
import type { OrderListSearch } from './order-search.ts';
import { buildOrder, buildStore } from './test-data.ts';

const ORDERS = [
  buildOrder({}),
  buildOrder({ id: 102, tradeNo: 'CB24050600002', orderNumber: 'PACKED01', orderStatus: 2, packageStatus: 3, isUrgent: true, shelfNumber: 'A-03' }),
];

function setup(initial: OrderListSearch = {}) {
  const exported: unknown[] = [];
  const fake = createFakeApi({
    'AbpUserConfiguration.getAll': () => fakeConfiguration({ userId: 5, tenantId: 1, values: zhHans }),
    'FrontOrder.getStoreList': () => [buildStore()],
    'FrontOrder.getOrderStatistics': () => ({ total: 9, byOrderStatus: { 1: 4, 2: 3, 6: 2 }, byPackageStatus: {} }),
    'FrontOrder.getOrderList': () => ({ totalCount: ORDERS.length, items: ORDERS }),
    'FrontOrder.cancelOrder': () => { throw new ApiError('订单已打包，不能取消', 'http', 409); },
  });
  function Screen() {
    const [search, setSearch] = useState<OrderListSearch>(initial);
    return (
      <OrderListPage
        search={search} onSearchChange={setSearch} onOpen={() => {}} onEdit={() => {}} onCreate={() => {}}
        onExport={async (filters) => { exported.push(filters); }}
      />
    );
  }
  renderWithProviders(<Screen />, { api: fake.api });
  return { ...fake, exported };
}

const listCalls = (calls: ApiRequest[]) => calls.filter((c) => c.action === 'getOrderList');

describe('我的订单', () => {
  beforeEach(() => {
    emulateViewport(1280);
  });

  it('shows a tab per order status with its count, and a tab filters the list', async () => {
    const user = userEvent.setup();
    const { calls, exported } = setup();
    await waitFor(() => expect(screen.getByRole('tab', { name: /全部/ }).textContent).toBe('全部9'));
    expect(screen.getByRole('tab', { name: /待处理/ }).textContent).toBe('待处理4');
    expect(screen.getByRole('tab', { name: /处理中/ }).textContent).toBe('处理中3');
    expect(screen.getByRole('tab', { name: /已取消/ }).textContent).toBe('已取消2');
    expect(screen.getByRole('tab', { name: /问题件/ }).textContent).toBe('问题件0');
    expect(screen.getByRole('tab', { name: /全部/ }).getAttribute('aria-selected')).toBe('true');

    await user.click(screen.getByRole('tab', { name: /已取消/ }));
    await waitFor(() => expect(listCalls(calls).at(-1)!.query).toEqual({ currentPage: 1, pageSize: 10, orderStatus: 6 }));
    expect(screen.getByRole('tab', { name: /已取消/ }).getAttribute('aria-selected')).toBe('true');

    await user.click(screen.getByRole('button', { name: '导出' }));
    await waitFor(() => expect(exported).toEqual([{ orderStatus: 6, number: undefined, storeId: undefined, site: undefined }]));
  });

  it('filters by 创建日期: whole days in the tenant\'s zone, for the list and its export alike', async () => {
    const user = userEvent.setup();
    const march = { timeFrom: '2026-03-01T00:00:00.000+08:00', timeTo: '2026-03-05T23:59:59.999+08:00' };
    const { calls, exported } = setup({ dateFrom: '2026-03-01', dateTo: '2026-03-05' });
    await waitFor(() => expect(listCalls(calls).at(-1)!.query).toEqual({ currentPage: 1, pageSize: 10, ...march }));
    expect(screen.getAllByText('创建日期').length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: '导出' }));
    await waitFor(() => expect(exported).toEqual([{ orderStatus: undefined, number: undefined, storeId: undefined, site: undefined, ...march }]));
  });

  it('shows statuses as badges, offers 编辑 only before packing, and shows the server\'s refusal of a cancel', async () => {
    const user = userEvent.setup();
    setup();
    const open = (await screen.findByText('CB24050600001')).closest('tr')!;
    const packed = screen.getByText('CB24050600002').closest('tr')!;
    expect(within(open).getByText('待处理')).toBeTruthy();
    expect(within(open).getByText('待到货')).toBeTruthy();
    expect(within(packed).getByText('已打包')).toBeTruthy();
    expect(within(packed).getByText('加急')).toBeTruthy();
    expect(within(open).getByRole('button', { name: '编辑' })).toBeTruthy();
    expect(within(packed).queryByRole('button', { name: '编辑' })).toBeNull();

    // A plain click: user-event's pointer sequence on this row's menu button opens and at once
    // closes the menu in jsdom (a real browser opens it; e2e/seller-orders.spec.ts clicks it there).
    const row = () => screen.getByText('CB24050600001').closest('tr')!;
    fireEvent.click(within(row()).getByRole('button', { name: '更多操作' }));
    await user.click(await screen.findByRole('menuitem', { name: '取消' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: '取消订单' }));
    expect(await within(dialog).findByText('订单已打包，不能取消')).toBeTruthy();
  });
});
