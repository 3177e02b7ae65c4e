// 囤货订单 (staff list): its row actions are the shared rules' (issue 44 §7) — 撤销打包 only where
// canOrder('unpick') allows it, so never on a cancelled order that still reads 已打包.
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { StockOrderDto } from '#shared/contracts/stock-orders.ts';
import { zhHans } from '#shared/i18n/zh-Hans.ts';
import { fakeConfiguration } from '../../lib/test-config.ts';
import { createFakeApi, renderWithProviders } from '../../test/render.tsx';
import { emulateViewport } from '../../components/list-page/testing.ts';
import { StaffStockOrderListPage } from './stock-order-pages.tsx';

// The list reads the auth store only to download its export, which these tests do not press.
vi.mock('../../lib/use-auth.ts', () => ({ useAuth: () => ({}) }));

const stockOrder = (over: Partial<StockOrderDto>): StockOrderDto => ({
  id: 1, tradeNo: 'ST26112200001', orderNumber: 'SP-2001', userId: 7, userCode: 'S00001', storeId: 3, storeName: '小明的店', warehouseInfoId: 1,
  warehouseName: '义乌仓', site: 'TW', orderType: 3, cargoCategory: 1, shippingMethods: 1, orderStatus: 2, packageStatus: 3, isUrgent: false,
  reMark: null, pdfGuid: null, holdReason: null, shelfNumber: null, creationTime: '2026-11-22T02:00:00Z', lastModificationTime: null,
  orderProductInfosList: [], items: [], ...over,
});

function Screen() {
  const [search, setSearch] = useState({});
  return <StaffStockOrderListPage search={search} onSearchChange={setSearch} />;
}

describe('囤货订单 (staff)', () => {
  beforeEach(() => emulateViewport(1440));

  it('offers 撤销打包 only on a packed, open order — not on a cancelled or held one', async () => {
    const orders = [
      stockOrder({}),
      stockOrder({ id: 2, tradeNo: 'ST26112200002', orderNumber: 'SP-2002', orderStatus: 6 }),
      stockOrder({ id: 3, tradeNo: 'ST26112200003', orderNumber: 'SP-2003', orderStatus: 7 }),
    ];
    const { api } = createFakeApi({
      'AbpUserConfiguration.getAll': () => fakeConfiguration({ userId: 1, tenantId: 1, values: zhHans }),
      'BackStockOrder.getStockOrderList': () => ({ totalCount: orders.length, items: orders }),
    });
    renderWithProviders(<Screen />, { api });
    const row = async (tradeNo: string) => (await screen.findByText(tradeNo)).closest('tr')!;
    expect(within(await row('ST26112200001')).getByRole('button', { name: '撤销打包' })).toBeTruthy();
    expect(within(await row('ST26112200002')).queryByRole('button', { name: '撤销打包' })).toBeNull();
    expect(within(await row('ST26112200003')).queryByRole('button', { name: '撤销打包' })).toBeNull();
  });
});
