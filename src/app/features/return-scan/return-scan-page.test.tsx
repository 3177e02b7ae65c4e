// 退件扫描 (/back/returnScan): a refused order's trade number and a marketplace return's order number
// are recorded through the one offline path; offline they wait in the outbox (one row per number) and
// are recorded once when the network returns.
import 'fake-indexeddb/auto';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createApiClient, type ApiRequest, type CallOptions } from '#shared/api-client.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { ApiError } from '../../lib/api.ts';
import { fakeConfiguration } from '../../lib/test-config.ts';
import { configureOutbox, loadOutbox } from '../../lib/outbox/index.ts';
import { STATION_WAREHOUSE_KEY } from '../../lib/station-warehouse.ts';
import { ReturnScanPage } from './return-scan-page.tsx';

const warehouse = (id: number, warehouseName: string, kind: 1 | 2) => ({
  id, warehouseName, kind, warehouseCityId: null, cityName: null, site: null, address: '', contactName: '', phone: '', isEnabled: true, creationTime: '2026-01-01T00:00:00Z',
});
const refusalAnswer = (tradeNo: string, repeated = false) => ({
  id: 1, line: 1, tradeNo, orderNumber: 'SHP1', orderId: 1, orderType: 2, userId: 3, userCode: 'S00042', storeName: null, site: 'TW', warehouseInfoId: 7,
  warehouseName: '义乌仓', reason: null, handleStatus: 0, remark: null, againRemark: null, stockItems: null, handleTime: null, handleUserName: null,
  scanUserName: '小李', creationTime: '2026-11-22T02:00:00Z', repeated,
});
const returnAnswer = (orderNumber: string) => ({
  id: 2, orderNumber, userId: 4, userCode: 'S00077', orderId: null, tradeNo: null, shipment: null, warehouseInfoId: 7, warehouseName: '义乌仓', whetherHandle: 0,
  handleType: null, reMark: null, warehouseRemark: null, recipientName: null, receiptPhone: null, receiptAddress: null, destroyFee: null,
  returnTime: '2026-11-22T02:00:00Z', preDeclared: false, stockItems: null, decisionTime: null, handleTime: null, handleUserName: null, scanUserName: null,
  creationTime: '2026-11-22T02:00:00Z', repeated: false,
});

function scanApi(answer: (request: ApiRequest) => unknown) {
  const calls: { request: ApiRequest; options: CallOptions | undefined }[] = [];
  const api = createApiClient(async (request, options) => {
    switch (`${request.service}.${request.action}`) {
      case 'AbpUserConfiguration.getAll': return fakeConfiguration({ userId: 1, tenantId: 1 });
      case 'WarehouseInfo.getWarehouseInfoList': return { totalCount: 2, items: [warehouse(7, '义乌仓', 1), warehouse(9, '台北仓', 2)] };
      default:
        calls.push({ request, options });
        return answer(request);
    }
  });
  return { api, calls };
}

let online = true;
const server: { url: string; key: string; body: Record<string, unknown> | null }[] = [];

beforeAll(() => {
  configureOutbox({ getToken: () => 'tok', getTenantId: () => 1, getCulture: () => 'zh-Hans', getOwner: () => '1:1' });
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  // The outbox's replays (the same request core) reach this server.
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    const body = init.body ? JSON.parse(String(init.body)) as Record<string, unknown> : null;
    server.push({ url, key: (init.headers as Record<string, string>)['Idempotency-Key']!, body });
    const orderNumber = new URL(url, 'http://x').searchParams.get('orderNumber');
    const result = orderNumber ? returnAnswer(orderNumber) : refusalAnswer(String(body?.tradeNo));
    return new Response(JSON.stringify({ success: true, result }), { status: 200 });
  }));
});

beforeEach(async () => {
  localStorage.clear();
  localStorage.setItem(STATION_WAREHOUSE_KEY, '7');
  online = true;
  server.length = 0;
  await (await loadOutbox()).db.entries.clear();
});
afterEach(() => { online = true; });

const box = () => screen.getByTestId('scan-input') as HTMLInputElement;
const verdict = () => screen.getByTestId('return-verdict');

