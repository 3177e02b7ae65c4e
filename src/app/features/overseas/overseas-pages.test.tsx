// The overseas list screens: staff pack, undo and ship orders only where the shared order rules allow;
// a seller sees a refusal (stock short) on the order form; staff restock a return with counted
// quantities and destroy one the seller chose; the seller chooses destruction.
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiRequest } from '#shared/api-client.ts';
import type { AbroadOrderDto, AbroadReturnDto, CheckReturnDto } from '#shared/contracts/overseas.ts';
import { zhHans } from '#shared/i18n/zh-Hans.ts';
import { ApiError, type RequestContextSource } from '../../lib/api.ts';
import { fakeConfiguration } from '../../lib/test-config.ts';
import { createFakeApi, renderWithProviders, type FakeHandler } from '../../test/render.tsx';
import { emulateViewport } from '../../components/list-page/testing.ts';
import { fileUrl } from '#shared/file-links.ts';
import { SellerAbroadOrderListPage, StaffAbroadOrderListPage } from './order-list-pages.tsx';
import { SellerReturnListPage, StaffReturnListPage } from './return-list-pages.tsx';
import type { AbroadOrderSearch, AbroadReturnSearch } from './search.ts';

const order = (over: Partial<AbroadOrderDto>): AbroadOrderDto => ({
  id: 1, tradeNo: 'AB26030100001', orderNumber: 'TW-1001', userId: 3, userCode: 'S00042', storeId: 4, storeName: '台湾店', warehouseInfoId: 2,
  warehouseName: '台北仓', site: 'TW', orderType: 4, cargoCategory: 1, shippingMethods: 2, orderStatus: 1, packageStatus: 2, isUrgent: false,
  reMark: null, pdfGuid: null, holdReason: null, shelfNumber: null, creationTime: '2026-03-01T02:00:00Z', lastModificationTime: null,
  orderProductInfosList: [{ id: 1, productName: '保温杯', productSku: 'CUP-1', specification: null, quantity: 2, price: null, productImg: null, shipment: '', stockProductId: 11 }],
  ...over,
});
const ret = (over: Partial<AbroadReturnDto>): AbroadReturnDto => ({
  id: 5, orderId: 1, tradeNo: 'AB26030100001', orderNumber: 'TW-1001', returnNumber: 'RT10001', returnStatus: 0, userId: 3, userCode: 'S00042',
  storeName: '台湾店', warehouseInfoId: 2, warehouseName: '台北仓', reMark: null, items: [], warehousingTime: null, warehousingUserName: null,
  destructionChosenTime: null, destroyTime: null, destroyUserName: null, destroyAmount: null, creationTime: '2026-03-01T02:00:00Z', ...over,
});

function fakeApi(extra: Record<string, FakeHandler> = {}) {
  return createFakeApi({
    'AbpUserConfiguration.getAll': () => fakeConfiguration({ userId: 1, tenantId: 1, values: zhHans }),
    ...extra,
  });
}
const noAuth = { getToken: () => null, getTenantId: () => 1, getCulture: () => 'zh-Hans' };
const callsOf = (all: ApiRequest[], name: string) => all.filter((c) => `${c.service}.${c.action}` === name);
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

function StaffOrders({ initial = {}, exportSource = noAuth }: { initial?: AbroadOrderSearch; exportSource?: RequestContextSource }) {
  const [search, setSearch] = useState<AbroadOrderSearch>(initial);
  return <StaffAbroadOrderListPage search={search} onSearchChange={setSearch} exportSource={exportSource} />;
}
function SellerOrders({ onOpen = () => {} }: { onOpen?: (o: AbroadOrderDto) => void }) {
  const [search, setSearch] = useState<AbroadOrderSearch>({});
  return <SellerAbroadOrderListPage search={search} onSearchChange={setSearch} onOpen={onOpen} exportSource={noAuth} />;
}
function StaffReturns() {
  const [search, setSearch] = useState<AbroadReturnSearch>({});
  return <StaffReturnListPage search={search} onSearchChange={setSearch} exportSource={noAuth} />;
}
function SellerReturns({ initial = {} }: { initial?: AbroadReturnSearch }) {
  const [search, setSearch] = useState<AbroadReturnSearch>(initial);
  return <SellerReturnListPage search={search} onSearchChange={setSearch} exportSource={noAuth} />;
}

