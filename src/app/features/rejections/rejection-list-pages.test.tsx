import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiRequest } from '#shared/api-client.ts';
import type { RejectionDto } from '#shared/contracts/rejections.ts';
import { zhHans } from '#shared/i18n/zh-Hans.ts';
import { ApiError } from '../../lib/api.ts';
import { fakeConfiguration } from '../../lib/test-config.ts';
import { createFakeApi, renderWithProviders, type FakeHandler } from '../../test/render.tsx';
import { emulateViewport } from '../../components/list-page/testing.ts';
import { SellerRejectionListPage, StaffRejectionListPage } from './rejection-list-pages.tsx';
import type { SellerRejectionSearch, StaffRejectionSearch } from './queries.ts';

const row = (over: Partial<RejectionDto>): RejectionDto => ({
  id: 1, shipment: 'ZT1000000001', expressCompany: '中通快递', warehouseInfoId: 7, warehouseName: '义乌仓', userId: 3, userCode: 'S00001', handleType: 1, handleStatus: 0,
  reMark: null, recipientName: null, receiptPhone: null, receiptAddress: null, reason: null, rejectionTime: null, revokedTime: null,
  returnNo: null, returnExpressCompany: null, expressCost: null, returnTime: null, deductionType: null, deductionAmount: null, warehouseRemark: null, creationTime: '2026-11-22T02:00:00Z', ...over,
});
const ROWS = [row({}), row({ id: 2, shipment: 'SF1000000002', handleStatus: 2, reason: '已签收' })];

function fakeApi(extra: Record<string, FakeHandler> = {}) {
  return createFakeApi({
    'AbpUserConfiguration.getAll': () => fakeConfiguration({ userId: 1, tenantId: 1, values: zhHans }),
    'ExpressRejection.getExpressRejectionList': () => ({ totalCount: ROWS.length, items: ROWS }),
    'BackExpressRejectionReturn.getBackRejectionReturnList': () => ({ totalCount: ROWS.length, items: ROWS }),
    'WarehouseInfo.getWarehouseInfoList': () => ({ totalCount: 0, items: [] }),
    ...extra,
  });
}
const callsOf = (all: ApiRequest[], name: string) => all.filter((c) => `${c.service}.${c.action}` === name);
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

function Seller() {
  const [search, setSearch] = useState<SellerRejectionSearch>({});
  return <SellerRejectionListPage search={search} onSearchChange={setSearch} />;
}
function Staff() {
  const [search, setSearch] = useState<StaffRejectionSearch>({});
  return <StaffRejectionListPage search={search} onSearchChange={setSearch} />;
}

