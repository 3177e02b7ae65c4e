import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiRequest } from '#shared/api-client.ts';
import { zhHans } from '#shared/i18n/zh-Hans.ts';
import { ApiError } from '../../lib/api.ts';
import { fakeConfiguration } from '../../lib/test-config.ts';
import { createFakeApi, renderWithProviders, type FakeHandler } from '../../test/render.tsx';
import type { OrderDto } from '#shared/contracts/orders.ts';
import { BagOrderModal, canBag, useOrderOutboundActions, useStockOrderBagAction } from './bag-order.tsx';
import { buildPackage } from './fixtures.ts';
import { fileUrl } from '#shared/file-links.ts';

const ORDER = { id: 9, tradeNo: 'ML26112200009', warehouseInfoId: 1, warehouseName: '义乌仓', site: 'TW' as const, cargoCategory: 1 as const };

function fakeApi(extra: Record<string, FakeHandler> = {}) {
  return createFakeApi({
    'AbpUserConfiguration.getAll': () => fakeConfiguration({ userId: 1, tenantId: 1, values: zhHans }),
    'BackMainLandPackage.getSelectShipmentList': () => [buildPackage({ id: 4, packageName: '台湾普货第一袋', orderCount: 3 })],
    ...extra,
  });
}
const callsOf = (all: ApiRequest[], name: string) => all.filter((c) => `${c.service}.${c.action}` === name);