/** Answers every download with a small workbook and records what was asked for. */
function stubDownloads() {
  const fetched: { url: string; headers: Record<string, string> }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    fetched.push({ url, headers: init.headers as Record<string, string> });
    return new Response(new Blob(['xlsx']), { status: 200 });
  });
  URL.createObjectURL ??= () => 'blob:x';
  URL.revokeObjectURL ??= () => {};
  return fetched;
}
afterEach(() => { vi.unstubAllGlobals(); });

describe('海外仓订单', () => {
  beforeEach(() => emulateViewport(1280));

  it('staff: packs an order ready to pick, undoes a packed one, and ship the selected ones', async () => {
    const user = userEvent.setup();
    const rows = [order({}), order({ id: 2, tradeNo: 'AB26030100002', orderStatus: 2, packageStatus: 3 })];
    const { api, calls } = fakeApi({
      'BackAbroadOrder.getOrderList': () => ({ totalCount: rows.length, items: rows }),
      'BackAbroadOrder.abroadOrderBale': () => order({ packageStatus: 3, orderStatus: 2 }),
      'BackAbroadOrder.cancleBale': () => order({ id: 2, packageStatus: 2, orderStatus: 2 }),
      'BackAbroadOrder.oneClickDelivery': () => ({ count: 1, skipped: [] }),
    });
    renderWithProviders(<StaffOrders />, { api });
    const ready = await rowOf('AB26030100001');
    const packed = await rowOf('AB26030100002');
    expect(within(ready).queryByRole('button', { name: '取消打包' })).toBeNull();
    expect(within(packed).queryByRole('button', { name: '打包出库' })).toBeNull();

    await user.click(within(ready).getByRole('button', { name: '打包出库' }));
    const dialog = await screen.findByRole('dialog', { name: '打包出库' });
    await user.click(within(dialog).getByRole('button', { name: '打包出库' }));
    await waitFor(() => expect(callsOf(calls, 'BackAbroadOrder.abroadOrderBale').map((c) => c.body)).toEqual([{ tradeNo: 'AB26030100001' }]));

    await user.click(within(packed).getByRole('button', { name: '取消打包' }));
    const undo = await screen.findByRole('dialog', { name: '取消打包' });
    await user.click(within(undo).getByRole('button', { name: '取消打包' }));
    await waitFor(() => expect(callsOf(calls, 'BackAbroadOrder.cancleBale').map((c) => c.body)).toEqual([{ tradeNo: 'AB26030100002' }]));

    await user.click(within(packed).getByRole('checkbox'));
    await user.click(await screen.findByRole('button', { name: '一键出库' }));
    const ship = await screen.findByRole('dialog', { name: '一键出库' });
    await user.click(within(ship).getByRole('button', { name: '出库' }));
    await waitFor(() => expect(callsOf(calls, 'BackAbroadOrder.oneClickDelivery').map((c) => c.query)).toEqual([{ ids: [2] }]));
  });

  it('seller: a short order is refused on the form with the server\'s sentence; cancel only before packing', async () => {
    const user = userEvent.setup();
    const rows = [order({}), order({ id: 2, tradeNo: 'AB26030100002', orderStatus: 2, packageStatus: 3 })];
    const { api, calls } = fakeApi({
      'FrontAbroadOrder.getOrderList': () => ({ totalCount: rows.length, items: rows }),
      'FrontOrder.getStoreList': () => [{ id: 4, userId: 3, userCode: 'S00042', userName: null, storeName: '台湾店', site: 'TW', contactName: '', contactPhone: '', storeAddress: '', remark: null, whetherLocal: true, whetherEffective: true, creationTime: '2026-01-01T00:00:00Z' }],
      'WarehouseInfo.getWarehouseInfoList': () => ({ totalCount: 1, items: [{ id: 2, warehouseName: '台北仓', kind: 2, warehouseCityId: null, cityName: null, site: 'TW', address: '', contactName: '', phone: '', isEnabled: true, creationTime: '2026-01-01T00:00:00Z' }] }),
      'FrontStockProduct.getStockProductList': () => ({ totalCount: 1, items: [{ id: 11, productSku: 'CUP-1', productName: '保温杯', available: 3 }] }),
      'FrontAbroadOrder.createOrder': () => { throw new ApiError('商品 CUP-1 可用库存不足：可用 3 件，需要 4 件', 'http', 409); },
    });
    renderWithProviders(<SellerOrders />, { api });
    const packed = await rowOf('AB26030100002');
    expect(within(packed).queryByRole('button', { name: '取消订单' })).toBeNull();
    expect(within(await rowOf('AB26030100001')).getByRole('button', { name: /更多|取消订单/ })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: '新建海外仓订单' }));
    const form = await screen.findByRole('dialog', { name: '新建海外仓订单' });
    await user.click(within(form).getByRole('combobox', { name: /店铺/ }));
    await user.click(await screen.findByRole('option', { name: /台湾店/, hidden: true }));
    await user.click(within(form).getByRole('combobox', { name: /海外仓/ }));
    await user.click(await screen.findByRole('option', { name: '台北仓', hidden: true }));
    await user.type(within(form).getByLabelText(/订单号/), 'TW-3001');
    await user.click(await within(form).findByRole('combobox', { name: '商品' }));
    await user.click(await screen.findByRole('option', { name: /CUP-1/, hidden: true }));
    const quantity = within(form).getByRole('textbox', { name: '数量' });
    await user.clear(quantity);
    await user.type(quantity, '4');
    await user.click(within(form).getByRole('button', { name: '下单' }));
    expect(await within(form).findByText(/可用库存不足/)).toBeTruthy();
    expect(callsOf(calls, 'FrontAbroadOrder.createOrder').map((c) => c.body)).toEqual([{
      storeId: 4, warehouseInfoId: 2, orderNumber: 'TW-3001', site: 'TW', shippingMethods: 2, cargoCategory: 1, reMark: null, items: [{ stockProductId: 11, quantity: 4 }],
    }]);
  });

  it('staff: exports the list\'s filters to GetExpressExportAbroadOrderInfo with the session\'s token', async () => {
    const user = userEvent.setup();
    const fetched = stubDownloads();
    const { api } = fakeApi({ 'BackAbroadOrder.getOrderList': () => ({ totalCount: 1, items: [order({})] }) });
    const session = { getToken: () => 'tok', getTenantId: () => 1, getCulture: () => 'zh-Hans' };
    renderWithProviders(<StaffOrders initial={{ packageStatus: 2, userCode: 'S00042' }} exportSource={session} />, { api });
    await rowOf('AB26030100001');
    await user.click(screen.getByRole('button', { name: '导出' }));
    await waitFor(() => expect(fetched).toHaveLength(1));
    expect(fetched[0]!.url).toBe(fileUrl('getExpressExportAbroadOrderInfo', { packageStatus: 2, userCode: 'S00042' }));
    expect(fetched[0]!.headers).toMatchObject({ Authorization: 'Bearer tok', 'Abp.TenantId': '1' });
  });
});

