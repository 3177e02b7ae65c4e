import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createApiClient, type ApiRequest, type CallOptions } from '#shared/api-client.ts';
import type { ParcelDto, SignResultDto } from '#shared/contracts/orders.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { ApiError } from '../../lib/api.ts';
import { fakeConfiguration } from '../../lib/test-config.ts';
import { InboundStationPage } from './inbound-station-page.tsx';
import { STATION_WAREHOUSE_KEY } from '../../lib/station-warehouse.ts';

const warehouse = (id: number, warehouseName: string) => ({
  id, warehouseName, kind: 1 as const, warehouseCityId: null, cityName: null, site: null, address: '', contactName: '', phone: '', isEnabled: true,
  creationTime: '2026-01-01T00:00:00Z',
});

const parcel = (over: Partial<ParcelDto> = {}): ParcelDto => ({
  id: 1, shipment: 'YT1000', warehouseInfoId: 7, warehouseName: '义乌仓', userId: 3, userCode: 'S00001', orderId: null, orderType: null,
  receiveStatus: 1, signForTime: '2026-03-02T06:05:00Z', signUserName: 'admin', shelfNumber: 'A-12', weight: null, reMark: null, imageGuid: null,
  goodsImageGuid: null, userUploadImageGuid: null, isNeedTakePicture: false, creationTime: '2026-03-02T06:05:00Z', ...over,
});

const signed = (shipment: string, over: Partial<SignResultDto> = {}): SignResultDto => ({
  action: 'SIGNED', parcel: parcel({ shipment }), order: null, userCode: 'S00001', shelfNumber: 'A-12', ...over,
});

type SignCall = { request: ApiRequest; options: CallOptions | undefined };

/** A fake api over the registry-derived client that also records each call's options (the Idempotency-Key). */
function stationApi(sign: (body: Record<string, unknown>, n: number) => unknown, warehouses = [warehouse(7, '义乌仓'), warehouse(8, '广州仓')]) {
  const signs: SignCall[] = [];
  const api = createApiClient(async (request, options) => {
    switch (`${request.service}.${request.action}`) {
      case 'AbpUserConfiguration.getAll': return fakeConfiguration({ userId: 1, tenantId: 1, values: { 'PackageStatus.1': '部分到货', 'PackageStatus.2': '已到齐' } });
      case 'WarehouseInfo.getWarehouseInfoList': return { totalCount: warehouses.length, items: warehouses };
      case 'Logistics.signByScan':
        signs.push({ request, options });
        return sign(request.body!, signs.length);
      default: throw new Error(`no handler for ${request.service}.${request.action}`);
    }
  });
  return { api, signs };
}

const box = () => screen.getByTestId('scan-input') as HTMLInputElement;
const verdict = () => screen.getByTestId('scan-verdict');