describe('退件扫描', () => {
  it('records a refused order by its trade number, says whose it is, and a rescan adds nothing', async () => {
    let n = 0;
    const { api, calls } = scanApi((r) => refusalAnswer(String((r.body as { tradeNo: string }).tradeNo), n++ > 0));
    renderWithProviders(<ReturnScanPage />, { api });
    await userEvent.type(screen.getByLabelText('退回说明（可选）'), '买家拒收');
    box().focus();
    await userEvent.type(box(), 'ml2611220001{Enter}');
    await waitFor(() => expect(verdict().dataset.verdict).toBe('recorded'));
    expect(within(verdict()).getByText('已登记拒收')).toBeTruthy();
    expect(within(verdict()).getByTestId('return-verdict-seller').textContent).toBe('S00042');
    expect(calls.map((c) => [`${c.request.service}.${c.request.action}`, c.request.body])).toEqual([
      ['BackRefusalOrder.create', { tradeNo: 'ML2611220001', reason: '买家拒收' }],
    ]);
    expect(calls[0]!.options?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.getByTestId('return-count-recorded').textContent).toBe('1');

    await new Promise((r) => setTimeout(r, 2_100)); // past the 2 s repeat window
    await userEvent.type(box(), 'ML2611220001{Enter}');
    await waitFor(() => expect(verdict().dataset.verdict).toBe('repeated'));
    expect(screen.getByTestId('return-count-repeated').textContent).toBe('1');
  });

  it('the Vietnam line and marketplace returns go to their own services; returns need a mainland warehouse; a refusal keeps the number', async () => {
    const { api, calls } = scanApi((r) => {
      if (r.service === 'ShopeeOrderReturn') {
        const orderNumber = String((r.query as { orderNumber: string }).orderNumber);
        if (orderNumber === 'NOPE1') throw new ApiError('找不到订单号 NOPE1 的卖家', 'http', 409);
        return returnAnswer(orderNumber);
      }
      return refusalAnswer(String((r.body as { tradeNo: string }).tradeNo));
    });
    renderWithProviders(<ReturnScanPage />, { api });
    await userEvent.click(screen.getByTestId('return-mode-vietnam'));
    await userEvent.type(box(), 'ML2611220009{Enter}');
    await waitFor(() => expect(verdict().dataset.verdict).toBe('recorded'));

    await userEvent.click(screen.getByTestId('return-mode-return'));
    // Only the mainland warehouse is offered, and the remembered one is chosen.
    const select = screen.getByTestId('return-warehouse') as HTMLSelectElement;
    await waitFor(() => expect(select.selectedOptions[0]?.textContent).toBe('义乌仓'));
    expect([...select.options].map((o) => o.textContent)).toEqual(['义乌仓']);
    await userEvent.type(box(), 'SHP2611{Enter}');
    await waitFor(() => expect(within(verdict()).queryByText('已登记退货')).toBeTruthy());
    expect(within(verdict()).getByTestId('return-verdict-seller').textContent).toBe('S00077');

    await userEvent.type(box(), 'NOPE1{Enter}');
    await waitFor(() => expect(verdict().dataset.verdict).toBe('refused'));
    expect(within(verdict()).getByText('找不到订单号 NOPE1 的卖家')).toBeTruthy();
    await waitFor(() => expect(box().value).toBe('NOPE1'));
    expect(calls.map((c) => `${c.request.service}.${c.request.action}`)).toEqual(['YNRefusalOrder.create', 'ShopeeOrderReturn.checkUserCode', 'ShopeeOrderReturn.checkUserCode']);
    expect(calls[1]!.request.query).toEqual({ orderNumber: 'SHP2611', warehouseInfoId: 7 });
  });

  it('offline: scans wait in the outbox, one row per number, and are recorded once when the network returns', async () => {
    const { api, calls } = scanApi(() => { throw new Error('must not be called offline'); });
    renderWithProviders(<ReturnScanPage />, { api });
    online = false;
    await userEvent.type(box(), 'ML2611220101{Enter}');
    await waitFor(() => expect(verdict().dataset.verdict).toBe('queued'));
    expect(within(verdict()).getByText('已离线，已排队')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 2_100));
    await userEvent.type(box(), 'ML2611220101{Enter}'); // the same number again: joins its waiting row
    await userEvent.click(screen.getByTestId('return-mode-return'));
    await waitFor(() => expect((screen.getByTestId('return-warehouse') as HTMLSelectElement).value).toBe('7'));
    await userEvent.type(box(), 'SHP2611{Enter}');
    await waitFor(() => expect(screen.getByTestId('return-waiting').textContent).toBe('2 条待同步'));
    expect(await (await loadOutbox()).db.entries.count()).toBe(2);
    expect(calls).toHaveLength(0);
    expect(server).toHaveLength(0);

    online = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(screen.getAllByTestId('return-synced-row')).toHaveLength(2));
    expect(server.map((s) => { const u = new URL(s.url, 'http://x'); return [u.pathname + u.search, s.body]; })).toEqual([
      ['/api/services/app/BackRefusalOrder/Create', { tradeNo: 'ML2611220101' }],
      ['/api/services/app/ShopeeOrderReturn/CheckUserCode?orderNumber=SHP2611&warehouseInfoId=7', {}],
    ]);
    expect(new Set(server.map((s) => s.key)).size).toBe(2);
    expect(screen.getAllByTestId('return-synced-row').map((r) => r.dataset.verdict)).toEqual(['recorded', 'recorded']);
    expect(screen.queryByTestId('return-waiting')).toBeNull();
  });
});