describe('海外仓退件', () => {
  beforeEach(() => emulateViewport(1280));

  it('staff: restocks a return with the counted quantities, and destroys one the seller chose with a fee', async () => {
    const user = userEvent.setup();
    const rows = [ret({}), ret({ id: 6, returnNumber: 'RT10002', returnStatus: 2 })];
    const check: CheckReturnDto = { ...rows[0]!, orderItems: [{ stockProductId: 11, productSku: 'CUP-1', productName: '保温杯', barCode: 'SP1', quantity: 2, returned: 0, shelfPosition: 'A-01-02' }] };
    const { api, calls } = fakeApi({
      'AbroadReturn.getReturnOrderList': () => ({ totalCount: rows.length, items: rows }),
      'AbroadStockReturn.checkReturnWarehousing': () => check,
      'AbroadStockReturn.confirmReturnWarehousing': () => ret({ returnStatus: 1 }),
      'AbroadStockReturn.comfirmDestroyOrder': () => ret({ id: 6, returnStatus: 3 }),
    });
    renderWithProviders(<StaffReturns />, { api });
    const awaiting = await rowOf('RT10001');
    const chosen = await rowOf('RT10002');
    expect(within(awaiting).queryByRole('button', { name: '销毁' })).toBeNull();
    expect(within(chosen).queryByRole('button', { name: '入库' })).toBeNull();

    await user.click(within(awaiting).getByRole('button', { name: '入库' }));
    const dialog = await screen.findByRole('dialog', { name: '退件入库' });
    const count = await within(dialog).findByRole('textbox', { name: 'CUP-1 本次入库' });
    expect((count as HTMLInputElement).value).toBe('2');
    await user.clear(count);
    await user.type(count, '1');
    await user.click(within(dialog).getByRole('button', { name: '确认入库' }));
    await waitFor(() => expect(callsOf(calls, 'AbroadStockReturn.confirmReturnWarehousing').map((c) => c.body)).toEqual([{ returnNumber: 'RT10001', items: [{ stockProductId: 11, quantity: 1 }] }]));

    await user.click(within(chosen).getByRole('button', { name: '销毁' }));
    const destroy = await screen.findByRole('dialog', { name: '销毁退件' });
    const fee = within(destroy).getByLabelText(/销毁费/);
    await user.clear(fee);
    await user.type(fee, '5');
    await user.click(within(destroy).getByRole('button', { name: '确认销毁' }));
    await waitFor(() => expect(callsOf(calls, 'AbroadStockReturn.comfirmDestroyOrder').map((c) => c.query)).toEqual([{ orderReturnId: 6, integralNumber: 5 }]));
  });

  it('seller: chooses destruction for a return not yet in stock', async () => {
    const user = userEvent.setup();
    const rows = [ret({}), ret({ id: 6, returnNumber: 'RT10002', returnStatus: 1 })];
    const { api, calls } = fakeApi({
      'FrontAbroadReturn.getReturnOrderList': () => ({ totalCount: rows.length, items: rows }),
      'FrontAbroadStockReturn.comfirmDestroyOrder': () => ret({ returnStatus: 2 }),
    });
    renderWithProviders(<SellerReturns />, { api });
    expect(within(await rowOf('RT10002')).queryByRole('button', { name: '选择销毁' })).toBeNull();
    await user.click(within(await rowOf('RT10001')).getByRole('button', { name: '选择销毁' }));
    const dialog = await screen.findByRole('dialog', { name: '选择销毁' });
    await user.click(within(dialog).getByRole('button', { name: '选择销毁' }));
    await waitFor(() => expect(callsOf(calls, 'FrontAbroadStockReturn.comfirmDestroyOrder').map((c) => c.query)).toEqual([{ orderReturnId: 5 }]));
  });

  it('seller: exports their returns with the list\'s filters', async () => {
    const user = userEvent.setup();
    const fetched = stubDownloads();
    const { api } = fakeApi({ 'FrontAbroadReturn.getReturnOrderList': () => ({ totalCount: 1, items: [ret({ returnStatus: 2 })] }) });
    renderWithProviders(<SellerReturns initial={{ returnStatus: 2, number: 'RT10001' }} />, { api });
    await rowOf('RT10001');
    await user.click(screen.getByRole('button', { name: '导出' }));
    await waitFor(() => expect(fetched).toHaveLength(1));
    expect(fetched[0]!.url).toBe(fileUrl('getFrontExcelExportAbroadReturnInfo', { number: 'RT10001', returnStatus: 2 }));
  });
});