async function ready() {
  // The remembered warehouse is shown once the list has loaded.
  await waitFor(() => expect((screen.getByLabelText('签收仓库') as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('义乌仓'));
}

describe('包裹签收 station', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem(STATION_WAREHOUSE_KEY, '7');
  });

  it('a pre-alerted number nobody declared is 无主件, and the picker is told it is a pre-alert and whose', async () => {
    const { api } = stationApi((body) => signed(String(body.shipment), {
      action: 'UNCLAIMED', userCode: null, shelfNumber: null, parcel: parcel({ shipment: String(body.shipment), receiveStatus: 5, userCode: null }),
      advanceOrder: { id: 4, userCode: 'S00009', expressCompany: '圆通速递', remark: null },
    }));
    renderWithProviders(<InboundStationPage />, { api });
    await ready();
    await userEvent.type(box(), 'YT2000{Enter}');
    await waitFor(() => expect(verdict().dataset.verdict).toBe('UNCLAIMED'));
    expect(within(verdict()).getByText('预报件（S00009）：请放到预报件货架，按预报单处理')).toBeTruthy();
  });

  it('a scan signs the parcel in and shows the verdict with the seller code and slot, big', async () => {
    const { api, signs } = stationApi((body) => signed(String(body.shipment), { order: {
      id: 5, tradeNo: 'CB2026000123', orderNumber: 'SHP1', userId: 3, userCode: 'S00001', storeId: 1, storeName: '小店', warehouseInfoId: 7,
      warehouseName: '义乌仓', site: 'TW', orderType: 1, cargoCategory: 1, shippingMethods: 1, orderStatus: 2, packageStatus: 1, isUrgent: false,
      reMark: null, pdfGuid: null, holdReason: null, shelfNumber: 'A-12', creationTime: '2026-03-01T00:00:00Z', lastModificationTime: null,
    }, parcel: parcel({ shipment: String(body.shipment), isNeedTakePicture: true }) }));
    renderWithProviders(<InboundStationPage />, { api });
    await ready();
    expect(document.activeElement).toBe(box());
    await userEvent.type(box(), ' yt1000 {Enter}');

    await waitFor(() => expect(verdict().dataset.verdict).toBe('SIGNED'));
    expect(within(verdict()).getByText('已签收')).toBeTruthy();
    expect(within(verdict()).getByTestId('verdict-user-code').textContent).toBe('S00001');
    expect(within(verdict()).getByTestId('verdict-shelf').textContent).toBe('A-12');
    expect(within(verdict()).getByTestId('need-photo').textContent).toBe('需拍照');
    expect(within(verdict()).getByTestId('verdict-trade-no').textContent).toBe('CB2026000123');
    expect(within(verdict()).getByText('部分到货')).toBeTruthy();
    // Trimmed and upper-cased; the remembered warehouse; a fresh UUID as Idempotency-Key.
    expect(signs[0]!.request.body).toEqual({ shipment: 'YT1000', warehouseInfoId: 7 });
    expect(signs[0]!.options?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    // The box is ready for the next parcel; the session history and counter have it.
    expect(box().value).toBe('');
    expect(screen.getByTestId('count-signed').textContent).toBe('1');
    const rows = screen.getAllByTestId('scan-history-row');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.textContent).toContain('YT1000');
    expect(rows[0]!.textContent).toContain('A-12');
  });

  it('a parcel of an order on hold (问题件) says so at sign-in, with the reason, in the warning tone (issue 45 §12)', async () => {
    const order = (holdReason: string | null): NonNullable<SignResultDto['order']> => ({
      id: 5, tradeNo: 'CB2026000777', orderNumber: 'SHP7', userId: 3, userCode: 'S00001', storeId: 1, storeName: '小店', warehouseInfoId: 7,
      warehouseName: '义乌仓', site: 'TW', orderType: 1, cargoCategory: 1, shippingMethods: 1, orderStatus: 7, packageStatus: 1, isUrgent: false,
      reMark: null, pdfGuid: null, holdReason, shelfNumber: 'A-12', creationTime: '2026-03-01T00:00:00Z', lastModificationTime: null,
    });
    const { api } = stationApi((body, n) => signed(String(body.shipment), { order: order(n === 1 ? '收件地址待卖家确认' : null) }));
    renderWithProviders(<InboundStationPage />, { api });
    await ready();
    await userEvent.type(box(), 'YT7000{Enter}');
    await waitFor(() => expect(verdict().dataset.verdict).toBe('SIGNED'));
    expect(within(verdict()).getByTestId('verdict-hold').textContent).toBe('问题件：收件地址待卖家确认');
    // Amber (the warning tone), not the green of an ordinary sign-in.
    expect(verdict().style.background).toContain('yellow');
    await userEvent.type(box(), 'YT7001{Enter}');
    await waitFor(() => expect(verdict().textContent).toContain('YT7001'));
    expect(within(verdict()).getByTestId('verdict-hold').textContent).toBe('问题件：未填写原因');
  });

  it('a parcel of another warehouse is WRONG_WAREHOUSE, named, not signed; 确认转仓签收 signs it with transfer: true under a new key', async () => {
    const { api, signs } = stationApi((body) => body.transfer
      ? signed(String(body.shipment), { shelfNumber: null })
      : { action: 'WRONG_WAREHOUSE', warehouseName: '深圳大陆仓', parcel: parcel({ shipment: String(body.shipment), receiveStatus: 0, warehouseInfoId: 9 }),
        order: null, userCode: 'S00001', shelfNumber: null });
    renderWithProviders(<InboundStationPage />, { api });
    await ready();
    await userEvent.type(box(), 'SF4000{Enter}');
    await waitFor(() => expect(verdict().dataset.verdict).toBe('WRONG_WAREHOUSE'));
    expect(verdict().getAttribute('role')).toBe('status');
    expect(verdict().textContent).toContain('SF4000');
    expect(within(verdict()).getByText('非本仓包裹')).toBeTruthy();
    expect(within(verdict()).getByTestId('verdict-warehouse').textContent).toBe('深圳大陆仓');
    expect(within(verdict()).queryByTestId('verdict-shelf')).toBeNull();
    expect(screen.getByTestId('count-signed').textContent).toBe('0');
    await userEvent.click(within(verdict()).getByRole('button', { name: '确认转仓签收' }));
    await waitFor(() => expect(verdict().dataset.verdict).toBe('SIGNED'));
    expect(signs.map((c) => c.request.body)).toEqual([{ shipment: 'SF4000', warehouseInfoId: 7 }, { shipment: 'SF4000', warehouseInfoId: 7, transfer: true }]);
    expect(signs[1]!.options?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(signs[1]!.options?.idempotencyKey).not.toBe(signs[0]!.options?.idempotencyKey);
    expect(screen.getByTestId('count-signed').textContent).toBe('1');
    expect(document.activeElement).toBe(box());
  });

  it('UNCLAIMED and ALREADY have their own verdicts and counters; each scan gets its own key', async () => {
    const { api, signs } = stationApi((body, n) => n === 1
      ? { action: 'UNCLAIMED', parcel: parcel({ shipment: String(body.shipment), receiveStatus: 5, userCode: null }), order: null, userCode: null, shelfNumber: null }
      : { action: 'ALREADY', parcel: parcel({ shipment: String(body.shipment), signUserName: '张三' }), order: null, userCode: 'S00001', shelfNumber: 'A-12' });
    renderWithProviders(<InboundStationPage />, { api });
    await ready();
    await userEvent.type(box(), 'YT2000{Enter}');
    await waitFor(() => expect(verdict().dataset.verdict).toBe('UNCLAIMED'));
    expect(within(verdict()).getByText(/无主件货架/)).toBeTruthy();
    await userEvent.type(box(), 'YT3000{Enter}');
    await waitFor(() => expect(verdict().dataset.verdict).toBe('ALREADY'));
    expect(within(verdict()).getByText(/由 张三 签收/)).toBeTruthy();
    expect(screen.getByTestId('count-unclaimed').textContent).toBe('1');
    expect(screen.getByTestId('count-repeated').textContent).toBe('1');
    expect(signs[0]!.options?.idempotencyKey).not.toBe(signs[1]!.options?.idempotencyKey);
  });

  it('the same number again within 2 s sends nothing', async () => {
    const { api, signs } = stationApi((body) => signed(String(body.shipment)));
    renderWithProviders(<InboundStationPage />, { api });
    await ready();
    await userEvent.type(box(), 'YT4000{Enter}');
    await waitFor(() => expect(verdict().dataset.verdict).toBe('SIGNED'));
    await userEvent.type(box(), 'YT4000{Enter}');
    expect(await screen.findByTestId('scan-ignored')).toBeTruthy();
    expect(signs).toHaveLength(1);
    expect(screen.getAllByTestId('scan-history-row')).toHaveLength(1);
  });

  it('a network failure says 未签收, keeps the number, and Enter retries with the same Idempotency-Key', async () => {
    const { api, signs } = stationApi((body, n) => {
      if (n === 1) throw new ApiError('未知错误', 'network', null);
      return signed(String(body.shipment));
    });
    renderWithProviders(<InboundStationPage />, { api });
    await ready();
    await userEvent.type(box(), 'YT5000{Enter}');
    await waitFor(() => expect(verdict().dataset.verdict).toBe('network'));
    expect(within(verdict()).getByText('网络异常，未签收')).toBeTruthy();
    expect(box().value).toBe('YT5000');
    expect(screen.getByTestId('count-signed').textContent).toBe('0');

    // Right away (no 2 s wait: the failed scan was not taken) — the same key, the same body.
    await userEvent.type(box(), '{Enter}');
    await waitFor(() => expect(verdict().dataset.verdict).toBe('SIGNED'));
    expect(signs).toHaveLength(2);
    expect(signs[1]!.options?.idempotencyKey).toBe(signs[0]!.options?.idempotencyKey);
    expect(signs[1]!.request.body).toEqual(signs[0]!.request.body);
    expect(box().value).toBe('');
  });

  it('a refusal from the server is not retried with the same key', async () => {
    const { api, signs } = stationApi((body, n) => {
      if (n === 1) throw new ApiError('仓库已停用', 'http', 409);
      return signed(String(body.shipment));
    });
    renderWithProviders(<InboundStationPage />, { api });
    await ready();
    await userEvent.type(box(), 'YT6000{Enter}');
    await waitFor(() => expect(verdict().dataset.verdict).toBe('refused'));
    expect(within(verdict()).getByText('仓库已停用')).toBeTruthy();
    await userEvent.type(box(), '{Enter}');
    await waitFor(() => expect(signs).toHaveLength(2));
    expect(signs[1]!.options?.idempotencyKey).not.toBe(signs[0]!.options?.idempotencyKey);
  });

  it('nothing is sent for a number that cannot be a tracking number, or without a warehouse', async () => {
    localStorage.clear();
    const { api, signs } = stationApi((body) => signed(String(body.shipment)));
    renderWithProviders(<InboundStationPage />, { api });
    await screen.findByText('请扫描快递单号');
    await userEvent.type(box(), 'YT7000{Enter}');
    await waitFor(() => expect(verdict().dataset.verdict).toBe('no-warehouse'));
    expect(signs).toHaveLength(0);
  });

  it('with a single enabled warehouse it is chosen; the weight and note go with the scan', async () => {
    localStorage.clear();
    const { api, signs } = stationApi((body) => signed(String(body.shipment)), [warehouse(9, '深圳仓')]);
    renderWithProviders(<InboundStationPage />, { api });
    await waitFor(() => expect((screen.getByLabelText('签收仓库') as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('深圳仓'));
    await userEvent.type(screen.getByLabelText('重量（kg，可选）'), '1.25{Enter}');
    expect(document.activeElement).toBe(box());
    await userEvent.type(screen.getByLabelText('备注（可选）'), '外箱破损');
    await userEvent.click(screen.getByText('本次扫描（最近 20 条）'));
    await waitFor(() => expect(document.activeElement).toBe(box()));
    await userEvent.type(box(), 'JT8000{Enter}');
    await waitFor(() => expect(signs).toHaveLength(1));
    expect(signs[0]!.request.body).toEqual({ shipment: 'JT8000', warehouseInfoId: 9, weight: 1.25, note: '外箱破损' });
  });

  it('a weight that is not a number is not sent: the field says why and the number stays in the box', async () => {
    const { api, signs } = stationApi((body) => signed(String(body.shipment)));
    renderWithProviders(<InboundStationPage />, { api });
    await ready();
    await userEvent.type(screen.getByLabelText('重量（kg，可选）'), '1.2.5');
    await userEvent.click(box());
    await userEvent.type(box(), 'JT8100{Enter}');
    expect(await screen.findByText('重量须为 0–1000 之间的数字，最多三位小数')).toBeTruthy();
    expect(signs).toHaveLength(0);
    expect(box().value).toBe('JT8100');
    await userEvent.clear(screen.getByLabelText('重量（kg，可选）'));
    await userEvent.type(screen.getByLabelText('重量（kg，可选）'), '2,5');
    await userEvent.click(box());
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(signs).toHaveLength(1));
    expect(signs[0]!.request.body).toMatchObject({ shipment: 'JT8100', weight: 2.5 });
  });

  it('a station with several warehouses and none remembered asks for one, in the phone\'s own picker', async () => {
    localStorage.clear();
    const { api, signs } = stationApi((body) => signed(String(body.shipment)));
    renderWithProviders(<InboundStationPage />, { api });
    const select = await screen.findByLabelText('签收仓库') as HTMLSelectElement;
    await waitFor(() => expect(select.disabled).toBe(false));
    expect(select.value).toBe('');
    expect(select.selectedOptions[0]?.textContent).toBe('选择仓库');
    await userEvent.selectOptions(select, '8');
    expect(localStorage.getItem(STATION_WAREHOUSE_KEY)).toBe('8');
    await waitFor(() => expect(document.activeElement).toBe(box()));
    await userEvent.type(box(), 'JT8200{Enter}');
    await waitFor(() => expect(signs).toHaveLength(1));
    expect(signs[0]!.request.body).toMatchObject({ shipment: 'JT8200', warehouseInfoId: 8 });
  });
});
