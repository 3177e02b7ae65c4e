// 我的快递 (issue 44 §6, seller side): an abnormal parcel (异常) shows why, beside the staff's photo.
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
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
});
