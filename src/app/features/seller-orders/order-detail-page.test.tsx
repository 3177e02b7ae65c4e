// 订单详情 (/frontDisplay/orderDetail) and 大陆订单详情 (/frontmainlandDisplay/frontmainlandorderDetail):
// one screen for both routes — the header, lines, parcels with their photos and the audit trail.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { z } from 'zod';
import type { OrderDetailDto, ParcelDto } from '#shared/contracts/orders.ts';
import { zhHans } from '#shared/i18n/zh-Hans.ts';
import { ApiError } from '../../lib/api.ts';
import { fakeConfiguration } from '../../lib/test-config.ts';
import { createFakeApi, renderWithProviders } from '../../test/render.tsx';
import { emulateViewport } from '../../components/list-page/testing.ts';
import { OrderDetailPage } from './order-detail-page.tsx';
import { buildOrder } from './test-data.ts';
import { fileUrl } from '#shared/file-links.ts';

type Detail = z.input<typeof OrderDetailDto>;

const GUID_OUTSIDE = '3f1c1e2a-1111-4a5b-8c9d-000000000001';
const GUID_GOODS = '3f1c1e2a-1111-4a5b-8c9d-000000000002';

const parcel = (over: Partial<ParcelDto>): ParcelDto => ({
  id: 1, shipment: 'YT1234567890', warehouseInfoId: 1, warehouseName: '义乌仓', userId: 5, userCode: 'S00001', orderId: 201, orderType: 2,
  receiveStatus: 0, signForTime: null, signUserName: null, shelfNumber: null, weight: null, reMark: null, imageGuid: null, goodsImageGuid: null,
  userUploadImageGuid: null, isNeedTakePicture: false, creationTime: '2026-03-01T01:00:00Z', ...over,
});

/** A mainland order with two lines on two tracking numbers: one signed in (photographed), one on its way. */
const mainland = (over: Partial<Detail> = {}): Detail => ({
  ...buildOrder({
    id: 201, tradeNo: 'ML26030100001', orderNumber: 'SP-2001', orderType: 2, shippingMethods: 2, orderStatus: 2, packageStatus: 1, isUrgent: true,
    shelfNumber: 'H0007', reMark: '易碎，请轻放',
    orderProductInfosList: [
      { id: 1, productName: '手机壳', productSku: 'CASE-1', specification: '黑色', quantity: 2, price: 9.9, productImg: null, shipment: 'YT1234567890' },
      { id: 2, productName: '数据线', productSku: '', specification: null, quantity: 1, price: null, productImg: null, shipment: 'ZT0987654321' },
    ],
  }),
  parcels: [
    parcel({ id: 1, receiveStatus: 1, signForTime: '2026-03-02T02:30:00Z', signUserName: '拣货员小李', shelfNumber: 'H0007', weight: 0.35, imageGuid: GUID_OUTSIDE, goodsImageGuid: GUID_GOODS }),
    parcel({ id: 2, shipment: 'ZT0987654321' }),
  ],
  audit: [
    { id: 1, entity: 'order', entityId: 201, tradeNo: 'ML26030100001', orderNumber: 'SP-2001', action: 'create', statusBefore: null, statusAfter: '1/0', note: null, userName: 'seller01', creationTime: '2026-03-01T01:00:00Z' },
    { id: 2, entity: 'order', entityId: 201, tradeNo: 'ML26030100001', orderNumber: 'SP-2001', action: 'parcelArrived', statusBefore: '1/0', statusAfter: '2/1', note: '已到 1/2 个快递单号，暂存位 H0007', userName: '拣货员小李', creationTime: '2026-03-02T02:30:00Z' },
  ],
  ...over,
});

function setup(detail: Detail | (() => never), { id }: { id: number | undefined } = { id: 201 }) {
  const fake = createFakeApi({
    'AbpUserConfiguration.getAll': () => fakeConfiguration({ userId: 5, tenantId: 1, values: zhHans }),
    'FrontOrder.getOrderInfo': () => (typeof detail === 'function' ? detail() : detail),
  });
  const onEdit = vi.fn();
  renderWithProviders(<OrderDetailPage id={id} onEdit={onEdit} />, { api: fake.api });
  return { ...fake, onEdit };
}

