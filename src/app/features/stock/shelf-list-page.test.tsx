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
import { shelf, stockWarehouse } from '../../test/stock-fixtures.ts';
import { ShelfListPage } from './shelf-list-page.tsx';
import type { ShelfSearch } from './search.ts';

const SHELVES = [shelf({ id: 1, shelfPosition: 'A-01-01', productCount: 1, inventory: 4 }), shelf({ id: 2, shelfPosition: 'A-01-02' })];

function fakeApi(extra: Record<string, FakeHandler> = {}) {
  return createFakeApi({
    'AbpUserConfiguration.getAll': () => fakeConfiguration({ userId: 1, tenantId: 1, values: zhHans }),
    'Shelves.getList': () => ({ totalCount: SHELVES.length, items: SHELVES }),
    'WarehouseInfo.getWarehouseInfoList': () => ({ totalCount: 1, items: [stockWarehouse] }),
    ...extra,
  });
}
const callsOf = (all: ApiRequest[], name: string) => all.filter((c) => `${c.service}.${c.action}` === name);
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

function Shelves({ initial = {} }: { initial?: ShelfSearch }) {
  const [search, setSearch] = useState<ShelfSearch>(initial);
  return <ShelfListPage search={search} onSearchChange={setSearch} />;
}

describe('货架管理', () => {
  beforeEach(() => emulateViewport(1280));

  it('adds a range: previews it by the shared rule, sends Shelves/Add, and says what was added and what existed', async () => {
    const user = userEvent.setup();
    const { api, calls } = fakeApi({
      'Shelves.add': () => ({ items: [shelf({ id: 3, shelfPosition: 'A-02-02' }), shelf({ id: 4, shelfPosition: 'A-02-03' })], existing: ['A-02-01'] }),
    });
    renderWithProviders(<Shelves initial={{ warehouseInfoId: 7 }} />, { api });
    await rowOf('A-01-01');
    await user.click(screen.getByRole('button', { name: '新增货架' }));
    const dialog = await screen.findByRole('dialog', { name: '新增货架' });
    await waitFor(() => expect((within(dialog).getByRole('combobox', { name: /仓库/ }) as HTMLInputElement).value).toBe('义乌仓'));
    await user.type(within(dialog).getByLabelText(/^货架号/), 'a-02-01');
    await user.type(within(dialog).getByLabelText(/结束货架号/), 'B-02-03');
    expect(within(dialog).getByTestId('shelf-range').textContent).toMatch(/只能在最后一组数字上不同/);
    await user.clear(within(dialog).getByLabelText(/结束货架号/));
    await user.type(within(dialog).getByLabelText(/结束货架号/), 'A-02-03');
    expect(within(dialog).getByTestId('shelf-range').textContent).toBe('共 3 个：A-02-01、A-02-02、A-02-03');
    await user.click(within(dialog).getByRole('button', { name: '新增' }));
    expect((await screen.findByTestId('shelves-added')).textContent).toBe('已新增 2 个货架');
    expect(screen.getByText('已存在，未重复添加：A-02-01')).toBeTruthy();
    expect(callsOf(calls, 'Shelves.add').map((c) => c.body)).toEqual([{ warehouseInfoId: 7, shelfPosition: 'A-02-01', endShelfPosition: 'A-02-03' }]);
  });

  it('deleting a shelf that holds stock shows the refusal in the dialog; an empty one deletes', async () => {
    const user = userEvent.setup();
    const { api, calls } = fakeApi({
      'Shelves.delete': (r: ApiRequest) => {
        if ((r.body as { id: number }).id === 1) throw new ApiError('货架 A-01-01 上还有商品，不能删除', 'http', 409);
        return null;
      },
    });
    renderWithProviders(<Shelves />, { api });
    await user.click(within(await rowOf('A-01-01')).getByRole('button', { name: '删除' }));
    const first = await screen.findByRole('dialog', { name: '删除货架' });
    await user.click(within(first).getByRole('button', { name: '删除' }));
    expect(await within(first).findByText('货架 A-01-01 上还有商品，不能删除')).toBeTruthy();
    await user.click(within(first).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '删除货架' })).toBeNull());

    await user.click(within(await rowOf('A-01-02')).getByRole('button', { name: '删除' }));
    await user.click(within(await screen.findByRole('dialog', { name: '删除货架' })).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(callsOf(calls, 'Shelves.delete').map((c) => c.body)).toEqual([{ id: 1 }, { id: 2 }]));
    // 清空 has nothing to do on an empty shelf.
    expect((within(await rowOf('A-01-02')).getByRole('button', { name: '清空' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('prints the labels of a range of shelves (File/GetShelfLabel) in a new tab', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const { api } = fakeApi();
    renderWithProviders(<Shelves initial={{ warehouseInfoId: 7 }} />, { api });
    await rowOf('A-01-01');
    await user.click(screen.getByRole('button', { name: '打印货架标签' }));
    const dialog = await screen.findByRole('dialog', { name: '打印货架标签' });
    await waitFor(() => expect((within(dialog).getByRole('combobox', { name: /仓库/ }) as HTMLInputElement).value).toBe('义乌仓'));
    await user.type(within(dialog).getByLabelText(/^货架号/), 'A-01-01');
    await user.type(within(dialog).getByLabelText(/结束货架号/), 'A-01-20');
    await user.click(within(dialog).getByRole('button', { name: '打印' }));
    expect(open).toHaveBeenCalledWith('/api/File/GetShelfLabel?warehouseInfoId=7&shelfPosition=A-01-01&endShelfPosition=A-01-20', '_blank', 'noopener');
    open.mockRestore();
  });
});