describe('拒收/退回', () => {
  beforeEach(() => {
    emulateViewport(1280);
  });

  it('seller: lists requests with their status and withdraws a pending one after confirming', async () => {
    const user = userEvent.setup();
    const { api, calls } = fakeApi({ 'ExpressRejection.editRevoked': () => row({ handleStatus: 4 }) });
    renderWithProviders(<Seller />, { api });
    const pending = await rowOf('ZT1000000001');
    expect(within(pending).getByText('待处理')).toBeTruthy();
    const failed = await rowOf('SF1000000002');
    expect(within(failed).getByText('拒收失败')).toBeTruthy();
    expect(within(failed).queryByRole('button', { name: '撤销' })).toBeNull();

    await user.click(within(pending).getByRole('button', { name: '撤销' }));
    const dialog = await screen.findByRole('dialog', { name: '撤销申请' });
    await user.click(within(dialog).getByRole('button', { name: '撤销' }));
    await waitFor(() => expect(callsOf(calls, 'ExpressRejection.editRevoked').map((c) => c.body)).toEqual([{ id: 1 }]));
  });

  it('staff: 拒收失败 asks for a reason and sends it; 撤销失败 on a failed one', async () => {
    const user = userEvent.setup();
    const { api, calls } = fakeApi({
      'BackExpressRejectionReturn.processFaile': () => row({ handleStatus: 2 }),
      'BackExpressRejectionReturn.cancleFail': () => row({ id: 2, handleStatus: 0 }),
    });
    renderWithProviders(<Staff />, { api });
    const pending = await rowOf('ZT1000000001');
    await user.click(within(pending).getByRole('button', { name: '拒收失败' }));
    const dialog = await screen.findByRole('dialog', { name: '拒收失败：ZT1000000001' });
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请输入失败原因')).toBeTruthy();
    expect(callsOf(calls, 'BackExpressRejectionReturn.processFaile')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/失败原因/), '快递员已离开');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(callsOf(calls, 'BackExpressRejectionReturn.processFaile').map((c) => c.body)).toEqual([{ id: 1, reason: '快递员已离开' }]));

    const failed = await rowOf('SF1000000002');
    await user.click(within(failed).getByRole('button', { name: '撤销失败' }));
    const undo = await screen.findByRole('dialog', { name: '撤销失败' });
    await user.click(within(undo).getByRole('button', { name: '撤销失败' }));
    await waitFor(() => expect(callsOf(calls, 'BackExpressRejectionReturn.cancleFail').map((c) => c.query)).toEqual([{ id: 2 }]));
  });

  it('staff: 确认退回 takes the courier and cost; 扣费 charges the seller and shows a refusal; 撤销扣费 and 仓库备注', async () => {
    const user = userEvent.setup();
    const returns = [
      row({ id: 5, shipment: 'YT5000000005', handleType: 2, handleStatus: 0, recipientName: '张三', receiptPhone: '13800000000', receiptAddress: '深圳市宝安区' }),
      row({ id: 6, shipment: 'YT6000000006', handleType: 2, handleStatus: 3, returnNo: 'SF1', returnExpressCompany: '顺丰速运', expressCost: 12.5 }),
      row({ id: 7, shipment: 'YT7000000007', handleType: 2, handleStatus: 5, deductionType: 1, deductionAmount: 8 }),
    ];
    let short = true;
    const { api, calls } = fakeApi({
      'BackExpressRejectionReturn.getBackRejectionReturnList': () => ({ totalCount: returns.length, items: returns }),
      'BackExpressRejectionReturn.confirmReturn': () => row({ id: 5, handleType: 2, handleStatus: 3 }),
      'BackExpressRejectionReturn.confirmDeduction': () => {
        if (short) { short = false; throw new ApiError('卖家积分不足：需扣 12.50，余额 3.00。请卖家充值后再扣费。', 'http', 409); }
        return row({ id: 6, handleType: 2, handleStatus: 5 });
      },
      'BackExpressRejectionReturn.deductionReturn': () => row({ id: 7, handleType: 2, handleStatus: 3 }),
      'BackExpressRejectionReturn.addWarehouseRemark': () => row({ id: 7, warehouseRemark: '外箱破损' }),
    });
    renderWithProviders(<Staff />, { api });

    const pending = await rowOf('YT5000000005');
    expect(within(pending).queryByRole('button', { name: '确认拒收' })).toBeNull();
    await user.click(within(pending).getByRole('button', { name: '确认退回' }));
    const sendBack = await screen.findByRole('dialog', { name: '确认退回：YT5000000005' });
    expect((within(sendBack).getByLabelText('退回地址') as HTMLInputElement).value).toBe('张三 13800000000 深圳市宝安区');
    await user.type(within(sendBack).getByLabelText(/快递公司/), '顺丰速运');
    await user.type(within(sendBack).getByLabelText(/退回单号/), 'SF9000000001');
    await user.type(within(sendBack).getByLabelText(/快递费用/), '12.5x');
    await user.click(within(sendBack).getByRole('button', { name: '确认退回' }));
    expect(await within(sendBack).findByText('快递费用须为数字，最多两位小数')).toBeTruthy();
    await user.clear(within(sendBack).getByLabelText(/快递费用/));
    await user.type(within(sendBack).getByLabelText(/快递费用/), '12.5');
    await user.click(within(sendBack).getByRole('button', { name: '确认退回' }));
    await waitFor(() => expect(callsOf(calls, 'BackExpressRejectionReturn.confirmReturn').map((c) => c.body))
      .toEqual([{ id: 5, returnExpressCompany: '顺丰速运', returnNo: 'SF9000000001', expressCost: 12.5 }]));

    // 扣费 starts from the courier's cost; the server's refusal shows on the form, which stays open.
    const returned = await rowOf('YT6000000006');
    await user.click(within(returned).getByRole('button', { name: '扣费' }));
    const charge = await screen.findByRole('dialog', { name: '扣费：YT6000000006' });
    expect((within(charge).getByLabelText(/扣费金额/) as HTMLInputElement).value).toBe('12.5');
    await user.click(within(charge).getByRole('button', { name: '扣费' }));
    expect(await within(charge).findByText(/卖家积分不足/)).toBeTruthy();
    await user.click(within(charge).getByRole('button', { name: '扣费' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '扣费：YT6000000006' })).toBeNull());
    expect(callsOf(calls, 'BackExpressRejectionReturn.confirmDeduction').map((c) => c.body)).toEqual([
      { id: 6, deductionType: 1, amount: 12.5 }, { id: 6, deductionType: 1, amount: 12.5 },
    ]);

    const deducted = await rowOf('YT7000000007');
    expect(within(deducted).getByText('8.00（退件运费）')).toBeTruthy();
    await user.click(within(deducted).getByRole('button', { name: '撤销扣费' }));
    const refund = await screen.findByRole('dialog', { name: '撤销扣费' });
    expect(within(refund).getByText('把快递单号 YT7000000007 扣的 8.00 积分退还给卖家吗？')).toBeTruthy();
    await user.click(within(refund).getByRole('button', { name: '撤销扣费' }));
    await waitFor(() => expect(callsOf(calls, 'BackExpressRejectionReturn.deductionReturn').map((c) => c.query)).toEqual([{ id: 7 }]));

    await user.click(within(deducted).getByRole('button', { name: '仓库备注' }));
    const note = await screen.findByRole('dialog', { name: '仓库备注：YT7000000007' });
    await user.type(within(note).getByLabelText('仓库备注'), '外箱破损');
    await user.click(within(note).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(callsOf(calls, 'BackExpressRejectionReturn.addWarehouseRemark').map((c) => c.query)).toEqual([{ id: 7, remark: '外箱破损' }]));
  });

  it('staff, overseas: the same queue from GetBackOverseasReturnList', async () => {
    const { api, calls } = fakeApi({ 'BackExpressRejectionReturn.getBackOverseasReturnList': () => ({ totalCount: 1, items: [row({ id: 9, shipment: 'TW9000000009' })] }) });
    function Overseas() {
      const [search, setSearch] = useState<StaffRejectionSearch>({});
      return <StaffRejectionListPage overseas search={search} onSearchChange={setSearch} />;
    }
    renderWithProviders(<Overseas />, { api });
    expect(await rowOf('TW9000000009')).toBeTruthy();
    expect(callsOf(calls, 'BackExpressRejectionReturn.getBackRejectionReturnList')).toHaveLength(0);
  });
});