describe('订单详情', () => {
  beforeEach(() => emulateViewport(1280));

  it('shows the header with statuses, slot and labels, and asks for the order by id', async () => {
    const { calls } = setup(mainland());
    expect(await screen.findByText('ML26030100001')).toBeTruthy();
    expect(calls.find((c) => c.action === 'getOrderInfo')!.query).toEqual({ id: 201 });
    expect(screen.getByText('处理中')).toBeTruthy();
    expect(screen.getByText('部分到货')).toBeTruthy();
    expect(screen.getByText('加急')).toBeTruthy();
    expect(screen.getAllByText('H0007').length).toBeGreaterThan(0);
    expect(screen.getByText('大陆订单')).toBeTruthy();
    expect(screen.getByText('第三方物流')).toBeTruthy();
    expect(screen.getByText('台湾')).toBeTruthy();
    expect(screen.getByText('易碎，请轻放')).toBeTruthy();
    // No label PDF: no link.
    expect(screen.queryByRole('link', { name: '查看 PDF' })).toBeNull();
  });

  it('lists the lines with their tracking numbers', async () => {
    setup(mainland());
    const table = await screen.findByRole('table', { name: '商品明细' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['手机壳', 'CASE-1', '黑色', '2', '9.9', 'YT1234567890'],
      ['数据线', '—', '—', '1', '—', 'ZT0987654321'],
    ]);
  });

  it('shows each parcel with its state, signer and photos linking to the image service', async () => {
    setup(mainland());
    await screen.findByText('ML26030100001');
    const signed = screen.getByText('签收人：拣货员小李').closest('.mantine-Card-root') as HTMLElement;
    expect(within(signed).getByText('已签收')).toBeTruthy();
    expect(within(signed).getByText('重量：0.35 kg')).toBeTruthy();
    expect(within(signed).getByText('签收时间：2026-03-02 10:30')).toBeTruthy();
    expect(within(signed).getByRole('img', { name: '包裹照片' }).getAttribute('src')).toBe(fileUrl('getLogisticsImage', { guid: GUID_OUTSIDE }));
    expect(within(signed).getByRole('img', { name: '货物照片' }).getAttribute('src')).toBe(fileUrl('getLogisticsImage', { guid: GUID_GOODS }));
    const waiting = screen.getByText('ZT0987654321', { selector: '.mantine-Card-root code' }).closest('.mantine-Card-root') as HTMLElement;
    expect(within(waiting).getByText('待签收')).toBeTruthy();
    expect(within(waiting).queryByRole('img')).toBeNull();
  });

  it('shows the audit trail as sentences with the status change', async () => {
    setup(mainland());
    expect(await screen.findByText('创建')).toBeTruthy();
    expect(screen.getByText('包裹到仓')).toBeTruthy();
    expect(screen.getByText('待处理 / 待到货 → 处理中 / 部分到货')).toBeTruthy();
    expect(screen.getByText('已到 1/2 个快递单号，暂存位 H0007')).toBeTruthy();
    expect(screen.getByText('2026-03-02 10:30 · 拣货员小李')).toBeTruthy();
  });

  it('offers 编辑 before packing only, and hands the id to the route', async () => {
    const { onEdit } = setup(mainland());
    await userEvent.click(await screen.findByRole('button', { name: '编辑' }));
    expect(onEdit).toHaveBeenCalledWith(201);
  });

  it('has no 编辑 once packed, and links the label PDF of an SLS order', async () => {
    setup(mainland({ orderType: 1, shippingMethods: 1, packageStatus: 3, pdfGuid: '3f1c1e2a-1111-4a5b-8c9d-0000000000aa', parcels: [], audit: [] }));
    await screen.findByText('ML26030100001');
    expect(screen.queryByRole('button', { name: '编辑' })).toBeNull();
    expect(screen.getByRole('link', { name: '查看 PDF' }).getAttribute('href')).toBe(fileUrl('getPdf', { guid: '3f1c1e2a-1111-4a5b-8c9d-0000000000aa' }));
    expect(screen.getByText('暂无包裹')).toBeTruthy();
    expect(screen.getByText('暂无记录')).toBeTruthy();
  });

  it('gets the label of a synced Shopee order from the platform, and says why it cannot', async () => {
    let label: string | null = null;
    const fake = createFakeApi({
      'AbpUserConfiguration.getAll': () => fakeConfiguration({ userId: 5, tenantId: 1, values: zhHans }),
      'FrontOrder.getOrderInfo': () => mainland({ orderType: 1, shippingMethods: 1, orderNumber: '2611SHOPEE01', pdfGuid: label, parcels: [], audit: [] }),
      'ShopeeOrder.dwonLoadPdf': (r) => {
        if (label === null && (r.query as { orderNumber: string }).orderNumber === '2611SHOPEE01' && fake.calls.filter((c) => c.action === 'dwonLoadPdf').length === 1) {
          throw new ApiError('店铺 阿明 未授权或已过期，无法获取面单。', 'http', 409, null, null, false);
        }
        label = '3f1c1e2a-1111-4a5b-8c9d-0000000000bb';
        return { orderNumber: '2611SHOPEE01', pdfGuid: label };
      },
    });
    renderWithProviders(<OrderDetailPage id={201} onEdit={vi.fn()} />, { api: fake.api });
    await userEvent.click(await screen.findByRole('button', { name: '从 Shopee 获取' }));
    expect(await screen.findByText('店铺 阿明 未授权或已过期，无法获取面单。')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '从 Shopee 获取' }));
    expect((await screen.findByRole('link', { name: '查看 PDF' })).getAttribute('href')).toBe(fileUrl('getPdf', { guid: '3f1c1e2a-1111-4a5b-8c9d-0000000000bb' }));
    expect(fake.calls.filter((c) => c.action === 'dwonLoadPdf').map((c) => c.query)).toEqual([{ orderNumber: '2611SHOPEE01' }, { orderNumber: '2611SHOPEE01' }]);
  });

  it('explains an order that is not the seller\'s (404)', async () => {
    setup(() => { throw new ApiError('订单不存在或已被删除。', 'http', 404); });
    expect(await screen.findByText('订单不存在或已被删除。')).toBeTruthy();
  });

  it('asks nothing without an id', async () => {
    const { calls } = setup(mainland(), { id: undefined });
    expect(await screen.findByText('缺少订单编号')).toBeTruthy();
    expect(calls.filter((c) => c.action === 'getOrderInfo')).toEqual([]);
  });
});
