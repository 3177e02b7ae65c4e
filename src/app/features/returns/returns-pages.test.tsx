// The returns screens (issue 16): the refusal lists with their decisions, the advance-order import and
// the marketplace returns on both sides, against a fake api.
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiRequest } from '#shared/api-client.ts';
import type { AdvanceOrderDto, OrderReturnDto, RefusalOrderDto } from '#shared/contracts/returns.ts';
import { zhHans } from '#shared/i18n/zh-Hans.ts';
import { ApiError } from '../../lib/api.ts';
import { fakeConfiguration } from '../../lib/test-config.ts';
import { createFakeApi, renderWithProviders, type FakeHandler } from '../../test/render.tsx';
import { emulateViewport } from '../../components/list-page/testing.ts';
import { StaffRefusalListPage, SellerRefusalListPage } from './refusal-list-pages.tsx';
import { AdvanceOrderPage } from './advance-order-page.tsx';
import { SellerOrderReturnPage, StaffOrderReturnPage } from './order-return-pages.tsx';
import type { AdvanceSearch, SellerRefusalSearch, SellerReturnSearch, StaffRefusalSearch, StaffReturnSearch } from './queries.ts';

const refusal = (over: Partial<RefusalOrderDto>): RefusalOrderDto => ({
  id: 1, line: 1, tradeNo: 'ML2611220001', orderNumber: 'SHP2611220001', orderId: 11, orderType: 2, userId: 3, userCode: 'S00001', storeName: '小店', site: 'TW',
  warehouseInfoId: 7, warehouseName: '义乌仓', reason: '买家拒收', handleStatus: 0, remark: null, againRemark: null, stockItems: null, handleTime: null,
  handleUserName: null, scanUserName: '小李', creationTime: '2026-11-22T02:00:00Z', ...over,
});
const orderReturn = (over: Partial<OrderReturnDto>): OrderReturnDto => ({
  id: 1, orderNumber: 'SHP1', userId: 3, userCode: 'S00001', orderId: null, tradeNo: null, shipment: null, warehouseInfoId: 7, warehouseName: '义乌仓',
  whetherHandle: 0, handleType: null, reMark: null, warehouseRemark: null, recipientName: null, receiptPhone: null, receiptAddress: null, destroyFee: null,
  returnTime: '2026-11-22T03:00:00Z', preDeclared: false, stockItems: null, decisionTime: null, handleTime: null, handleUserName: null, scanUserName: null,
  creationTime: '2026-11-22T03:00:00Z', ...over,
});
const product = { id: 31, userId: 3, userCode: 'S00001', storeId: 1, storeName: '小店', site: 'TW', warehouseInfoId: 7, warehouseName: '义乌仓', productSku: 'CASE-1',
  productName: '手机壳', productType: null, productImgGuid: null, barCode: 'SP00000001', totalStorage: 4, totalOutgoing: 0, inventory: 4, reserved: 0, available: 4,
  shelfPosition: null, safeStockNumber: 0, preStockNumber: 0, status: 1 };

function fakeApi(handlers: Record<string, FakeHandler>) {
  return createFakeApi({ 'AbpUserConfiguration.getAll': () => fakeConfiguration({ userId: 1, tenantId: 1, values: zhHans }), ...handlers });
}
const callsOf = (all: ApiRequest[], name: string) => all.filter((c) => `${c.service}.${c.action}` === name);
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

function Staff({ line = 1 }: { line?: 1 | 2 }) {
  const [search, setSearch] = useState<StaffRefusalSearch>({});
  return <StaffRefusalListPage line={line} search={search} onSearchChange={setSearch} />;
}

