import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createApiClient, type ApiRequest } from '#shared/api-client.ts';
import type { CheckGoodsInfoDto } from '#shared/contracts/back-order.ts';
import type { WeighResultDto } from '#shared/contracts/processing.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { ApiError } from '../../lib/api.ts';
import { fakeConfiguration } from '../../lib/test-config.ts';
import { PackStationPage } from './pack-station-page.tsx';
import { fileUrl } from '#shared/file-links.ts';

const LABELS = { 'PackageStatus.2': '已到齐', 'PackageStatus.3': '已打包', 'PackageStatus.4': '已称重', 'OrderStatus.2': '处理中', 'OrderStatus.3': '待补运费', 'FlowChannel.3': '订单操作费', 'FlowChannel.4': '运费', 'FlowChannel.5': '包材费', 'ReceiveStatus.1': '已签收' };

function goods(packageStatus: number, over: Partial<CheckGoodsInfoDto['processing']> = {}): CheckGoodsInfoDto {
  return {
    order: {
      id: 5, tradeNo: 'ML2603010001', orderNumber: 'SHP-77', userId: 3, userCode: 'S00001', storeId: 1, storeName: '小店', warehouseInfoId: 7,
      warehouseName: '义乌仓', site: 'TW', orderType: 2, cargoCategory: 1, shippingMethods: 2, orderStatus: 2, packageStatus: packageStatus as 2, isUrgent: true,
      reMark: null, pdfGuid: null, holdReason: null, shelfNumber: 'H0007', creationTime: '2026-03-01T00:00:00Z', lastModificationTime: null,
      orderProductInfosList: [
        { id: 1, productName: '手机壳', productSku: 'CASE-1', specification: '黑色', quantity: 2, price: 9.9, productImg: null, shipment: 'YT1000' },
        { id: 2, productName: '数据线', productSku: 'CABLE-1', specification: null, quantity: 1, price: 5, productImg: null, shipment: 'YT1001' },
      ],
    },
    parcels: [{
      id: 11, shipment: 'YT1000', warehouseInfoId: 7, warehouseName: '义乌仓', userId: 3, userCode: 'S00001', orderId: 5, orderType: 2, receiveStatus: 1,
      signForTime: '2026-03-02T06:05:00Z', signUserName: 'admin', shelfNumber: 'H0007', weight: 0.6, reMark: null, imageGuid: 'aaaaaaaa-0000-4000-8000-000000000001',
      goodsImageGuid: null, userUploadImageGuid: null, isNeedTakePicture: false, creationTime: '2026-03-02T06:05:00Z',
      photoLinks: [fileUrl('getLogisticsImage', { guid: 'aaaaaaaa-0000-4000-8000-000000000001' })],
    }],
    seller: { id: 3, userCode: 'S00001', name: '王五', balance: 100 },
    processing: {
      packedUserId: null, packedUserName: null, packedTime: null, packedImageGuid: null, weight: null, long: null, wide: null, high: null,
      chargeableWeight: null, weighedTime: null, weighVersion: 0, fees: [], total: 0, charged: false, owed: 0, shippedTime: null, ...over,
    },
    packedImageLink: null,
  };
}

const charged: WeighResultDto = {
  tradeNo: 'ML2603010001', weight: 1.26, chargeableWeight: 1.26,
  fees: [{ channel: 3, amount: 3.5 }, { channel: 4, amount: 22 }, { channel: 5, amount: 0.8 }],
  total: 26.3, charged: true, owed: 0, balance: 73.7, orderStatus: 2, packageStatus: 4,
};