describe('装袋', () => {
  it('offers bagging only for weighed, open mainland orders', () => {
    expect(canBag({ orderType: 2, packageStatus: 4, orderStatus: 2 })).toBe(true);
    expect(canBag({ orderType: 2, packageStatus: 4, orderStatus: 3 })).toBe(true);
    expect(canBag({ orderType: 1, packageStatus: 4, orderStatus: 2 })).toBe(false);
    expect(canBag({ orderType: 2, packageStatus: 3, orderStatus: 2 })).toBe(false);
    expect(canBag({ orderType: 2, packageStatus: 5, orderStatus: 4 })).toBe(false);
  });

  it('lists the open bags of the order’s warehouse, site and category, and puts the order in the chosen one', async () => {
    const user = userEvent.setup();
    let refuse = true;
    let closed = false;
    const { api, calls } = fakeApi({
      'BackOrder.editInterNationalShipment': () => {
        if (refuse) throw new ApiError('大陆包「台湾普货第一袋」已发出，不能再装入订单。', 'http', 409);
        return { orderId: 9, tradeNo: ORDER.tradeNo, mainLandPackageId: 4, packageName: '台湾普货第一袋', orderCount: 4 };
      },
    });
    renderWithProviders(<BagOrderModal order={ORDER} onClose={() => { closed = true; }} />, { api });
    const dialog = await screen.findByRole('dialog', { name: '装袋' });
    await waitFor(() => expect(callsOf(calls, 'BackMainLandPackage.getSelectShipmentList')[0]!.query).toEqual({ warehouseInfoId: 1, site: 'TW', cargoCategory: 1 }));
    await user.click(within(dialog).getByRole('button', { name: '装袋' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('请选择大陆包');

    await user.click(within(dialog).getByRole('combobox', { name: '大陆包' }));
    await user.click(await screen.findByRole('option', { name: /台湾普货第一袋/, hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: '装袋' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('已发出');
    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: '装袋' }));
    await waitFor(() => expect(closed).toBe(true));
    expect(callsOf(calls, 'BackOrder.editInterNationalShipment').at(-1)!.query).toEqual({ id: 9, mainLandPackageId: 4 });
  });

  it('says so when no open bag fits', async () => {
    const { api } = fakeApi({ 'BackMainLandPackage.getSelectShipmentList': () => [] });
    renderWithProviders(<BagOrderModal order={ORDER} onClose={() => {}} />, { api });
    expect(await screen.findByText(/没有可用的大陆包/)).toBeTruthy();
    expect((screen.getByRole('button', { name: '装袋' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

/** The order list's row actions this feature adds, as buttons per order. */
function Actions({ orders }: { orders: Pick<OrderDto, 'id' | 'tradeNo' | 'orderType' | 'packageStatus' | 'orderStatus'>[] }) {
  const { rowActions, dialog } = useOrderOutboundActions();
  return (
    <>
      {orders.map((o) => (
        <div key={o.id} data-testid={o.tradeNo}>
          {rowActions.filter((a) => !a.hidden?.(o as OrderDto)).map((a) => <button key={a.key} type="button" onClick={() => void a.onClick(o as OrderDto)}>{a.label}</button>)}
        </div>
      ))}
      {dialog}
    </>
  );
}

describe('装袋 and 打印面单 on the order list', () => {
  afterEach(() => vi.restoreAllMocks());
  const orders = [
    { id: 1, tradeNo: 'ML26112200001', orderType: 2, packageStatus: 4 as const, orderStatus: 2 as const },
    { id: 2, tradeNo: 'ML26112200002', orderType: 2, packageStatus: 3 as const, orderStatus: 2 as const },
    { id: 3, tradeNo: 'ML26112200003', orderType: 2, packageStatus: 2 as const, orderStatus: 6 as const },
  ];

  it('offers 装袋 on weighed mainland orders to holders of the mainland permission, and opens the label PDF in a new tab', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const { api } = createFakeApi({ 'AbpUserConfiguration.getAll': () => fakeConfiguration({ userId: 1, tenantId: 1, values: zhHans, granted: ['Order.Manages', 'OrderManage.MainLandOrderManage'] }) });
    renderWithProviders(<Actions orders={orders} />, { api });
    expect(await within(screen.getByTestId('ML26112200001')).findByRole('button', { name: '装袋' })).toBeTruthy();
    expect(within(screen.getByTestId('ML26112200002')).queryByRole('button', { name: '装袋' })).toBeNull();
    await user.click(within(screen.getByTestId('ML26112200002')).getByRole('button', { name: '打印面单' }));
    expect(open).toHaveBeenCalledWith(fileUrl('getOrderLabel', { tradeNo: 'ML26112200002' }), '_blank', 'noopener');
  });

  it('offers no 打印面单 on a cancelled order (the shared rule printLabel)', async () => {
    const { api } = createFakeApi({ 'AbpUserConfiguration.getAll': () => fakeConfiguration({ userId: 1, tenantId: 1, values: zhHans, granted: ['Order.Manages'] }) });
    renderWithProviders(<Actions orders={orders} />, { api });
    expect(await within(screen.getByTestId('ML26112200002')).findByRole('button', { name: '打印面单' })).toBeTruthy();
    expect(within(screen.getByTestId('ML26112200003')).queryByRole('button', { name: '打印面单' })).toBeNull();
  });

  it('hides 装袋 from staff without the mainland permission', async () => {
    const { api, calls } = createFakeApi({ 'AbpUserConfiguration.getAll': () => fakeConfiguration({ userId: 1, tenantId: 1, values: zhHans, granted: ['Order.Manages'] }) });
    const { queryClient } = renderWithProviders(<Actions orders={orders} />, { api });
    expect(await within(screen.getByTestId('ML26112200001')).findByRole('button', { name: '打印面单' })).toBeTruthy();
    await waitFor(() => expect(queryClient.getQueryData(['AbpUserConfiguration', 'getAll'])).toBeTruthy());
    expect(callsOf(calls, 'AbpUserConfiguration.getAll')).toHaveLength(1);
    expect(within(screen.getByTestId('ML26112200001')).queryByRole('button', { name: '装袋' })).toBeNull();
  });
});

/** The stock order list's 装袋, as a button per order. */
function StockActions({ orders }: { orders: Pick<OrderDto, 'id' | 'tradeNo' | 'orderType' | 'packageStatus' | 'orderStatus' | 'shippingMethods'>[] }) {
  const { rowAction, dialog } = useStockOrderBagAction();
  return (
    <>
      {orders.map((o) => (
        <div key={o.id} data-testid={o.tradeNo}>
          {!rowAction.hidden?.(o as OrderDto) && <button type="button" onClick={() => void rowAction.onClick(o as OrderDto)}>{rowAction.label}</button>}
        </div>
      ))}
      {dialog}
    </>
  );
}

describe('装袋 (国际运单) on the stock order list', () => {
  const stock = { orderType: 3, packageStatus: 4 as const, orderStatus: 2 as const, warehouseInfoId: 1, warehouseName: '义乌仓', site: 'TW' as const, cargoCategory: 1 as const };
  const orders = [
    { ...stock, id: 21, tradeNo: 'ST26112200021', shippingMethods: 2 as const },
    { ...stock, id: 22, tradeNo: 'ST26112200022', shippingMethods: 1 as const },
    { ...stock, id: 23, tradeNo: 'ST26112200023', shippingMethods: 2 as const, packageStatus: 3 as const },
  ];

  it('offers 装袋 only on weighed 第三方物流 stock orders and bags through BackStockOrder', async () => {
    const user = userEvent.setup();
    const { api, calls } = fakeApi({
      'AbpUserConfiguration.getAll': () => fakeConfiguration({ userId: 1, tenantId: 1, values: zhHans, granted: ['warehouse.Stock', 'OrderManage.MainLandOrderManage'] }),
      'BackStockOrder.editInterNationalShipment': () => ({ orderId: 21, tradeNo: 'ST26112200021', mainLandPackageId: 4, packageName: '台湾普货第一袋', orderCount: 4 }),
    });
    renderWithProviders(<StockActions orders={orders} />, { api });
    await user.click(await within(screen.getByTestId('ST26112200021')).findByRole('button', { name: '装袋' }));
    expect(within(screen.getByTestId('ST26112200022')).queryByRole('button', { name: '装袋' })).toBeNull();
    expect(within(screen.getByTestId('ST26112200023')).queryByRole('button', { name: '装袋' })).toBeNull();

    const dialog = await screen.findByRole('dialog', { name: '装袋' });
    await user.click(within(dialog).getByRole('combobox', { name: '大陆包' }));
    await user.click(await screen.findByRole('option', { name: /台湾普货第一袋/, hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: '装袋' }));
    await waitFor(() => expect(callsOf(calls, 'BackStockOrder.editInterNationalShipment').map((c) => c.query)).toEqual([{ id: 21, mainLandPackageId: 4 }]));
    expect(callsOf(calls, 'BackOrder.editInterNationalShipment')).toHaveLength(0);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '装袋' })).toBeNull());
  });

  it('hides 装袋 from stock staff who may not list the mainland bags', async () => {
    const { api } = fakeApi({ 'AbpUserConfiguration.getAll': () => fakeConfiguration({ userId: 1, tenantId: 1, values: zhHans, granted: ['warehouse.Stock'] }) });
    const { queryClient } = renderWithProviders(<StockActions orders={orders} />, { api });
    await waitFor(() => expect(queryClient.getQueryData(['AbpUserConfiguration', 'getAll'])).toBeTruthy());
    expect(within(screen.getByTestId('ST26112200021')).queryByRole('button', { name: '装袋' })).toBeNull();
  });
});
