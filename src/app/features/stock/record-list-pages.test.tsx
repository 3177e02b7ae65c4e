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
import { sellerStore, stockRecord, stockWarehouse } from '../../test/stock-fixtures.ts';
import { SellerRecordListPage, StaffRecordListPage } from './record-list-pages.tsx';
import type { SellerRecordSearch, StaffRecordSearch } from './search.ts';


const RECORDS = [
  stockRecord({ id: 1, tradeNo: 'SR26112200001', productStatus: 0 }),
  stockRecord({ id: 2, tradeNo: 'SR26112200002', productStatus: 1, logisticsNumber: 'YT2000000002' }),
  stockRecord({ id: 3, tradeNo: 'SR26112200003', productStatus: 2 }),
  stockRecord({ id: 4, tradeNo: 'SR26112200004', productStatus: 4, stockProductId: 5, barCode: 'HC00000005', remainingNums: 10 }),
  stockRecord({ id: 6, tradeNo: 'SR26112200006', productStatus: 3, returnRequested: true, checkRemark: '破损' }),
];

function fakeApi(extra: Record<string, FakeHandler> = {}) {
  return createFakeApi({
    'AbpUserConfiguration.getAll': () => fakeConfiguration({ userId: 1, tenantId: 1, values: zhHans }),
    'FrontStock.getStockList': () => ({ totalCount: RECORDS.length, items: RECORDS }),
    'BackStock.getStockList': () => ({ totalCount: RECORDS.length, items: RECORDS }),
    'FrontOrder.getStoreList': () => [sellerStore],
    'WarehouseInfo.getWarehouseInfoList': () => ({ totalCount: 1, items: [stockWarehouse] }),
    ...extra,
  });
}
const callsOf = (all: ApiRequest[], name: string) => all.filter((c) => `${c.service}.${c.action}` === name);
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;
const upload = vi.fn();

function Seller() {
  const [search, setSearch] = useState<SellerRecordSearch>({});
  return <SellerRecordListPage search={search} onSearchChange={setSearch} upload={upload} />;
}
function Staff() {
  const [search, setSearch] = useState<StaffRecordSearch>({});
  return <StaffRecordListPage search={search} onSearchChange={setSearch} />;
}

describe('囤货单 (seller)', () => {
  beforeEach(() => emulateViewport(1280));

  it('declares a record: the form checks its fields, sends EditStock without an id, and shows a refusal', async () => {
    const user = userEvent.setup();
    let refuse = true;
    const { api, calls } = fakeApi({
      'FrontStock.editStock': () => {
        if (refuse) { refuse = false; throw new ApiError('快递单号 YT9000000001 已被其他卖家或订单使用', 'http', 409); }
        return stockRecord();
      },
    });
    renderWithProviders(<Seller />, { api });
    await rowOf('SR26112200001');
    await user.click(screen.getByRole('button', { name: '申报囤货' }));
    const dialog = await screen.findByRole('dialog', { name: '申报囤货' });
    await user.click(within(dialog).getByRole('button', { name: '提交' }));
    expect(await within(dialog).findByText('请选择店铺')).toBeTruthy();
    expect(within(dialog).getByText('请输入 SKU')).toBeTruthy();

    await user.click(within(dialog).getByRole('combobox', { name: /店铺/ }));
    await user.click(await screen.findByRole('option', { name: /测试小店/, hidden: true }));
    await user.click(within(dialog).getByRole('combobox', { name: /仓库/ }));
    await user.click(await screen.findByRole('option', { name: '义乌仓', hidden: true }));
    await user.type(within(dialog).getByLabelText(/^SKU/), 'CUP-BLUE');
    await user.type(within(dialog).getByLabelText(/商品名称/), '蓝色杯子');
    await user.type(within(dialog).getByLabelText(/商品数量/), '20');
    await user.type(within(dialog).getByLabelText(/^物流单号/), 'yt9000000001');
    await user.type(within(dialog).getByLabelText(/采购成本/), '3.5');
    await user.click(within(dialog).getByRole('button', { name: '提交' }));
    expect(await within(dialog).findByText('快递单号 YT9000000001 已被其他卖家或订单使用')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: '提交' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '申报囤货' })).toBeNull());
    const sent = callsOf(calls, 'FrontStock.editStock').map((c) => c.body);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual({
      storeId: 3, warehouseInfoId: 7, productSku: 'CUP-BLUE', productName: '蓝色杯子', productNums: 20, packageNums: 1, logisticsNumber: 'YT9000000001',
      productType: null, purchaseCost: 3.5, productLink: null, productImgGuid: null,
      productLong: null, productWide: null, productHigh: null, productWeight: null, remark: null,
    });
  });

  it('offers 修改 and 取消 only while 待到货, the return waybill once the warehouse asks for it', async () => {
    const user = userEvent.setup();
    const { api, calls } = fakeApi({
      'FrontStock.cancleStock': () => stockRecord({ productStatus: 6 }),
      'FrontStock.createReturnStore': () => stockRecord({ id: 6, productStatus: 6 }),
    });
    renderWithProviders(<Seller />, { api });
    const awaiting = await rowOf('SR26112200001');
    expect(within(awaiting).getByText('待到货')).toBeTruthy();
    const arrived = await rowOf('SR26112200002');
    expect(within(arrived).queryByRole('button', { name: '取消' })).toBeNull();
    expect(within(arrived).queryByRole('button', { name: '修改' })).toBeNull();

    await user.click(within(awaiting).getByRole('button', { name: '取消' }));
    const confirm = await screen.findByRole('dialog', { name: '取消囤货单' });
    await user.click(within(confirm).getByRole('button', { name: '取消囤货单' }));
    await waitFor(() => expect(callsOf(calls, 'FrontStock.cancleStock').map((c) => c.body)).toEqual([{ id: 1 }]));

    const refused = await rowOf('SR26112200006');
    await user.click(within(refused).getByRole('button', { name: '填写退回单号' }));
    const dialog = await screen.findByRole('dialog', { name: '退回：SR26112200006' });
    expect(within(dialog).getByText('验货备注：破损')).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/退回快递单号/), 'sf1234567');
    await user.click(within(dialog).getByRole('button', { name: '提交' }));
    await waitFor(() => expect(callsOf(calls, 'FrontStock.createReturnStore').map((c) => c.query)).toEqual([{ orderId: 6, shipNumber: 'SF1234567' }]));
  });
});

