import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fileUrl } from '#shared/file-links.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiRequest } from '#shared/api-client.ts';
import type { OrderDto } from '#shared/contracts/orders.ts';
import { zhHans } from '#shared/i18n/zh-Hans.ts';
import { ApiError } from '../../lib/api.ts';
import { fakeConfiguration } from '../../lib/test-config.ts';
import { createFakeApi, renderWithProviders, type FakeHandler } from '../../test/render.tsx';
import { emulateViewport } from '../../components/list-page/testing.ts';
import { OrderListPage } from './order-list-page.tsx';
import type { OrderListSearch } from './search.ts';

const buildOrder = (over: Partial<OrderDto>): OrderDto => ({
  id: 1, tradeNo: 'T202405060001', orderNumber: 'SP-1001', userId: 7, userCode: 'S00001', storeId: 3, storeName: '小明的店', warehouseInfoId: 1,
  warehouseName: '义乌仓', site: 'TW', orderType: 1, cargoCategory: 1, shippingMethods: 1, orderStatus: 2, packageStatus: 1, isUrgent: false,
  reMark: null, pdfGuid: null, holdReason: null, shelfNumber: 'A-01', creationTime: '2024-05-06T06:03:00Z', lastModificationTime: null,
  orderProductInfosList: [], ...over,
});

const ORDERS = [
  buildOrder({ id: 1, isUrgent: true, packageStatus: 2 }),
  buildOrder({ id: 2, tradeNo: 'T202405060002', orderNumber: 'SP-1002', orderStatus: 1, packageStatus: 0, shelfNumber: null, site: 'MY' }),
];

function fakeApi(extra: Record<string, FakeHandler> = {}) {
  return createFakeApi({
    'AbpUserConfiguration.getAll': () => fakeConfiguration({ userId: 1, tenantId: 1, values: zhHans }),
    'BackOrder.getOrderList': () => ({ totalCount: ORDERS.length, items: ORDERS }),
    ...extra,
  });
}

const noAuth = { getToken: () => null, getTenantId: () => 1, getCulture: () => 'zh-Hans' };

function Screen({ initial = {} }: { initial?: OrderListSearch }) {
  const [search, setSearch] = useState<OrderListSearch>(initial);
  return <OrderListPage search={search} onSearchChange={setSearch} exportSource={noAuth} />;
}

const callsOf = (all: ApiRequest[], name: string) => all.filter((c) => `${c.service}.${c.action}` === name);
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

