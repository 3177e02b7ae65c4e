import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StockOrderDto } from '#shared/contracts/stock-orders.ts';
import { zhHans } from '#shared/i18n/zh-Hans.ts';
import { fakeConfiguration } from '../../lib/test-config.ts';
import { configureOutbox, loadOutbox } from '../../lib/outbox/index.ts';
import { createFakeApi, renderWithProviders } from '../../test/render.tsx';
import { PickPackPage } from './pick-pack-page.tsx';

const ORDER = {
  id: 9, tradeNo: 'ST26112400001', orderNumber: 'SHOPEE-1', userId: 3, userCode: 'S00001', storeId: 2, storeName: '小店', warehouseInfoId: 1, warehouseName: '义乌仓',
  site: 'TW', orderType: 3, cargoCategory: 1, shippingMethods: 2, orderStatus: 1, packageStatus: 2, isUrgent: false, reMark: null, pdfGuid: null, holdReason: null,
  shelfNumber: null, creationTime: '2026-11-24T02:00:00Z', lastModificationTime: null, orderProductInfosList: [],
  items: [
    { stockProductId: 5, productSku: 'SKU-A', productName: '手机壳', barCode: 'SP00000005', shelfPosition: 'A-01-01', quantity: 2, combinationId: null, combinationSku: null },
    { stockProductId: 6, productSku: 'SKU-B', productName: '数据线', barCode: 'SP00000006', shelfPosition: 'A-01-02', quantity: 1, combinationId: null, combinationSku: null },
  ],
} satisfies StockOrderDto;

const scan = async (code: string) => userEvent.type(screen.getByTestId('scan-input'), `${code}{Enter}`);
const verdict = () => screen.getByTestId('pick-verdict').getAttribute('data-verdict');

describe('拣货打包', () => {
  it('opens an order by its trade number, refuses a wrong product and an extra unit, and confirms with the scans', async () => {
    localStorage.clear();
    const { api, calls } = createFakeApi({
      'AbpUserConfiguration.getAll': () => fakeConfiguration({ userId: 1, tenantId: 1, values: zhHans }),
      'BackStockOrder.getPickList': () => ({ items: [ORDER] }),
      'BackStockOrder.stockOrderBale': () => ({ ...ORDER, packageStatus: 3 }),
    });
    renderWithProviders(<PickPackPage />, { api });
    await waitFor(() => expect(screen.getByTestId('pick-waiting').textContent).toContain('1'));

    await scan('ST26112499999');
    expect(verdict()).toBe('unknown-order');
    await scan(ORDER.tradeNo);
    expect(verdict()).toBe('opened');
    await scan('SP00000099');
    expect(verdict()).toBe('wrong');
    await scan('SP00000006');
    await scan('SP00000006');
    expect(verdict()).toBe('extra');
    expect((screen.getByTestId('pick-confirm') as HTMLButtonElement).disabled).toBe(true);
    await scan('SP00000005');
    await scan('SP00000005');
    expect(verdict()).toBe('complete');

    await userEvent.click(screen.getByTestId('pick-confirm'));
    await waitFor(() => expect(verdict()).toBe('packed'));
    const bale = calls.filter((c) => c.action === 'stockOrderBale');
    expect(bale).toHaveLength(1);
    expect(bale[0]!.body).toEqual({ tradeNo: ORDER.tradeNo, items: expect.arrayContaining([{ barCode: 'SP00000005', quantity: 2 }, { barCode: 'SP00000006', quantity: 1 }]) });
    // Done here: the order leaves the list on this device.
    expect(screen.getByTestId('pick-waiting').textContent).toContain('0');
  });
});

