// 我的快递 (issue 44 §6, seller side): an abnormal parcel (异常) shows why, beside the staff's photo.
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ParcelDto } from '#shared/contracts/orders.ts';
import { zhHans } from '#shared/i18n/zh-Hans.ts';
import { fakeConfiguration } from '../../lib/test-config.ts';
import { createFakeApi, renderWithProviders } from '../../test/render.tsx';
import { emulateViewport } from '../../components/list-page/testing.ts';
import { ExpressListPage } from './express-list-page.tsx';

const GUID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const parcel = (over: Partial<ParcelDto>): ParcelDto => ({
  id: 1, shipment: 'YT1234567890', warehouseInfoId: 1, warehouseName: '义乌仓', userId: 5, userCode: 'S00001', orderId: null, orderType: null,
  receiveStatus: 1, signForTime: '2026-03-01T02:00:00Z', signUserName: '小李', shelfNumber: 'H0007', weight: null, reMark: null, imageGuid: null,
  goodsImageGuid: null, userUploadImageGuid: null, isNeedTakePicture: false, creationTime: '2026-03-01T01:00:00Z', abnormalReason: null, ...over,
});

describe('我的快递 — 异常件', () => {
  beforeEach(() => emulateViewport(1440));

  it('shows the reason and the photo of an abnormal parcel, and no reason for a normal one', async () => {
    const { api } = createFakeApi({
      'AbpUserConfiguration.getAll': () => fakeConfiguration({ userId: 5, tenantId: 1, values: zhHans }),
      'UserExpressInfo.getUserExpressInfoList': () => ({
        totalCount: 2,
        items: [
          parcel({ id: 1, shipment: 'YT1000000001', receiveStatus: 6, imageGuid: GUID, abnormalReason: '外箱破损' }),
          parcel({ id: 2, shipment: 'YT1000000002', receiveStatus: 1 }),
        ],
      }),
    });
    renderWithProviders(
      <ExpressListPage search={{}} onSearchChange={() => {}} onOpenOrder={() => {}} upload={async () => { throw new Error('no upload'); }} />,
      { api },
    );
    const row = (await screen.findByText('YT1000000001')).closest('tr')!;
    expect(within(row).getByTestId('abnormal-reason').textContent).toBe('异常原因：外箱破损');
    expect(within(row).getByRole('img', { name: '包裹照片' }).getAttribute('src')).toContain(GUID);
    const normal = screen.getByText('YT1000000002').closest('tr')!;
    expect(within(normal).queryByTestId('abnormal-reason')).toBeNull();
  });

  it('asks for an abnormal parcel back from its row (申请退回, the shared rule), the number filled in', async () => {
    const user = userEvent.setup();
    const { api, calls } = createFakeApi({
      'AbpUserConfiguration.getAll': () => fakeConfiguration({ userId: 5, tenantId: 1, values: zhHans }),
      'UserExpressInfo.getUserExpressInfoList': () => ({
        totalCount: 2,
        items: [
          parcel({ id: 1, shipment: 'YT1000000001', receiveStatus: 6, imageGuid: GUID, abnormalReason: '外箱破损' }),
          parcel({ id: 2, shipment: 'YT1000000002', receiveStatus: 0, signForTime: null }),
        ],
      }),
      'ExpressRejection.createReturnInfo': (r) => ({ id: 9, ...(r.body as object) }),
    });
    renderWithProviders(
      <ExpressListPage search={{}} onSearchChange={() => {}} onOpenOrder={() => {}} upload={async () => { throw new Error('no upload'); }} />,
      { api },
    );
    const row = (await screen.findByText('YT1000000001')).closest('tr')!;
    // Not offered on a parcel still on its way.
    expect(within(screen.getByText('YT1000000002').closest('tr')!).queryByRole('button', { name: '申请退回' })).toBeNull();
    await user.click(within(row).getByRole('button', { name: '申请退回' }));
    const dialog = await screen.findByRole('dialog', { name: '申请退回' });
    expect((within(dialog).getByLabelText(/快递单号/) as HTMLInputElement).value).toBe('YT1000000001');
    await user.type(within(dialog).getByLabelText(/收件人/), '张三');
    await user.type(within(dialog).getByLabelText(/联系电话/), '13800000000');
    await user.type(within(dialog).getByLabelText(/退回地址/), '深圳市宝安区');
    await user.click(within(dialog).getByRole('button', { name: '提交' }));
    await waitFor(() => expect(calls.filter((c) => c.action === 'createReturnInfo')).toHaveLength(1));
    expect(calls.find((c) => c.action === 'createReturnInfo')!.body).toMatchObject({ shipment: 'YT1000000001', recipientName: '张三', receiptAddress: '深圳市宝安区' });
  });
});
