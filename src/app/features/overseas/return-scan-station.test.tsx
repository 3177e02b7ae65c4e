// 退件入库 on the phone: a scanned return is identified and its counted goods confirmed online; with
// no network it is queued whole through the one offline path and replayed exactly once.
import 'fake-indexeddb/auto';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createApiClient, type ApiRequest, type CallOptions } from '#shared/api-client.ts';
import type { AbroadReturnDto, CheckReturnDto } from '#shared/contracts/overseas.ts';
import { zhHans } from '#shared/i18n/zh-Hans.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { ApiError } from '../../lib/api.ts';
import { fakeConfiguration } from '../../lib/test-config.ts';
import { configureOutbox, loadOutbox } from '../../lib/outbox/index.ts';
import { ReturnScanStation } from './return-scan-station.tsx';

const ret = (over: Partial<AbroadReturnDto> = {}): AbroadReturnDto => ({
  id: 5, orderId: 9, tradeNo: 'AB26030100007', orderNumber: 'TW-2001', returnNumber: 'RT10001', returnStatus: 0, userId: 3, userCode: 'S00042',
  storeName: '台湾店', warehouseInfoId: 2, warehouseName: '台北仓', reMark: null, items: [], warehousingTime: null, warehousingUserName: null,
  destructionChosenTime: null, destroyTime: null, destroyUserName: null, destroyAmount: null, creationTime: '2026-03-01T02:00:00Z', ...over,
});
const check = (over: Partial<CheckReturnDto> = {}): CheckReturnDto => ({
  ...ret(), orderItems: [
    { stockProductId: 11, productSku: 'CUP-1', productName: '保温杯', barCode: 'SP00000011', quantity: 2, returned: 0, shelfPosition: 'B-02-03' },
    { stockProductId: 12, productSku: 'LID-1', productName: '杯盖', barCode: 'SP00000012', quantity: 1, returned: 1, shelfPosition: null },
  ], ...over,
});

function stationApi(handlers: Record<string, (request: ApiRequest, options?: CallOptions) => unknown>) {
  const calls: { request: ApiRequest; options: CallOptions | undefined }[] = [];
  const api = createApiClient(async (request, options) => {
    calls.push({ request, options });
    if (`${request.service}.${request.action}` === 'AbpUserConfiguration.getAll') return fakeConfiguration({ userId: 1, tenantId: 1, values: zhHans });
    const handler = handlers[`${request.service}.${request.action}`];
    if (!handler) throw new Error(`no handler for ${request.service}.${request.action}`);
    return handler(request, options);
  });
  return { api, calls };
}

let online = true;
const server: { key: string; body: Record<string, unknown> }[] = [];

beforeAll(() => {
  configureOutbox({ getToken: () => 'tok', getTenantId: () => 1, getCulture: () => 'zh-Hans', getOwner: () => '1:1' });
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  vi.stubGlobal('fetch', vi.fn(async (_url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    server.push({ key: (init.headers as Record<string, string>)['Idempotency-Key']!, body });
    return new Response(JSON.stringify({ success: true, result: ret({ returnNumber: String(body.returnNumber), returnStatus: 1, items: [{ stockProductId: 11, productSku: 'CUP-1', productName: '保温杯', barCode: null, quantity: 2 }] }) }), { status: 200 });
  }));
});

beforeEach(async () => {
  online = true;
  server.length = 0;
  await (await loadOutbox()).db.entries.clear();
});
afterEach(() => { online = true; });

const box = () => screen.getByTestId('scan-input') as HTMLInputElement;
const verdict = () => screen.getByTestId('return-verdict');

