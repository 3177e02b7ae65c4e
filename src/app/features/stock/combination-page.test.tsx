import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiRequest } from '#shared/api-client.ts';
import type { CombinationDto } from '#shared/contracts/stock-orders.ts';
import { zhHans } from '#shared/i18n/zh-Hans.ts';
import { ApiError } from '../../lib/api.ts';
import { fakeConfiguration } from '../../lib/test-config.ts';
import { emulateViewport } from '../../components/list-page/testing.ts';
import { createFakeApi, renderWithProviders, type FakeHandler } from '../../test/render.tsx';
import { stockProduct } from '../../test/stock-fixtures.ts';
import { SellerStockProductScreen } from './combination-page.tsx';
import type { SellerProductSearch } from './search.ts';

const PRODUCTS = [
  stockProduct({ id: 5, productSku: 'SKU-1', productName: '蓝色杯子', available: 8 }),
  stockProduct({ id: 6, productSku: 'SKU-2', productName: '杯盖', barCode: 'HC00000006', available: 3 }),
];
const GIFT_SET: CombinationDto = {
  id: 31, productSku: 'SET-1', productName: '杯子礼盒', available: 3, creationTime: '2026-11-20T08:00:00.000Z',
  items: [
    { stockProductId: 5, productSku: 'SKU-1', productName: '蓝色杯子', quantity: 2, available: 8 },
    { stockProductId: 6, productSku: 'SKU-2', productName: '杯盖', quantity: 1, available: 3 },
  ],
};

function fakeApi(extra: Record<string, FakeHandler> = {}) {
  return createFakeApi({
    'AbpUserConfiguration.getAll': () => fakeConfiguration({ userId: 1, tenantId: 1, values: zhHans }),
    'FrontStockProduct.getStockProductList': () => ({ totalCount: PRODUCTS.length, items: PRODUCTS }),
    'FrontStockProduct.getCombinationList': () => ({ totalCount: 1, items: [GIFT_SET] }),
    ...extra,
  });
}
const callsOf = (all: ApiRequest[], name: string) => all.filter((c) => `${c.service}.${c.action}` === name);

/** The screen with its search params kept in state; every change of them is recorded in `seen`. */
function Screen({ initial = { view: 'combinations' }, seen = [] }: { initial?: SellerProductSearch; seen?: SellerProductSearch[] }) {
  const [search, setSearch] = useState<SellerProductSearch>(initial);
  return <SellerStockProductScreen search={search} onSearchChange={(next) => { seen.push(next); setSearch(next); }} />;
}

async function choose(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, label: string, option: RegExp) {
  const box = within(dialog).getByRole('combobox', { name: label });
  await user.click(box);
  // Each select keeps its own list in the page: pick from the one this box opened.
  const list = await waitFor(() => document.getElementById(box.getAttribute('aria-controls') ?? '')!);
  await user.click(await within(list).findByRole('option', { name: option, hidden: true }));
}

describe('组合商品 (seller)', () => {
  beforeEach(() => emulateViewport(1280));

  it('opens from the 囤货商品 screen\'s tab and lists each combination with its parts and how many it makes', async () => {
    const user = userEvent.setup();
    const { api, calls } = fakeApi();
    const seen: SellerProductSearch[] = [];
    renderWithProviders(<Screen initial={{}} seen={seen} />, { api });
    expect(await screen.findByText('SKU-2')).toBeTruthy();
    expect(callsOf(calls, 'FrontStockProduct.getCombinationList')).toHaveLength(0);

    await user.click(screen.getByRole('tab', { name: '组合商品' }));
    expect(seen).toEqual([{ view: 'combinations' }]);
    const row = (await screen.findByText('SET-1')).closest('tr')!;
    expect(within(row).getByText('杯子礼盒')).toBeTruthy();
    expect(within(row).getByText('SKU-1×2、SKU-2×1')).toBeTruthy();
    expect(within(row).getByText('3')).toBeTruthy();
  });

  it('creates a combination: says what is missing, shows the server\'s refusal in the dialog, then saves the parts', async () => {
    const user = userEvent.setup();
    let refuse = true;
    const { api, calls } = fakeApi({
      'FrontStockProduct.editCombinationStock': () => {
        if (refuse) { refuse = false; throw new ApiError('组合商品 SKU SET-2 已存在。', 'http', 409); }
        return { id: 32 };
      },
    });
    renderWithProviders(<Screen />, { api });
    await user.click(await screen.findByRole('button', { name: '新建组合' }));
    const dialog = await screen.findByRole('dialog', { name: '新建组合商品' });
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请输入组合 SKU')).toBeTruthy();
    expect(within(dialog).getByText('请选择商品')).toBeTruthy();
    expect(callsOf(calls, 'FrontStockProduct.editCombinationStock')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /组合 SKU/ }), 'SET-2');
    await user.type(within(dialog).getByRole('textbox', { name: /组合名称/ }), '双杯套装');
    await choose(user, dialog, '商品 1', /SKU-1 · 蓝色杯子/);
    await user.click(within(dialog).getByRole('button', { name: '添加商品' }));
    await choose(user, dialog, '商品 2', /SKU-2 · 杯盖/);
    const second = within(dialog).getByRole('textbox', { name: '件数 2' });
    await user.clear(second);
    await user.type(second, '0');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('数量须为 1–100000 的整数')).toBeTruthy();
    await user.clear(second);
    await user.type(second, '2');

    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('组合商品 SKU SET-2 已存在。')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '新建组合商品' })).toBeNull());
    const sent = { productSku: 'SET-2', productName: '双杯套装', items: [{ stockProductId: 5, quantity: 1 }, { stockProductId: 6, quantity: 2 }] };
    expect(callsOf(calls, 'FrontStockProduct.editCombinationStock').map((c) => c.body)).toEqual([sent, sent]);
    // The list is read again after the change.
    await waitFor(() => expect(callsOf(calls, 'FrontStockProduct.getCombinationList').length).toBeGreaterThan(1));
  });

  it('edits a combination with its parts filled in, and removes one after asking', async () => {
    const user = userEvent.setup();
    const { api, calls } = fakeApi({
      'FrontStockProduct.editCombinationStock': () => ({ id: 31 }),
      'FrontStockProduct.cancleCombinationStock': () => null,
    });
    renderWithProviders(<Screen />, { api });
    const row = (await screen.findByText('SET-1')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog', { name: '编辑组合：SET-1' });
    expect(within(dialog).getAllByTestId('combination-part')).toHaveLength(2);
    await user.click(within(dialog).getByRole('button', { name: '删除第 2 行' }));
    const first = within(dialog).getByRole('textbox', { name: '件数 1' });
    await user.clear(first);
    await user.type(first, '3');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '编辑组合：SET-1' })).toBeNull());
    expect(callsOf(calls, 'FrontStockProduct.editCombinationStock').map((c) => c.body)).toEqual([
      { id: 31, productSku: 'SET-1', productName: '杯子礼盒', items: [{ stockProductId: 5, quantity: 3 }] },
    ]);

    await user.click(within((await screen.findByText('SET-1')).closest('tr')!).getByRole('button', { name: '删除' }));
    const confirm = await screen.findByRole('dialog', { name: '删除组合' });
    expect(within(confirm).getByText(/已下的订单不受影响/)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(callsOf(calls, 'FrontStockProduct.cancleCombinationStock').map((c) => c.body)).toEqual([{ id: 31 }]));
  });
});