describe('拒收订单 (staff)', () => {
  beforeEach(() => emulateViewport(1280));

  it('decides a pending refusal once; a decided one offers only 重新处理, which needs a reason', async () => {
    const user = userEvent.setup();
    const rows = [refusal({}), refusal({ id: 2, tradeNo: 'ML2611220002', handleStatus: 2, remark: '退回卖家仓库' })];
    const { api, calls } = fakeApi({
      'BackRefusalOrder.getRefusalOrderList': () => ({ totalCount: rows.length, items: rows }),
      'BackRefusalOrder.handleStatus': () => refusal({ handleStatus: 2 }),
      'BackRefusalOrder.againHandleStatus': () => refusal({ id: 2, handleStatus: 3 }),
    });
    renderWithProviders(<Staff />, { api });
    const pending = await rowOf('ML2611220001');
    expect(within(pending).getByText('待处理')).toBeTruthy();
    expect(within(pending).queryByRole('button', { name: '重新处理' })).toBeNull();
    const decided = await rowOf('ML2611220002');
    expect(within(decided).getByText('退回卖家')).toBeTruthy();
    expect(within(decided).queryByRole('button', { name: '处理' })).toBeNull();

    await user.click(within(pending).getByRole('button', { name: '处理' }));
    const dialog = await screen.findByRole('dialog', { name: '处理：ML2611220001' });
    await user.selectOptions(within(dialog).getByLabelText(/处理方式/), '2');
    await user.type(within(dialog).getByLabelText('备注'), '退回卖家仓库');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(callsOf(calls, 'BackRefusalOrder.handleStatus').map((c) => c.body)).toEqual([{ id: 1, handleStatus: 2, remark: '退回卖家仓库' }]));

    await user.click(within(decided).getByRole('button', { name: '重新处理' }));
    const again = await screen.findByRole('dialog', { name: '重新处理：ML2611220002' });
    await user.selectOptions(within(again).getByLabelText(/处理方式/), '3');
    await user.click(within(again).getByRole('button', { name: '重新处理' }));
    expect(await within(again).findByText('请填写重新处理的原因')).toBeTruthy();
    expect(callsOf(calls, 'BackRefusalOrder.againHandleStatus')).toHaveLength(0);
    await user.type(within(again).getByLabelText(/重新处理原因/), '复检破损');
    await user.click(within(again).getByRole('button', { name: '重新处理' }));
    await waitFor(() => expect(callsOf(calls, 'BackRefusalOrder.againHandleStatus').map((c) => c.body)).toEqual([{ id: 2, handleStatus: 3, remark: '复检破损' }]));
  });

  it('重新入库 with the products named sends them; a refusal shows on the dialog; the Vietnam line asks its own service', async () => {
    const user = userEvent.setup();
    let refuse = true;
    const { api, calls } = fakeApi({
      'YNRefusalOrder.getRefusalOrderList': () => ({ totalCount: 1, items: [refusal({ line: 2 })] }),
      'YNRefusalOrder.handleStatus': () => {
        if (refuse) { refuse = false; throw new ApiError('库存商品 CASE-1 不在货物退回的仓库', 'http', 400, null, [{ message: '库存商品 CASE-1 不在货物退回的仓库', members: ['items'] }]); }
        return refusal({ line: 2, handleStatus: 1 });
      },
      'BackStockProduct.getStockProductList': () => ({ totalCount: 1, items: [product] }),
    });
    renderWithProviders(<Staff line={2} />, { api });
    const row = await rowOf('ML2611220001');
    await user.click(within(row).getByRole('button', { name: '处理' }));
    const dialog = await screen.findByRole('dialog', { name: '处理：ML2611220001' });
    expect((within(dialog).getByLabelText(/处理方式/) as HTMLSelectElement).value).toBe('1');
    await user.click(within(dialog).getByLabelText('指定商品和数量'));
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请选择入库的商品')).toBeTruthy();
    await waitFor(() => expect(within(dialog).getByRole('option', { name: /CASE-1 · 手机壳/ })).toBeTruthy());
    await user.selectOptions(within(dialog).getByLabelText('商品'), '31');
    await user.clear(within(dialog).getByLabelText('数量'));
    await user.type(within(dialog).getByLabelText('数量'), '2');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('库存商品 CASE-1 不在货物退回的仓库')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsOf(calls, 'YNRefusalOrder.handleStatus').map((c) => c.body)).toEqual([
      { id: 1, handleStatus: 1, remark: null, items: [{ stockProductId: 31, quantity: 2 }] }, { id: 1, handleStatus: 1, remark: null, items: [{ stockProductId: 31, quantity: 2 }] },
    ]);
    expect(callsOf(calls, 'BackStockProduct.getStockProductList')[0]!.query).toMatchObject({ userCode: 'S00001', warehouseInfoId: 7 });
    expect(callsOf(calls, 'BackRefusalOrder.getRefusalOrderList')).toHaveLength(0);
  });
});