describe('订单管理', () => {
  beforeEach(() => {
    emulateViewport(1280);
  });

  it('sorts by a header: the sorting goes in the search and is sent, back to page 1 (issue 44 §3)', async () => {
    const user = userEvent.setup();
    const { api, calls } = fakeApi();
    renderWithProviders(<Screen initial={{ page: 2 }} />, { api });
    await rowOf('T202405060001');
    expect((callsOf(calls, 'BackOrder.getOrderList').at(-1)!.query as { sorting?: string }).sorting).toBeUndefined();

    // A sortable header is a button (mantine-datatable's sortStatus).
    const header = (name: RegExp) => screen.getByRole('button', { name });
    await user.click(header(/^创建时间/));
    await waitFor(() => expect(callsOf(calls, 'BackOrder.getOrderList').at(-1)!.query).toEqual({ currentPage: 1, pageSize: 10, sorting: 'creationTime asc' }));
    // The header shows the order it is sorted in (no longer "Not sorted"); the others do not.
    expect(screen.queryByRole('button', { name: '创建时间 Not sorted' })).toBeNull();
    expect(screen.getByRole('button', { name: '交易号 Not sorted' })).toBeTruthy();
    await user.click(header(/^创建时间/));
    await waitFor(() => expect(callsOf(calls, 'BackOrder.getOrderList').at(-1)!.query).toEqual({ currentPage: 1, pageSize: 10, sorting: 'creationTime desc' }));
    await user.click(header(/^交易号/));
    await waitFor(() => expect(callsOf(calls, 'BackOrder.getOrderList').at(-1)!.query).toMatchObject({ sorting: expect.stringMatching(/^tradeNo (asc|desc)$/) }));
    // A column the service does not sort by has no sortable header.
    expect(screen.queryByRole('button', { name: /^卖家编码/ })).toBeNull();
    expect(screen.getByRole('columnheader', { name: '卖家编码' })).toBeTruthy();
  });

  it('shows the orders with their labels and sends the filters as request params', async () => {
    const user = userEvent.setup();
    const { api, calls } = fakeApi();
    renderWithProviders(<Screen />, { api });

    const urgent = await rowOf('T202405060001');
    expect(within(urgent).getByText('处理中')).toBeTruthy();
    expect(within(urgent).getByText('已到齐')).toBeTruthy();
    expect(within(urgent).getByText('加急')).toBeTruthy();
    expect(within(urgent).getByText('台湾')).toBeTruthy();
    expect(within(urgent).getByText('跨境订单')).toBeTruthy();
    // Only the urgent order offers 取消加急; only the order still waiting for goods offers 标记已到齐.
    expect(within(urgent).getByRole('button', { name: '取消加急' })).toBeTruthy();
    expect(within(urgent).queryByRole('button', { name: '标记已到齐' })).toBeNull();
    expect(within(await rowOf('T202405060002')).queryByRole('button', { name: '取消加急' })).toBeNull();
    expect(callsOf(calls, 'BackOrder.getOrderList')[0]!.query).toEqual({ currentPage: 1, pageSize: 10 });

    await user.type(screen.getByLabelText('卖家编码'), 'S00001');
    await user.type(screen.getByLabelText('单号'), 'SP-1001');
    await user.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(callsOf(calls, 'BackOrder.getOrderList').at(-1)!.query).toEqual({ currentPage: 1, pageSize: 10, userCode: 'S00001', number: 'SP-1001' }));

    await user.click(screen.getByRole('combobox', { name: '订单状态' }));
    await user.click(await screen.findByRole('option', { name: '问题件', hidden: true }));
    await waitFor(() => expect(callsOf(calls, 'BackOrder.getOrderList').at(-1)!.query).toMatchObject({ orderStatus: 7, userCode: 'S00001' }));
  });

  it('offers 取消加急 only where the shared rule allows it: not on a shipped or cancelled urgent order', async () => {
    const shipped = buildOrder({ id: 3, tradeNo: 'T202405060003', orderNumber: 'SP-1003', isUrgent: true, orderStatus: 4, packageStatus: 5 });
    const cancelled = buildOrder({ id: 4, tradeNo: 'T202405060004', orderNumber: 'SP-1004', isUrgent: true, orderStatus: 6, packageStatus: 2 });
    const { api } = fakeApi({ 'BackOrder.getOrderList': () => ({ totalCount: 3, items: [ORDERS[0]!, shipped, cancelled] }) });
    renderWithProviders(<Screen />, { api });
    expect(within(await rowOf('T202405060001')).getByRole('button', { name: '取消加急' })).toBeTruthy();
    expect(within(await rowOf('T202405060003')).queryByRole('button', { name: '取消加急' })).toBeNull();
    expect(within(await rowOf('T202405060004')).queryByRole('button', { name: '取消加急' })).toBeNull();
  });

  it('changes the status of the selected orders with a reason, and shows the server refusing', async () => {
    const user = userEvent.setup();
    let refuse = true;
    const { api, calls } = fakeApi({
      'BackOrder.procesOrderStatus': () => {
        if (refuse) throw new ApiError('订单 T202405060002 不能从待处理直接改为已发货。', 'http', 409);
        return { count: 2 };
      },
    });
    renderWithProviders(<Screen />, { api });

    await user.click(within(await rowOf('T202405060001')).getByRole('checkbox'));
    await user.click(within(await rowOf('T202405060002')).getByRole('checkbox'));
    await user.click(within(screen.getByRole('region', { name: '批量操作' })).getByRole('button', { name: '修改订单状态' }));

    const dialog = await screen.findByRole('dialog', { name: '修改订单状态' });
    // Nothing is sent without a target and a reason.
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(within(dialog).getByText('请选择目标状态')).toBeTruthy();
    expect(within(dialog).getByText('请填写原因')).toBeTruthy();
    expect(callsOf(calls, 'BackOrder.procesOrderStatus')).toHaveLength(0);

    await user.click(within(dialog).getByRole('combobox', { name: '目标状态' }));
    // The dialog's dropdown is the last one portalled into the page (the filter's comes first).
    await user.click((await screen.findAllByRole('option', { name: '已发货', hidden: true })).at(-1)!);
    await user.type(within(dialog).getByRole('textbox', { name: '原因' }), '线下已交接');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));

    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', '订单 T202405060002 不能从待处理直接改为已发货。');
    expect(callsOf(calls, 'BackOrder.procesOrderStatus')[0]!.body).toEqual({ ids: [1, 2], orderStatus: 4, reason: '线下已交接' });

    refuse = false;
    const listCalls = callsOf(calls, 'BackOrder.getOrderList').length;
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '修改订单状态' })).toBeNull());
    // The list is refreshed after the change (the BackOrder queries are invalidated).
    await waitFor(() => expect(callsOf(calls, 'BackOrder.getOrderList').length).toBeGreaterThan(listCalls));
  });

  it('explains a refused cancel in the confirm dialog', async () => {
    const user = userEvent.setup();
    const { api, calls } = fakeApi({
      'BackOrder.cancelOrder': () => { throw new ApiError('订单已打包，不能取消。', 'http', 409); },
    });
    renderWithProviders(<Screen />, { api });
    const row = await rowOf('T202405060002');
    await user.click(within(row).getByRole('button', { name: '取消订单' }));
    const dialog = await screen.findByRole('dialog', { name: '取消订单' });
    await user.click(within(dialog).getByRole('button', { name: '取消订单' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('订单已打包，不能取消。');
    expect(callsOf(calls, 'BackOrder.cancelOrder')[0]!.query).toEqual({ id: 2 });
  });
  it('prints the selected orders\' labels as one PDF, leaving out a cancelled one, and exports them (issue 44 §5)', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const fetched: string[] = [];
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      fetched.push(String(input));
      return new Response(new Blob(['x']), { status: 200, headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } });
    });
    const cancelled = buildOrder({ id: 3, tradeNo: 'T202405060003', orderStatus: 6 });
    const { api } = createFakeApi({
      'AbpUserConfiguration.getAll': () => fakeConfiguration({ userId: 1, tenantId: 1, values: zhHans }),
      'BackOrder.getOrderList': () => ({ totalCount: 3, items: [...ORDERS, cancelled] }),
    });
    renderWithProviders(<Screen />, { api });
    for (const no of ['T202405060001', 'T202405060003']) await user.click(within(await rowOf(no)).getByRole('checkbox'));
    const bar = () => within(screen.getByRole('region', { name: '批量操作' }));
    await user.click(bar().getByRole('button', { name: '打印面单' }));
    expect(open).toHaveBeenCalledWith(fileUrl('getOrderLabels', { ids: [1] }), '_blank', 'noopener');

    // Only a cancelled order: the rule's words, nothing opened.
    open.mockClear();
    await user.click(within(await rowOf('T202405060003')).getByRole('checkbox'));
    await user.click(bar().getByRole('button', { name: '打印面单' }));
    expect((await screen.findByRole('alert')).textContent).toContain('订单已取消，不能打印面单。');
    expect(open).not.toHaveBeenCalled();

    await user.click(within(await rowOf('T202405060002')).getByRole('checkbox'));
    await user.click(bar().getByRole('button', { name: '导出选中' }));
    await waitFor(() => expect(fetched.some((u) => u.includes(fileUrl('getOrderExportSelected', { ids: [3, 2] })) || u.includes(fileUrl('getOrderExportSelected', { ids: [2, 3] })))).toBe(true));
    open.mockRestore();
    fetchSpy.mockRestore();
  });
});
