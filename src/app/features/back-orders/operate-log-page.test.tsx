// 操作日志 (/back/orderOperateList): the audit rows read as labels, the filters (a date range of
// whole days in the tenant's zone) reach the server, and a capped count reads "10000+".
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import type { ApiRequest } from '#shared/api-client.ts';
import { zhHans } from '#shared/i18n/zh-Hans.ts';
import { fakeConfiguration } from '../../lib/test-config.ts';
import { createFakeApi, renderWithProviders } from '../../test/render.tsx';
import { emulateViewport } from '../../components/list-page/testing.ts';
import { OperateLogPage } from './operate-log-page.tsx';
import type { OperateListSearch } from './search.ts';

const ROWS = [
  { id: 2, entity: 'parcel', entityId: 9, tradeNo: 'ML26030100001', orderNumber: 'SF1234567890', action: 'signIn', statusBefore: '0', statusAfter: '1', note: null, userName: '拣货员小李', creationTime: '2026-03-02T02:30:00Z' },
  { id: 3, entity: 'stock', entityId: 4, tradeNo: 'ST26030100001', orderNumber: 'YT5550001111', action: 'shelve', statusBefore: '4', statusAfter: '5', note: null, userName: '上架员小王', creationTime: '2026-03-02T03:00:00Z' },
  { id: 4, entity: 'return', entityId: 7, tradeNo: 'AB26112900001', orderNumber: 'TWRT3079712041', action: 'register', statusBefore: null, statusAfter: '0', note: null, userName: '深圳小王', creationTime: '2026-03-02T04:00:00Z' },
  { id: 1, entity: 'order', entityId: 5, tradeNo: 'ML26030100001', orderNumber: 'SP-1001', action: 'parcelArrived', statusBefore: '1/0', statusAfter: '2/1', note: '已到 1/2 个快递单号，暂存位 H0001', userName: '拣货员小李', creationTime: '2026-03-02T02:30:00Z' },
];

function fakeApi(page: { totalCount: number; totalCountCapped?: boolean } = { totalCount: ROWS.length }) {
  return createFakeApi({
    'AbpUserConfiguration.getAll': () => fakeConfiguration({ userId: 1, tenantId: 1, values: zhHans }),
    'OrderOperate.getList': () => ({ ...page, items: ROWS }),
  });
}
const listCalls = (calls: ApiRequest[]) => calls.filter((c) => c.service === 'OrderOperate').map((c) => c.query as Record<string, unknown>);

function Screen({ initial = {}, onSearch }: { initial?: OperateListSearch; onSearch?: (s: OperateListSearch) => void }) {
  const [search, setSearch] = useState<OperateListSearch>(initial);
  // env="test": the calendar popover does not hide itself for a reference jsdom cannot measure.
  return (
    <MantineProvider env="test" theme={{ respectReducedMotion: true }}>
      <OperateLogPage search={search} onSearchChange={(s) => { onSearch?.(s); setSearch(s); }} />
    </MantineProvider>
  );
}

describe('OperateLogPage', () => {
  beforeEach(() => emulateViewport(1440));

  it('shows each audit row with its action and status change as labels', async () => {
    const { api } = fakeApi();
    renderWithProviders(<Screen />, { api });
    await screen.findByText('SF1234567890');
    const rows = screen.getAllByRole('row');
    const sign = rows.find((r) => within(r).queryByText('SF1234567890'))!;
    expect(within(sign).getByText('签收')).toBeTruthy();
    expect(within(sign).getByText('待签收 → 已签收')).toBeTruthy();
    expect(within(sign).getByText('包裹')).toBeTruthy();
    const arrived = rows.find((r) => within(r).queryByText('SP-1001'))!;
    expect(within(arrived).getByText('包裹到仓')).toBeTruthy();
    expect(within(arrived).getByText('待处理 / 待到货 → 处理中 / 部分到货')).toBeTruthy();
    expect(within(arrived).getByText('已到 1/2 个快递单号，暂存位 H0001')).toBeTruthy();
    // A stock record's shelving reads as names, not "shelve 4 → 5" (issue 44 §2).
    const shelved = rows.find((r) => within(r).queryByText('YT5550001111'))!;
    expect(within(shelved).getByText('上架')).toBeTruthy();
    expect(within(shelved).getByText('已贴标 → 已上架')).toBeTruthy();
    // Every kind of row names what it is about in words: an overseas buyer's return is not "return".
    const returned = rows.find((r) => within(r).queryByText('TWRT3079712041'))!;
    expect(within(returned).getByText('海外仓退件')).toBeTruthy();
    // 2026-03-02T02:30Z in Asia/Shanghai.
    expect(within(arrived).getByText('2026-03-02 10:30')).toBeTruthy();
  });

  it('sends a date range from the URL as whole days in the tenant\'s zone', async () => {
    const { api, calls } = fakeApi();
    renderWithProviders(<Screen initial={{ dateFrom: '2026-03-01', dateTo: '2026-03-05', entity: 'parcel' }} />, { api });
    await screen.findByText('SF1234567890');
    expect(listCalls(calls)[0]).toEqual({
      currentPage: 1, pageSize: 10, entity: 'parcel', timeFrom: '2026-03-01T00:00:00.000+08:00', timeTo: '2026-03-05T23:59:59.999+08:00',
    });
    expect((screen.getByRole('button', { name: '操作日期' }) as HTMLButtonElement).textContent).toBe('2026-03-01 至 2026-03-05');
  });

  it('picks a range on the calendar, applies it from page 1, and resets it', async () => {
    const { api, calls } = fakeApi();
    const onSearch = vi.fn();
    renderWithProviders(<Screen initial={{ page: 3, dateFrom: '2026-03-01', dateTo: '2026-03-05' }} onSearch={onSearch} />, { api });
    await screen.findByText('SF1234567890');
    await userEvent.click(screen.getByRole('button', { name: '操作日期' }));
    await userEvent.click(await screen.findByRole('button', { name: '10 三月 2026' }));
    // Half a range is not applied yet.
    expect(onSearch).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: '12 三月 2026' }));
    expect(onSearch).toHaveBeenLastCalledWith({ page: undefined, dateFrom: '2026-03-10', dateTo: '2026-03-12' });
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ currentPage: 1, timeFrom: '2026-03-10T00:00:00.000+08:00', timeTo: '2026-03-12T23:59:59.999+08:00' }));

    await userEvent.click(screen.getByRole('button', { name: '重置' }));
    expect(onSearch).toHaveBeenLastCalledWith({ page: undefined, dateFrom: undefined, dateTo: undefined, number: undefined, entity: undefined });
    await waitFor(() => expect(listCalls(calls).at(-1)).toEqual({ currentPage: 1, pageSize: 10 }));
  });

  it('says "10000+" when the server stopped counting', async () => {
    const { api } = fakeApi({ totalCount: 10_000, totalCountCapped: true });
    renderWithProviders(<Screen />, { api });
    expect(await screen.findByText('第 1–4 条，共 10000+ 条（请缩小筛选范围）')).toBeTruthy();
  });
});
