import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiRequest } from '#shared/api-client.ts';
import type { ParcelDto } from '#shared/contracts/orders.ts';
import { zhHans } from '#shared/i18n/zh-Hans.ts';
import { ApiError } from '../../lib/api.ts';
import { fakeConfiguration } from '../../lib/test-config.ts';
import { createFakeApi, renderWithProviders, type FakeHandler } from '../../test/render.tsx';
import { emulateViewport } from '../../components/list-page/testing.ts';
import { AbnormalParcelListPage, ParcelListPage } from './parcel-list-pages.tsx';
import type { ParcelListSearch } from './search.ts';
import { fileUrl } from '#shared/file-links.ts';

const buildParcel = (over: Partial<ParcelDto>): ParcelDto => ({
  id: 1, shipment: 'YT100001', warehouseInfoId: 1, warehouseName: '深圳大陆仓', userId: 7, userCode: 'S00001', orderId: 3, orderType: 2,
  receiveStatus: 1, signForTime: '2024-05-06T06:03:00Z', signUserName: 'admin', shelfNumber: 'H0001', weight: 1.2, reMark: null,
  imageGuid: null, goodsImageGuid: null, userUploadImageGuid: null, isNeedTakePicture: false, creationTime: '2024-05-06T06:00:00Z', ...over,
});
const SIGNED = buildParcel({});
const UNCLAIMED = buildParcel({ id: 2, shipment: 'SF200002', userId: null, userCode: null, orderId: null, receiveStatus: 5, imageGuid: '0b6f5f2e-4a57-4c7c-9d3a-1d2f3e4a5b6c' });

function fakeApi(extra: Record<string, FakeHandler> = {}) {
  return createFakeApi({
    'AbpUserConfiguration.getAll': () => fakeConfiguration({ userId: 1, tenantId: 1, values: zhHans }),
    'Logistics.getLogisticsList': () => ({ totalCount: 2, items: [SIGNED, UNCLAIMED] }),
    'BackOrder.getAbnormalReceivingOrderList': () => ({ totalCount: 1, items: [UNCLAIMED] }),
    ...extra,
  });
}
const noAuth = { getToken: () => null, getTenantId: () => 1, getCulture: () => 'zh-Hans' };
const callsOf = (all: ApiRequest[], name: string) => all.filter((c) => `${c.service}.${c.action}` === name);
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

function Parcels() {
  const [search, setSearch] = useState<ParcelListSearch>({});
  return <ParcelListPage search={search} onSearchChange={setSearch} exportSource={noAuth} />;
}

describe('包裹列表', () => {
  beforeEach(() => {
    emulateViewport(1280);
  });

  it('deletes only parcels awaiting sign-in or unclaimed, and edits slot, weight and remark', async () => {
    const user = userEvent.setup();
    const { api, calls } = fakeApi({ 'Logistics.edit': (r) => ({ ...SIGNED, ...(r.body as object) }), 'Logistics.delete': () => null });
    renderWithProviders(<Parcels />, { api });

    const signed = await rowOf('YT100001');
    expect(within(signed).getByText('已签收')).toBeTruthy();
    // Only the buttons that work (issue 44 §7): a signed parcel cannot be deleted, so 删除 is not offered.
    expect(within(signed).queryByRole('button', { name: '删除' })).toBeNull();
    expect(within(signed).queryByRole('button', { name: '指定卖家' })).toBeNull();
    const unclaimed = await rowOf('SF200002');
    expect(within(unclaimed).getByText('无主')).toBeTruthy();

    await user.click(within(signed).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog', { name: '编辑包裹' });
    const slot = within(dialog).getByRole('textbox', { name: '暂存位' });
    await user.clear(slot);
    await user.type(slot, 'H0009');
    await user.type(within(dialog).getByRole('textbox', { name: '备注' }), '外箱破损');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '编辑包裹' })).toBeNull());
    expect(callsOf(calls, 'Logistics.edit')[0]!.body).toEqual({ id: 1, reMark: '外箱破损', shelfNumber: 'H0009', weight: 1.2 });

    // The status filter goes to the server as receiveStatus.
    await user.click(screen.getByRole('combobox', { name: '签收状态' }));
    await user.click(await screen.findByRole('option', { name: '无主件', hidden: true }));
    await waitFor(() => expect(callsOf(calls, 'Logistics.getLogisticsList').at(-1)!.query).toEqual({ currentPage: 1, pageSize: 10, receiveStatus: 5 }));
  });

  it('shows each 暂存位 with what really sits in that slot (issue 44 item 1c)', async () => {
    const user = userEvent.setup();
    const items: ParcelDto[] = [
      buildParcel({ id: 11, shipment: 'YT110011', shelfNumber: 'H0007', slotHolder: { kind: 'self', name: null, userCode: null } }),
      buildParcel({ id: 12, shipment: 'YT120012', shelfNumber: 'H0008', slotHolder: { kind: 'parcel', name: 'SF900009', userCode: 'S00002' } }),
      buildParcel({ id: 13, shipment: 'YT130013', shelfNumber: 'H0009', slotHolder: { kind: 'order', name: 'ML26112900001', userCode: 'S00003' } }),
      buildParcel({ id: 14, shipment: 'YT140014', shelfNumber: 'H0010', slotHolder: { kind: 'none', name: null, userCode: null } }),
    ];
    const { api } = fakeApi({ 'Logistics.getLogisticsList': () => ({ totalCount: items.length, items }) });
    renderWithProviders(<Parcels />, { api });
    const own = within(await rowOf('YT110011')).getByText('H0007');
    expect(own.getAttribute('data-slot-holder')).toBe('self');
    await user.hover(own);
    expect(await screen.findByText('本单占用')).toBeTruthy();
    expect(within(await rowOf('YT120012')).getByText('H0008 被包裹 SF900009（S00002）占用')).toBeTruthy();
    expect(within(await rowOf('YT130013')).getByText('H0009 被订单 ML26112900001（S00003）占用')).toBeTruthy();
    expect(within(await rowOf('YT140014')).getByText('H0010 未被占用（库位表中是空闲的）')).toBeTruthy();
  });
});