describe('拣货打包 pick list', () => {
  it('lists the order\'s lines in walking order: by shelf location, zone, row, shelf (issue 45 §12)', async () => {
    localStorage.clear();
    const line = (id: number, sku: string, shelfPosition: string | null) => ({
      stockProductId: id, productSku: sku, productName: sku, barCode: `SP0000000${id}`, shelfPosition, quantity: 1, combinationId: null, combinationSku: null,
    });
    const order = { ...ORDER, tradeNo: 'ST26112400002', items: [line(1, 'FAR', 'B-01-01'), line(2, 'NOWHERE', null), line(3, 'TEN', 'A-10-02'), line(4, 'TWO', 'A-2-05'), line(5, 'NEAR', 'A-2-01')] };
    const { api } = createFakeApi({
      'AbpUserConfiguration.getAll': () => fakeConfiguration({ userId: 1, tenantId: 1, values: zhHans }),
      'BackStockOrder.getPickList': () => ({ items: [order] }),
    });
    renderWithProviders(<PickPackPage />, { api });
    await waitFor(() => expect(screen.getByTestId('pick-waiting').textContent).toContain('1'));
    await scan(order.tradeNo);
    expect(screen.getAllByTestId('pick-line-place').map((c) => c.textContent)).toEqual(['A-2-01', 'A-2-05', 'A-10-02', 'B-01-01', '—']);
    expect(screen.getAllByTestId('pick-line').map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['1', '2', '3', '4', '5']);
  });
});

describe('拣货打包 offline', () => {
  let online = true;
  const server: { url: string; key: string; body: unknown }[] = [];
  beforeAll(async () => {
    configureOutbox({ getToken: () => 'tok', getTenantId: () => 1, getCulture: () => 'zh-Hans', getOwner: () => '1:1' });
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    // The outbox's replay (the same request core) reaches this server.
    vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
      server.push({ url, key: (init.headers as Record<string, string>)['Idempotency-Key']!, body: init.body ? JSON.parse(String(init.body)) : null });
      return new Response(JSON.stringify({ success: true, result: { ...ORDER, packageStatus: 3 } }), { status: 200 });
    }));
    await (await loadOutbox()).db.entries.clear();
  });
  afterAll(() => { vi.unstubAllGlobals(); vi.restoreAllMocks(); });

  it('queues the confirmed pick, lists it as waiting, and sends it once when the network returns', async () => {
    localStorage.clear();
    const { api, calls } = createFakeApi({
      'AbpUserConfiguration.getAll': () => fakeConfiguration({ userId: 1, tenantId: 1, values: zhHans }),
      'BackStockOrder.getPickList': () => ({ items: [ORDER] }),
    });
    renderWithProviders(<PickPackPage />, { api });
    await waitFor(() => expect(screen.getByTestId('pick-waiting').textContent).toContain('1'));
    online = false;
    for (const code of [ORDER.tradeNo, 'SP00000005', 'SP00000005', 'SP00000006']) await scan(code);
    await userEvent.click(screen.getByTestId('pick-confirm'));
    await waitFor(() => expect(verdict()).toBe('queued'));
    await waitFor(() => expect(screen.getByTestId('pick-outbox-waiting').textContent).toBe('1 条待同步'));
    const row = screen.getByTestId('pick-outbox-row');
    expect(row.dataset.status).toBe('pending');
    expect(within(row).getByText(`拣货打包 ${ORDER.tradeNo}`)).toBeTruthy();
    expect(calls.filter((c) => c.action === 'stockOrderBale')).toHaveLength(0);
    expect(server).toHaveLength(0);

    online = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(screen.getByTestId('pick-outbox-row').dataset.status).toBe('done'));
    expect(screen.queryByTestId('pick-outbox-waiting')).toBeNull();
    expect(server.map((r) => [new URL(r.url, 'http://x').pathname, r.body])).toEqual([
      ['/api/services/app/BackStockOrder/StockOrderBale', { tradeNo: ORDER.tradeNo, items: [{ barCode: 'SP00000005', quantity: 2 }, { barCode: 'SP00000006', quantity: 1 }] }],
    ]);
  });
});
