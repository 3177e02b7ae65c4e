// 选择列 (issue 44 §3): a wide list's columns are chosen per signed-in user and remembered in this
// browser — two users on one browser each keep their own; 操作 is never offered.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderDto } from '#shared/contracts/orders.ts';
import { zhHans } from '#shared/i18n/zh-Hans.ts';
import { fakeConfiguration } from '../../lib/test-config.ts';
import { createFakeApi, renderWithProviders } from '../../test/render.tsx';
import { emulateViewport } from '../../components/list-page/testing.ts';
import { OrderListPage } from './order-list-page.tsx';

const ORDER: OrderDto = {
  id: 1, tradeNo: 'T202405060001', orderNumber: 'SP-1001', userId: 7, userCode: 'S00001', storeId: 3, storeName: '小明的店', warehouseInfoId: 1,
  warehouseName: '义乌仓', site: 'TW', orderType: 1, cargoCategory: 1, shippingMethods: 1, orderStatus: 2, packageStatus: 1, isUrgent: false,
  reMark: null, pdfGuid: null, holdReason: null, shelfNumber: 'A-01', creationTime: '2024-05-06T06:03:00Z', lastModificationTime: null, orderProductInfosList: [],
};
const noAuth = { getToken: () => null, getTenantId: () => 1, getCulture: () => 'zh-Hans' };

function renderAs(userId: number) {
  const { api } = createFakeApi({
    'AbpUserConfiguration.getAll': () => fakeConfiguration({ userId, tenantId: 1, values: zhHans }),
    'BackOrder.getOrderList': () => ({ totalCount: 1, items: [ORDER] }),
  });
  renderWithProviders(<OrderListPage search={{}} onSearchChange={() => {}} exportSource={noAuth} />, { api });
}
// Sortable headers are buttons, not columnheaders, to a screen reader: read the header cells themselves.
const header = (name: string) => [...document.querySelectorAll('thead th')].find((h) => h.textContent?.trim().startsWith(name)) ?? null;

describe('选择列', () => {
  beforeEach(() => { emulateViewport(1440); localStorage.clear(); });
  afterEach(() => localStorage.clear());

  it('hides a column for this user only, and remembers it', async () => {
    const user = userEvent.setup();
    renderAs(1);
    await screen.findByText('T202405060001');
    expect(header('订单号')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '选择列' }));
    const group = await screen.findByRole('group', { name: '显示的列', hidden: true });
    expect(within(group).queryByRole('checkbox', { name: '操作', hidden: true })).toBeNull();
    await user.click(within(group).getByRole('checkbox', { name: '订单号', hidden: true }));
    await waitFor(() => expect(header('订单号')).toBeNull());
    expect(header('交易号')).toBeTruthy();
    cleanup();

    // Another user on the same browser sees every column.
    renderAs(2);
    await screen.findByText('T202405060001');
    expect(header('订单号')).toBeTruthy();
    cleanup();

    // The first user, back, still without it.
    renderAs(1);
    await screen.findByText('T202405060001');
    await waitFor(() => expect(header('订单号')).toBeNull());
  });
});