describe('异常件', () => {
  beforeEach(() => {
    emulateViewport(1280);
  });

  it('shows an abnormal parcel\'s reason beside its photo, which opens the image (issue 44 §6)', async () => {
    const guid = '1c6f5f2e-4a57-4c7c-9d3a-1d2f3e4a5b6d';
    const abnormal = buildParcel({ id: 3, shipment: 'SF300003', receiveStatus: 6, imageGuid: guid, abnormalReason: '外箱破损' });
    const { api } = fakeApi({ 'BackOrder.getAbnormalReceivingOrderList': () => ({ totalCount: 2, items: [abnormal, UNCLAIMED] }) });
    renderWithProviders(<AbnormalParcelListPage search={{}} onSearchChange={() => {}} />, { api });
    const row = await rowOf('SF300003');
    expect(within(row).getByTestId('abnormal-reason').textContent).toBe('异常原因：外箱破损');
    const photo = within(row).getByRole('img', { name: '包裹照片' });
    expect(photo.closest('a')!.getAttribute('href')).toBe(fileUrl('getLogisticsImage', { guid }));
    expect(photo.closest('a')!.getAttribute('target')).toBe('_blank');
    expect(within(await rowOf('SF200002')).queryByTestId('abnormal-reason')).toBeNull();
  });

  it('shows the photo and assigns the parcel to a seller by code, with the server’s refusal in the dialog', async () => {
    const user = userEvent.setup();
    const { api, calls } = fakeApi({
      'Logistics.edit': (r) => {
        if ((r.body as { userCode?: string }).userCode === 'S99999') throw new ApiError('没有编码为 S99999 的卖家', 'http', 409);
        return { ...UNCLAIMED, userCode: 'S00001', receiveStatus: 1 };
      },
    });
    function Abnormal() {
      const [search, setSearch] = useState<ParcelListSearch>({});
      return <AbnormalParcelListPage search={search} onSearchChange={setSearch} />;
    }
    renderWithProviders(<Abnormal />, { api });

    const row = await rowOf('SF200002');
    expect(within(row).getByRole('img', { name: '包裹照片' }).getAttribute('src')).toBe(fileUrl('getLogisticsImage', { guid: '0b6f5f2e-4a57-4c7c-9d3a-1d2f3e4a5b6c' }));
    await user.click(within(row).getByRole('button', { name: '指定卖家' }));
    const dialog = await screen.findByRole('dialog', { name: '指定卖家' });
    await user.type(within(dialog).getByRole('textbox', { name: '卖家编码' }), 's99999');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('没有编码为 S99999 的卖家');

    const code = within(dialog).getByRole('textbox', { name: '卖家编码' });
    await user.clear(code);
    await user.type(code, 'S00001');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '指定卖家' })).toBeNull());
    expect(callsOf(calls, 'Logistics.edit').map((c) => c.body)).toEqual([{ id: 2, userCode: 'S99999' }, { id: 2, userCode: 'S00001' }]);
  });
});