describe('退件入库', () => {
  it('identifies a scanned return, takes the counted quantities and confirms them once', async () => {
    const user = userEvent.setup();
    const { api, calls } = stationApi({
      'AbroadStockReturn.checkReturnWarehousing': () => check(),
      'AbroadStockReturn.confirmReturnWarehousing': (r) => ret({ returnStatus: 1, items: [{ stockProductId: 11, productSku: 'CUP-1', productName: '保温杯', barCode: null, quantity: Number((r.body as { items: { quantity: number }[] }).items[0]!.quantity) }] }),
    });
    renderWithProviders(<ReturnScanStation />, { api });
    await user.type(box(), 'rt10001{Enter}');
    await waitFor(() => expect(verdict().dataset.state).toBe('found'));
    expect(screen.getByTestId('return-user-code').textContent).toBe('S00042');
    // Where each returned item goes (issue 45 §12): its shelf, or the shelving area for a product without one.
    expect(screen.getAllByTestId('return-line-place').map((p) => p.textContent)).toEqual(['放回库位 B-02-03', '无库位：放到待上架区']);
    // What may still come back: 2 of the cup, none of the lid (already returned).
    const cup = screen.getByLabelText('CUP-1 本次入库') as HTMLInputElement;
    expect(cup.value).toBe('2');
    expect((screen.getByLabelText('LID-1 本次入库') as HTMLInputElement).value).toBe('0');
    await user.clear(cup);
    await user.type(cup, '1');
    await user.click(screen.getByTestId('return-confirm'));
    await waitFor(() => expect(verdict().dataset.state).toBe('stocked'));
    expect(within(verdict()).getByText('已入库 1 件')).toBeTruthy();
    const confirms = calls.filter((c) => c.request.action === 'confirmReturnWarehousing');
    expect(confirms).toHaveLength(1);
    expect(confirms[0]!.request.body).toEqual({ returnNumber: 'RT10001', items: [{ stockProductId: 11, quantity: 1 }] });
    expect(confirms[0]!.options?.idempotencyKey).toBeTruthy();
  });

  it('says so when the number is not a registered return, and offers nothing for a return already handled', async () => {
    const user = userEvent.setup();
    const { api } = stationApi({
      'AbroadStockReturn.checkReturnWarehousing': (r) => {
        if ((r.query as { returnNumber: string }).returnNumber === 'RT40400') throw new ApiError('没有找到对应的实体', 'http', 404);
        return check({ returnStatus: 1 });
      },
    });
    renderWithProviders(<ReturnScanStation />, { api });
    await user.type(box(), 'RT40400{Enter}');
    await waitFor(() => expect(verdict().dataset.state).toBe('error'));
    expect(within(verdict()).getByText(/没有登记这个退件/)).toBeTruthy();
    await user.type(box(), 'RT10001{Enter}');
    await waitFor(() => expect(verdict().dataset.state).toBe('closed'));
    expect(within(verdict()).getByText('已入库')).toBeTruthy();
    expect(screen.queryByTestId('return-confirm')).toBeNull();
  });

  it('offline: queues the return whole, sends nothing, and replays it once when the network returns', async () => {
    const user = userEvent.setup();
    const { api, calls } = stationApi({
      'AbroadStockReturn.checkReturnWarehousing': () => { throw new ApiError('未知错误', 'network', null); },
      'AbroadStockReturn.confirmReturnWarehousing': () => { throw new Error('must not be called offline'); },
    });
    renderWithProviders(<ReturnScanStation />, { api });
    online = false;
    await user.type(box(), 'RT20002{Enter}');
    await waitFor(() => expect(verdict().dataset.state).toBe('offline'));
    await user.click(screen.getByTestId('return-confirm-all'));
    await waitFor(() => expect(verdict().dataset.state).toBe('queued'));
    expect(screen.getByTestId('return-waiting').textContent).toBe('1 条待同步');
    expect(calls.filter((c) => c.request.action === 'confirmReturnWarehousing')).toHaveLength(0);
    expect(server).toHaveLength(0);

    online = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(screen.getAllByTestId('synced-return-row')).toHaveLength(1));
    expect(server).toHaveLength(1);
    expect(server[0]!.body).toEqual({ returnNumber: 'RT20002' });
    expect(within(screen.getByTestId('synced-return-row')).getByText('已入库 2 件')).toBeTruthy();
  });
});