/** A fake api over the registry client: the order moves 已到齐 → 已打包 when packed. */
function stationApi(weighAnswer: (body: Record<string, unknown>) => unknown = () => charged) {
  const calls: ApiRequest[] = [];
  let packageStatus = 2;
  const api = createApiClient(async (request) => {
    calls.push(request);
    switch (`${request.service}.${request.action}`) {
      case 'AbpUserConfiguration.getAll': return fakeConfiguration({ userId: 1, tenantId: 1, values: LABELS });
      case 'BackOrder.getCheckGoodsInfoResult':
        if (request.query?.tradeNo !== 'ML2603010001') throw new ApiError('没有找到对应的实体', 'http', 404, '订单 X 不存在或已被删除。');
        return goods(packageStatus);
      case 'BackOrder.uploadPackedBase64Img': return { guid: 'bbbbbbbb-0000-4000-8000-000000000002', link: fileUrl('getPackedImage', { guid: 'bbbbbbbb-0000-4000-8000-000000000002' }) };
      case 'BackOrder.warehouseOrderPacked':
        packageStatus = 3;
        return goods(3);
      case 'BackOrder.goodsWeigh': return weighAnswer(request.body!);
      default: throw new Error(`no handler for ${request.service}.${request.action}`);
    }
  });
  return { api, calls };
}

const box = () => screen.getByTestId('pack-scan-input') as HTMLInputElement;
const named = (calls: ApiRequest[], action: string) => calls.filter((c) => c.action === action);

