import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiRequest } from '#shared/api-client.ts';
import type { RejectionDto } from '#shared/contracts/rejections.ts';
import { zhHans } from '#shared/i18n/zh-Hans.ts';
import { fakeConfiguration } from '../../lib/test-config.ts';
import { createFakeApi, renderWithProviders, type FakeHandler } from '../../test/render.tsx';
import { emulateViewport } from '../../components/list-page/testing.ts';
import { SellerRejectionListPage, StaffRejectionListPage } from './rejection-list-pages.tsx';
import type { SellerRejectionSearch, StaffRejectionSearch } from './queries.ts';

const row = (over: Partial<RejectionDto>): RejectionDto => ({
  id: 1, shipment: 'ZT1000000001', expressCompany: '中通快递', warehouseInfoId: 7, warehouseName: '义乌仓', userId: 3, userCode: 'S00001', handleType: 1, handleStatus: 0,
  reMark: null, recipientName: null, receiptPhone: null, receiptAddress: null, reason: null, rejectionTime: null, revokedTime: null, creationTime: '2026-11-22T02:00:00Z', ...over,
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
});