describe('囤货入库 (staff)', () => {
  beforeEach(() => emulateViewport(1280));

  it('each row offers the next step of the table: 到货, 验货, 贴标, 上架 with the suggested shelf', async () => {
    const user = userEvent.setup();
    const { api, calls } = fakeApi({
      'BackStock.editStatus': () => stockRecord({ productStatus: 1 }),
      'BackStock.isCheckPass': () => stockRecord({ id: 2, productStatus: 2 }),
      'BackStock.processLabel': () => stockRecord({ id: 3, productStatus: 4 }),
      'BackStock.shelfUpCheck': () => ({ record: RECORDS[3], suggestedShelfPosition: 'A-01-02', haveShelf: false, remainingNums: 10 }),
      'BackStock.shelfUp': () => ({ records: [], product: null, listedHistories: [] }),
    });
    renderWithProviders(<Staff />, { api });
    const awaiting = await rowOf('SR26112200001');
    expect(within(awaiting).queryByRole('button', { name: '验货' })).toBeNull();
    await user.click(within(awaiting).getByRole('button', { name: '到货' }));
    await user.click(within(await screen.findByRole('dialog', { name: '标记到货' })).getByRole('button', { name: '到货' }));
    await waitFor(() => expect(callsOf(calls, 'BackStock.editStatus').map((c) => c.query)).toEqual([{ id: 1, isArrived: true }]));

    await user.click(within(await rowOf('SR26112200002')).getByRole('button', { name: '验货' }));
    const check = await screen.findByRole('dialog', { name: '验货：SR26112200002' });
    await user.clear(within(check).getByLabelText(/实收数量/));
    await user.type(within(check).getByLabelText(/实收数量/), '8');
    await user.click(within(check).getByRole('button', { name: '验货通过' }));
    await waitFor(() => expect(callsOf(calls, 'BackStock.isCheckPass').map((c) => [c.query, c.body]))
      .toEqual([[{ id: 2, ispass: true }, { checkNums: 8, checkRemark: null }]]));

    await user.click(within(await rowOf('SR26112200003')).getByRole('button', { name: '贴标' }));
    await waitFor(() => expect(callsOf(calls, 'BackStock.processLabel').map((c) => c.query)).toEqual([{ id: 3 }]));

    await user.click(within(await rowOf('SR26112200004')).getByRole('button', { name: '上架' }));
    const shelve = await screen.findByRole('dialog', { name: '上架：SR26112200004' });
    await user.click(await within(shelve).findByRole('button', { name: 'A-01-02' }));
    await user.click(within(shelve).getByRole('button', { name: '上架' }));
    await waitFor(() => expect(callsOf(calls, 'BackStock.shelfUp').map((c) => c.body)).toEqual([{ id: 4, shelfPosition: 'A-01-02', quantity: 10 }]));
  });

  it('验货不通过 needs a reason; 处理异常 accepts a corrected quantity', async () => {
    const user = userEvent.setup();
    const records = [
      stockRecord({ id: 2, tradeNo: 'SR26112200002', productStatus: 1 }),
      stockRecord({ id: 7, tradeNo: 'SR26112200007', productStatus: 3, checkNums: 7 }),
    ];
    const { api, calls } = fakeApi({
      'BackStock.getStockList': () => ({ totalCount: records.length, items: records }),
      'BackStock.isCheckPass': () => stockRecord({ id: 2, productStatus: 3 }),
      'BackStock.handleAbnormal': () => stockRecord({ id: 7, productStatus: 2 }),
    });
    renderWithProviders(<Staff />, { api });
    await user.click(within(await rowOf('SR26112200002')).getByRole('button', { name: '验货' }));
    const check = await screen.findByRole('dialog', { name: '验货：SR26112200002' });
    await user.click(within(check).getByText('验货不通过'));
    await user.click(within(check).getByRole('button', { name: '验货不通过' }));
    expect(await within(check).findByText('验货不通过请写明原因')).toBeTruthy();
    expect(callsOf(calls, 'BackStock.isCheckPass')).toHaveLength(0);
    await user.type(within(check).getByLabelText(/不通过原因/), '少了 2 件');
    await user.click(within(check).getByRole('button', { name: '验货不通过' }));
    await waitFor(() => expect(callsOf(calls, 'BackStock.isCheckPass').map((c) => c.query)).toEqual([{ id: 2, ispass: false }]));

    await user.click(within(await rowOf('SR26112200007')).getByRole('button', { name: '处理异常' }));
    const resolve = await screen.findByRole('dialog', { name: '处理异常：SR26112200007' });
    expect((within(resolve).getByLabelText(/接收数量/) as HTMLInputElement).value).toBe('7');
    await user.click(within(resolve).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(callsOf(calls, 'BackStock.handleAbnormal').map((c) => c.body)).toEqual([{ id: 7, remark: null, acceptedQuantity: 7 }]));
  });
});