describe('打包称重 station', () => {
  it('scan → check lines and parcels → 打包完成 with a photo → 称重 shows the fees, charged, and the balance → 下一单', async () => {
    const user = userEvent.setup();
    const { api, calls } = stationApi();
    renderWithProviders(<PackStationPage />, { api });
    // The placeholder speaks the screen's words: no field name such as (tradeNo).
    expect(box().placeholder).toBe('扫描或输入订单号');
    await user.type(box(), 'ml2603010001{Enter}');

    await waitFor(() => expect(screen.getByTestId('station-trade-no').textContent).toBe('ML2603010001'));
    expect(screen.getByTestId('station-slot').textContent).toBe('H0007');
    expect(screen.getByTestId('station-balance').textContent).toBe('100.00');
    expect(screen.getByText('加急')).toBeTruthy();
    const lines = screen.getByTestId('station-lines');
    expect(within(lines).getByText('手机壳 (黑色)')).toBeTruthy();
    expect(within(lines).getByText('CABLE-1')).toBeTruthy();
    expect(within(screen.getByTestId('station-parcels')).getByAltText('包裹照片').getAttribute('src')).toContain('GetLogisticsImage');
    expect(screen.getByTestId('station-package-status').textContent).toBe('已到齐');
    expect(screen.queryByTestId('weigh-button')).toBeNull();

    // A small PNG as the packing photo: uploaded as base64, then packed.
    const png = new File([Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])], 'packed.png', { type: 'image/png' });
    await user.upload(document.querySelector('input[type="file"]') as HTMLInputElement, png);
    await user.click(screen.getByTestId('pack-button'));
    await waitFor(() => expect(screen.getByTestId('station-package-status').textContent).toBe('已打包'));
    expect(named(calls, 'uploadPackedBase64Img')[0]!.body).toMatchObject({ tradeNo: 'ML2603010001', base64: expect.stringMatching(/^data:image\/png;base64,iVBORw0KGgo/) });
    expect(named(calls, 'warehouseOrderPacked')[0]!.body).toEqual({ tradeNo: 'ML2603010001' });

    // The weight field takes the focus; Enter (or a scale's wedge) weighs.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('weigh-weight')));
    await user.type(screen.getByTestId('weigh-weight'), '1.26{Enter}');
    await waitFor(() => expect(screen.getByTestId('weigh-verdict').textContent).toBe('已扣费'));
    expect(named(calls, 'goodsWeigh')[0]!.body).toEqual({ tradeNo: 'ML2603010001', weight: 1.26 });
    const answer = screen.getByTestId('weigh-result');
    expect(within(answer).getByText('运费')).toBeTruthy();
    expect(within(answer).getByText('22.00')).toBeTruthy();
    expect(screen.getByTestId('weigh-total').textContent).toBe('26.30');
    expect(screen.getByTestId('weigh-balance').textContent).toBe('73.70');
    expect(screen.queryByTestId('weigh-owed')).toBeNull();

    await user.click(screen.getByTestId('next-order'));
    expect(screen.queryByTestId('station-trade-no')).toBeNull();
    expect(screen.getByText('请扫描订单号')).toBeTruthy();
    expect(document.activeElement).toBe(box());
  });

  it('shows 待补运费 with what is owed, a refusal in a sentence, and an unknown number', async () => {
    const user = userEvent.setup();
    let n = 0;
    const { api, calls } = stationApi((body) => {
      n++;
      if (n === 1) throw new ApiError('仓库「义乌仓」没有 TW 站点「普货」生效的运费规则，无法计算运费；请先在「大陆运费」中添加。', 'http', 409);
      return { ...charged, weight: Number(body.weight), chargeableWeight: 40, total: 410.8, charged: false, owed: 410.8, balance: 100, orderStatus: 3 };
    });
    renderWithProviders(<PackStationPage />, { api });
    await user.type(box(), 'NOPE1234{Enter}');
    await waitFor(() => expect(screen.getByTestId('station-error').textContent).toContain('订单 X 不存在'));

    await user.type(box(), 'ML2603010001{Enter}');
    await waitFor(() => expect(screen.getByTestId('pack-button')).toBeTruthy());
    await user.click(screen.getByTestId('pack-button'));
    await waitFor(() => expect(screen.getByTestId('weigh-button')).toBeTruthy());
    expect(named(calls, 'uploadPackedBase64Img')).toHaveLength(0);

    // No weight: asked for one, nothing sent.
    await user.click(screen.getByTestId('weigh-button'));
    expect(screen.getByTestId('station-message').textContent).toBe('请输入重量（kg）');
    expect(named(calls, 'goodsWeigh')).toHaveLength(0);

    await user.type(screen.getByTestId('weigh-weight'), '40');
    await user.click(screen.getByTestId('weigh-button'));
    await waitFor(() => expect(screen.getByTestId('station-message').textContent).toContain('运费规则'));
    await user.click(screen.getByTestId('weigh-button'));
    await waitFor(() => expect(screen.getByTestId('weigh-verdict').textContent).toBe('待补运费'));
    expect(screen.getByTestId('weigh-owed').textContent).toBe('410.80');
    expect(screen.getByTestId('weigh-balance').textContent).toBe('100.00');
    expect(screen.queryByTestId('station-message')).toBeNull();
  });

  it('takes 重量, 长, 宽, 高 in that Tab order and sends them with 称重 (typing a side never crashes the page)', async () => {
    const user = userEvent.setup();
    const { api, calls } = stationApi(() => ({ ...charged, weight: 1, chargeableWeight: 4, total: 50.8, balance: 49.2 }));
    renderWithProviders(<PackStationPage />, { api });
    await user.type(box(), 'ML2603010001{Enter}');
    await waitFor(() => expect(screen.getByTestId('pack-button')).toBeTruthy());
    await user.click(screen.getByTestId('pack-button'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('weigh-weight')));

    await user.keyboard('1');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByTestId('weigh-long'));
    await user.keyboard('40');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByTestId('weigh-wide'));
    await user.keyboard('30');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByTestId('weigh-high'));
    await user.keyboard('20.5');
    expect((screen.getByTestId('weigh-long') as HTMLInputElement).value).toBe('40');
    expect((screen.getByTestId('weigh-high') as HTMLInputElement).value).toBe('20.5');
    await user.click(screen.getByTestId('weigh-button'));
    await waitFor(() => expect(screen.getByTestId('weigh-verdict').textContent).toBe('已扣费'));
    expect(named(calls, 'goodsWeigh')[0]!.body).toEqual({ tradeNo: 'ML2603010001', weight: 1, long: 40, wide: 30, high: 20.5 });
    expect(screen.getByTestId('weigh-total').textContent).toBe('50.80');
  });
});