describe('拒收退回订单 (seller)', () => {
  beforeEach(() => emulateViewport(1280));

  it('shows what came back on either line and what was decided, without actions', async () => {
    const { api } = fakeApi({
      'FrontRefusalOrder.getRefusalOrderList': () => ({ totalCount: 1, items: [refusal({ line: 2, handleStatus: 1, stockItems: [{ stockProductId: 31, productSku: 'CASE-1', quantity: 2 }] })] }),
    });
    function Seller() {
      const [search, setSearch] = useState<SellerRefusalSearch>({});
      return <SellerRefusalListPage search={search} onSearchChange={setSearch} />;
    }
    renderWithProviders(<Seller />, { api });
    const row = await rowOf('ML2611220001');
    expect(within(row).getByText('越南线拒收')).toBeTruthy();
    expect(within(row).getByText('重新入库')).toBeTruthy();
    expect(within(row).getByText('CASE-1×2')).toBeTruthy();
    expect(within(row).queryByRole('button')).toBeNull();
  });
});

describe('预报单', () => {
  beforeEach(() => emulateViewport(1280));

  it('imports a file and lists the rows that failed with their row number and reason', async () => {
    const user = userEvent.setup();
    const rows: AdvanceOrderDto[] = [];
    const { api, calls } = fakeApi({ 'AdvanceOrder.getOrderList': () => ({ totalCount: rows.length, items: rows }) });
    const files: File[] = [];
    let templates = 0;
    function Page() {
      const [search, setSearch] = useState<AdvanceSearch>({});
      return (
        <AdvanceOrderPage
          search={search} onSearchChange={setSearch}
          importFile={async (file) => {
            files.push(file);
            rows.push({ id: 1, shipment: 'YT1', expressCompany: '圆通速递', userId: 3, userCode: 'S00001', handleStatus: 0, remark: null, importRemark: null,
              againRemark: null, handleTime: null, handleUserName: null, creatorName: '小李', creationTime: '2026-11-22T02:00:00Z' });
            return { imported: 2, failed: [{ row: 3, shipment: '', reason: '快递单号为空' }] };
          }}
          downloadTemplate={async () => { templates++; }}
        />
      );
    }
    renderWithProviders(<Page />, { api });
    await user.click(await screen.findByRole('button', { name: '导入预报单' }));
    const dialog = await screen.findByRole('dialog', { name: '导入预报单' });
    await user.click(within(dialog).getByRole('button', { name: '下载导入模板' }));
    expect(templates).toBe(1);
    const xlsx = new File([new Uint8Array([0x50, 0x4b, 3, 4])], '预报.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    await user.upload(within(dialog).getByTestId('advance-import-file'), xlsx);
    const result = await within(dialog).findByTestId('advance-import-result');
    expect(within(result).getByText('导入 2 行，失败 1 行')).toBeTruthy();
    const failed = within(result).getByText('快递单号为空').closest('tr')!;
    expect(within(failed).getByText('3')).toBeTruthy();
    expect(files.map((f) => f.name)).toEqual(['预报.xlsx']);
    // The list is asked again: the imported row shows.
    await waitFor(() => expect(callsOf(calls, 'AdvanceOrder.getOrderList').length).toBeGreaterThan(1));
    expect(await screen.findByText('YT1')).toBeTruthy();
  });
});

describe('平台退货', () => {
  beforeEach(() => emulateViewport(1280));

  it('seller: 销毁 says what it costs before choosing; 退回卖家 takes an address; a handled one has no action', async () => {
    const user = userEvent.setup();
    const rows = [orderReturn({}), orderReturn({ id: 2, orderNumber: 'SHP2', whetherHandle: 1, handleType: 1 })];
    const { api, calls } = fakeApi({
      'FrontShopeeOrderReturn.getUserShopeeOrderReturnList': () => ({ totalCount: rows.length, items: rows }),
      'FrontShopeeOrderReturn.getDestroyFee': () => ({ destroyFee: 6.5 }),
      'FrontShopeeOrderReturn.update': (r) => orderReturn({ handleType: (r.body as { handleType: number }).handleType }),
    });
    function Seller() {
      const [search, setSearch] = useState<SellerReturnSearch>({});
      return <SellerOrderReturnPage search={search} onSearchChange={setSearch} />;
    }
    renderWithProviders(<Seller />, { api });
    const open = await rowOf('SHP1');
    expect(within(open).getByText('卖家未选择')).toBeTruthy();
    expect(within(await rowOf('SHP2')).queryByRole('button', { name: '选择处理方式' })).toBeNull();

    await user.click(within(open).getByRole('button', { name: '选择处理方式' }));
    const dialog = await screen.findByRole('dialog', { name: '处理方式：SHP1' });
    await user.click(within(dialog).getByLabelText('销毁'));
    expect(await within(dialog).findByText('选择销毁将扣除销毁费 6.50 积分，选择后不能更改。')).toBeTruthy();
    await user.click(within(dialog).getByLabelText('退回卖家'));
    await user.type(within(dialog).getByLabelText(/收件人/), '张三');
    await user.type(within(dialog).getByLabelText(/联系电话/), '13800000000');
    await user.type(within(dialog).getByLabelText(/退回地址/), '深圳市宝安区');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(callsOf(calls, 'FrontShopeeOrderReturn.update').map((c) => c.body)).toEqual([
      { id: 1, handleType: 2, reMark: null, recipientName: '张三', receiptPhone: '13800000000', receiptAddress: '深圳市宝安区' },
    ]));
  });

  it('staff: 标记已处理 of a 入库 return without an order asks for the products; the seller\'s choice shows', async () => {
    const user = userEvent.setup();
    const rows = [orderReturn({ handleType: 1 }), orderReturn({ id: 2, orderNumber: 'SHP2', handleType: null })];
    const { api, calls } = fakeApi({
      'ShopeeOrderReturn.getShopeeOrderReturnList': () => ({ totalCount: rows.length, items: rows }),
      'ShopeeOrderReturn.update': () => orderReturn({ whetherHandle: 1, handleType: 1 }),
      'BackStockProduct.getStockProductList': () => ({ totalCount: 1, items: [product] }),
    });
    function StaffReturns() {
      const [search, setSearch] = useState<StaffReturnSearch>({});
      return <StaffOrderReturnPage search={search} onSearchChange={setSearch} />;
    }
    renderWithProviders(<StaffReturns />, { api });
    expect(within(await rowOf('SHP2')).queryByRole('button', { name: '标记已处理' })).toBeNull();
    const row = await rowOf('SHP1');
    await user.click(within(row).getByRole('button', { name: '标记已处理' }));
    const dialog = await screen.findByRole('dialog', { name: '标记已处理：SHP1' });
    expect(within(dialog).getByText('入库')).toBeTruthy();
    expect(within(dialog).queryByLabelText('按订单商品全部入库')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: '标记已处理' }));
    expect(await within(dialog).findByText('请选择入库的商品')).toBeTruthy();
    await waitFor(() => expect(within(dialog).getByRole('option', { name: /CASE-1/ })).toBeTruthy());
    await user.selectOptions(within(dialog).getByLabelText('商品'), '31');
    await user.type(within(dialog).getByLabelText('仓库备注'), '已上架');
    await user.click(within(dialog).getByRole('button', { name: '标记已处理' }));
    await waitFor(() => expect(callsOf(calls, 'ShopeeOrderReturn.update').map((c) => c.body)).toEqual([
      { id: 1, whetherHandle: 1, reMark: '已上架', items: [{ stockProductId: 31, quantity: 1 }] },
    ]));
  });
});
