import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiRequest } from '#shared/api-client.ts';
import { zhHans } from '#shared/i18n/zh-Hans.ts';
import { ApiError } from '../../lib/api.ts';
import { fakeConfiguration } from '../../lib/test-config.ts';
import { emulateViewport } from '../../components/list-page/testing.ts';
import { createFakeApi, renderWithProviders, type FakeHandler } from '../../test/render.tsx';
import { listedHistory, stockProduct } from '../../test/stock-fixtures.ts';
import { SellerProductListPage, StaffProductListPage } from './product-list-pages.tsx';
import type { SellerProductSearch, StaffProductSearch } from './search.ts';

const PRODUCTS = [
  stockProduct({ id: 5, productSku: 'SKU-1', status: 1, safeStockNumber: 10, available: 8 }),
  stockProduct({ id: 6, productSku: 'SKU-2', barCode: 'HC00000006', status: 2 }),
];

function fakeApi(extra: Record<string, FakeHandler> = {}) {
  return createFakeApi({
    'AbpUserConfiguration.getAll': () => fakeConfiguration({ userId: 1, tenantId: 1, values: zhHans }),
    'FrontStockProduct.getStockProductList': () => ({ totalCount: PRODUCTS.length, items: PRODUCTS }),
    'BackStockProduct.getStockProductList': () => ({ totalCount: PRODUCTS.length, items: PRODUCTS }),
    'WarehouseInfo.getWarehouseInfoList': () => ({ totalCount: 0, items: [] }),
    ...extra,
  });
}
const callsOf = (all: ApiRequest[], name: string) => all.filter((c) => `${c.service}.${c.action}` === name);
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;
/** Clicks a row action, inline or in the row's 更多 menu. */
async function rowAction(user: ReturnType<typeof userEvent.setup>, row: HTMLElement, name: string) {
  const inline = within(row).queryByRole('button', { name });
  if (inline) return user.click(inline);
  await user.click(within(row).getByRole('button', { name: '更多操作' }));
  await user.click(await screen.findByRole('menuitem', { name }));
}

function Seller() {
  const [search, setSearch] = useState<SellerProductSearch>({});
  return <SellerProductListPage search={search} onSearchChange={setSearch} />;
}

describe('囤货商品 (seller)', () => {
  beforeEach(() => emulateViewport(1280));

  it('shows the figures, sets a product unavailable or available by its status, and edits the safe stock', async () => {
    const user = userEvent.setup();
    const { api, calls } = fakeApi({
      'FrontStockProduct.updateStockProductNotAvailable': () => stockProduct({ status: 2 }),
      'FrontStockProduct.updateStockProductAvailable': () => stockProduct({ id: 6, status: 1 }),
      'FrontStockProduct.editSafeStockNum': () => stockProduct({ safeStockNumber: 5 }),
    });
    renderWithProviders(<Seller />, { api });
    const first = await rowOf('SKU-1');
    expect(within(first).getByText('可用')).toBeTruthy();
    const second = await rowOf('SKU-2');
    expect(within(second).getByText('不可用')).toBeTruthy();

    await rowAction(user, first, '设为不可用');
    await waitFor(() => expect(callsOf(calls, 'FrontStockProduct.updateStockProductNotAvailable').map((c) => c.query)).toEqual([{ stockId: 5 }]));
    await rowAction(user, second, '设为可用');
    await waitFor(() => expect(callsOf(calls, 'FrontStockProduct.updateStockProductAvailable').map((c) => c.query)).toEqual([{ stockId: 6 }]));

    await rowAction(user, await rowOf('SKU-1'), '安全库存');
    const dialog = await screen.findByRole('dialog', { name: '安全库存：SKU-1（HC00000005）' });
    const field = within(dialog).getByLabelText(/安全库存（件）/);
    await user.clear(field);
    await user.type(field, '5');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(callsOf(calls, 'FrontStockProduct.editSafeStockNum').map((c) => c.query)).toEqual([{ id: 5, safestockNumber: 5 }]));
  });

  it('出入库记录 lists the product\'s signed movements (GetInOutStockRecord)', async () => {
    const user = userEvent.setup();
    const { api, calls } = fakeApi({
      'FrontStockProduct.getInOutStockRecord': () => ({
        totalCount: 2, items: [listedHistory({ id: 2, type: 3, quantity: -2, inventoryAfter: 8, tradeNo: null, remark: '盘点少 2 件' }), listedHistory({ id: 1 })],
      }),
    });
    renderWithProviders(<Seller />, { api });
    await rowAction(user, await rowOf('SKU-1'), '出入库记录');
    const table = await screen.findByTestId('in-out-records');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(within(table).getByText('-2')).toBeTruthy();
    expect(within(table).getByText('+10')).toBeTruthy();
    expect(within(table).getByText('盘点调整')).toBeTruthy();
    expect(callsOf(calls, 'FrontStockProduct.getInOutStockRecord')[0]!.query).toMatchObject({ stockId: 5 });
  });
});

describe('库存商品 (staff)', () => {
  beforeEach(() => emulateViewport(1280));

  it('盘点 sends the counted quantity and the reason, shows the difference, and a refusal stays in the dialog', async () => {
    const user = userEvent.setup();
    let refuse = true;
    const { api, calls } = fakeApi({
      'BackStockProduct.createStockNum': () => {
        if (refuse) { refuse = false; throw new ApiError('盘点数量不能少于未完成订单占用的 2 件', 'http', 409); }
        return stockProduct({ inventory: 8 });
      },
    });
    const onShowHistory = vi.fn();
    function Staff() {
      const [search, setSearch] = useState<StaffProductSearch>({});
      return <StaffProductListPage search={search} onSearchChange={setSearch} onShowHistory={onShowHistory} />;
    }
    renderWithProviders(<Staff />, { api });
    const row = await rowOf('SKU-1');
    await rowAction(user, row, '盘点');
    const dialog = await screen.findByRole('dialog', { name: '盘点：SKU-1（HC00000005）' });
    const counted = within(dialog).getByLabelText(/实盘数量/);
    await user.clear(counted);
    await user.type(counted, '8');
    expect(within(dialog).getByText('将调整 -2 件')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: '确认盘点' }));
    expect(await within(dialog).findByText('请填写盘点原因')).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/原因/), '月末盘点');
    await user.click(within(dialog).getByRole('button', { name: '确认盘点' }));
    expect(await within(dialog).findByText('盘点数量不能少于未完成订单占用的 2 件')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: '确认盘点' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /盘点：/ })).toBeNull());
    expect(callsOf(calls, 'BackStockProduct.createStockNum').map((c) => c.query)).toEqual([
      { id: 5, stocknum: 8, reason: '月末盘点' }, { id: 5, stocknum: 8, reason: '月末盘点' },
    ]);

    await rowAction(user, await rowOf('SKU-1'), '出入库记录');
    expect(onShowHistory).toHaveBeenCalledWith(PRODUCTS[0]);
  });
});
