// 囤货上架 on the phone: barcode → what waits and the suggested shelf → shelf → quantity → 确认上架 by
// barcode through the offline path; offline it shelves without a suggestion, queues, and the outbox
// sends it once when the network is back.
import 'fake-indexeddb/auto';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiRequest, CallOptions } from '#shared/api-client.ts';
import type { ShelfUpCheckDto, ShelfUpResultDto } from '#shared/contracts/stock.ts';
import { zhHans } from '#shared/i18n/zh-Hans.ts';
import { ApiError } from '../../lib/api.ts';
import { configureOutbox, loadOutbox } from '../../lib/outbox/index.ts';
import { fakeConfiguration } from '../../lib/test-config.ts';
import { createFakeApi, renderWithProviders, type FakeHandler } from '../../test/render.tsx';
import { listedHistory, stockProduct, stockRecord } from '../../test/stock-fixtures.ts';
import { ShelfStationPage } from './shelf-station-page.tsx';

const labelled = stockRecord({ productStatus: 4, stockProductId: 5, barCode: 'HC00000005', remainingNums: 10 });
const check = (over: Partial<ShelfUpCheckDto> = {}): ShelfUpCheckDto => ({
  record: labelled, suggestedShelfPosition: 'A-01-02', haveShelf: false, remainingNums: 10, ...over,
});
const shelved = (quantity: number): ShelfUpResultDto => ({
  records: [stockRecord({ ...labelled, shelvedNums: quantity, productStatus: quantity === 10 ? 5 : 4 })],
  product: stockProduct({ inventory: quantity, available: quantity, reserved: 0 }),
  listedHistories: [listedHistory({ quantity, inventoryAfter: quantity })],
});

function setup(handlers: Record<string, FakeHandler> = {}) {
  const options: (CallOptions | undefined)[] = [];
  const { api, calls } = createFakeApi({
    'AbpUserConfiguration.getAll': () => fakeConfiguration({ userId: 1, tenantId: 1, values: zhHans }),
    'BackStock.shelfUpCheck': () => check(),
    'BackStock.shelfUp': (request: ApiRequest, o?: CallOptions) => {
      options.push(o);
      return shelved((request.body as { quantity: number }).quantity);
    },
    ...handlers,
  });
  renderWithProviders(<ShelfStationPage />, { api });
  return { calls, options };
}
const callsOf = (all: ApiRequest[], name: string) => all.filter((c) => `${c.service}.${c.action}` === name);
const box = () => screen.getByTestId('scan-input') as HTMLInputElement;
const scan = (code: string) => userEvent.type(box(), `${code}{Enter}`);

let online = true;
const server: { url: string; key: string; body: Record<string, unknown> }[] = [];

beforeAll(() => {
  configureOutbox({ getToken: () => 'tok', getTenantId: () => 1, getCulture: () => 'zh-Hans', getOwner: () => '1:1' });
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  // The outbox's replayer reaches the server with fetch.
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as { quantity: number };
    server.push({ url, key: (init.headers as Record<string, string>)['Idempotency-Key']!, body });
    return new Response(JSON.stringify({ success: true, result: shelved(body.quantity) }), { status: 200 });
  }));
});

beforeEach(async () => {
  online = true;
  server.length = 0;
  await (await loadOutbox()).db.entries.clear();
});

afterEach(() => { online = true; });

describe('囤货上架', () => {
  it('shows what waits and the suggested shelf, takes the shelf and the quantity, and shelves by barcode once', async () => {
    const { calls, options } = setup();
    await scan('hc00000005');
    expect((await screen.findByTestId('shelf-remaining')).textContent).toBe('待上架 10 件');
    expect(callsOf(calls, 'BackStock.shelfUpCheck').map((c) => c.query)).toEqual([{ barCode: 'HC00000005' }]);
    expect(screen.getByTestId('shelf-suggestion').textContent).toBe('A-01-02');
    // The box now takes the shelf.
    expect(screen.getByLabelText('货架号')).toBe(box());
    await userEvent.click(screen.getByTestId('shelf-use-suggestion'));
    expect(screen.getByTestId('shelf-position').textContent).toBe('A-01-02');
    const quantity = screen.getByTestId('shelf-quantity') as HTMLInputElement;
    expect(quantity.value).toBe('10');

    // More than waits is refused on the phone, nothing sent.
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '11{Enter}');
    expect(await screen.findByText('超过待上架数量 10 件')).toBeTruthy();
    expect(callsOf(calls, 'BackStock.shelfUp')).toHaveLength(0);

    await userEvent.clear(quantity);
    await userEvent.type(quantity, '4{Enter}');
    const outcome = await screen.findByTestId('shelf-outcome');
    expect(outcome.dataset.outcome).toBe('sent');
    expect(within(outcome).getByTestId('shelf-outcome-line').textContent).toBe('HC00000005 → A-01-02 × 4');
    expect(within(outcome).getByText('库存 4 件，可用 4 件')).toBeTruthy();
    expect(callsOf(calls, 'BackStock.shelfUp').map((c) => c.body)).toEqual([{ barCode: 'HC00000005', shelfPosition: 'A-01-02', quantity: 4 }]);
    expect(options[0]?.idempotencyKey).toMatch(/.{8,}/);
    // Ready for the next product.
    expect(screen.queryByTestId('shelf-product')).toBeNull();
    expect(screen.getByLabelText('商品条码')).toBe(box());
  });

  it('a scanned shelf is upper-cased; a second product while one is half done is ignored with a hint; 取消 starts over', async () => {
    const { calls } = setup({ 'BackStock.shelfUpCheck': () => check({ haveShelf: true, suggestedShelfPosition: 'B-02-01' }) });
    await scan('HC00000005');
    await screen.findByTestId('shelf-remaining');
    await scan('a-09-09');
    expect(screen.getByTestId('shelf-position').textContent).toBe('A-09-09');
    expect(screen.getByText('注意：商品现有货架是 B-02-01')).toBeTruthy();
    await scan('HC00000006');
    expect(screen.getByTestId('shelf-hint').textContent).toBe('请先确认或取消当前上架，再扫下一个');
    expect(screen.getByTestId('shelf-barcode').textContent).toBe('HC00000005');
    await userEvent.click(screen.getByRole('button', { name: '取消' }));
    expect(screen.queryByTestId('shelf-product')).toBeNull();
    expect(callsOf(calls, 'BackStock.shelfUp')).toHaveLength(0);
  });

  it('a barcode the server does not know is answered with its sentence, and nothing is pending', async () => {
    setup({ 'BackStock.shelfUpCheck': () => { throw new ApiError('商品条码不存在', 'http', 404); } });
    await scan('HC99999999');
    const outcome = await screen.findByTestId('shelf-outcome');
    expect(outcome.dataset.outcome).toBe('refused');
    expect(within(outcome).getByText('商品条码不存在')).toBeTruthy();
    expect(screen.queryByTestId('shelf-product')).toBeNull();
  });

  it('a refused shelving (another shelf holds the product) keeps the shelving in hand to correct', async () => {
    setup({ 'BackStock.shelfUp': () => { throw new ApiError('商品 SKU-1 已在货架 B-02-01（库存 3 件），请上架到该货架，或先移库', 'http', 409); } });
    await scan('HC00000005');
    await screen.findByTestId('shelf-remaining');
    await scan('A-01-02');
    await userEvent.click(screen.getByTestId('shelf-confirm'));
    const outcome = await screen.findByTestId('shelf-outcome');
    expect(outcome.dataset.outcome).toBe('refused');
    expect(within(outcome).getByText(/已在货架 B-02-01/)).toBeTruthy();
    expect(screen.getByTestId('shelf-barcode').textContent).toBe('HC00000005');
    await userEvent.click(screen.getByRole('button', { name: '重扫货架' }));
    expect(screen.getByLabelText('货架号')).toBe(box());
  });

  it('offline: no suggestion, the shelving is queued with the count, and sent once when the network returns', async () => {
    const { calls } = setup();
    online = false;
    await scan('HC00000005');
    expect(await screen.findByTestId('shelf-offline')).toBeTruthy();
    expect(callsOf(calls, 'BackStock.shelfUpCheck')).toHaveLength(0);
    await scan('A-01-03');
    const quantity = screen.getByTestId('shelf-quantity') as HTMLInputElement;
    expect(quantity.value).toBe('');
    await userEvent.click(screen.getByTestId('shelf-confirm'));
    expect(await screen.findByText('上架数量须为至少 1 的整数')).toBeTruthy();
    await userEvent.type(quantity, '3');
    await userEvent.click(screen.getByTestId('shelf-confirm'));
    const outcome = await screen.findByTestId('shelf-outcome');
    expect(outcome.dataset.outcome).toBe('queued');
    expect(within(outcome).getByText(/1 条待同步/)).toBeTruthy();
    expect(callsOf(calls, 'BackStock.shelfUp')).toHaveLength(0);
    expect(server).toHaveLength(0);
    await waitFor(() => expect(screen.getByTestId('station-waiting').textContent).toBe('1 条待同步'));

    online = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(screen.getAllByTestId('synced-row')).toHaveLength(1));
    expect(server).toHaveLength(1);
    expect(server[0]!.url).toMatch(/\/api\/services\/app\/BackStock\/ShelfUp$/);
    expect(server[0]!.body).toEqual({ barCode: 'HC00000005', shelfPosition: 'A-01-03', quantity: 3 });
    expect(screen.getByTestId('synced-row').textContent).toContain('HC00000005 → A-01-03 × 3');
    expect(screen.queryByTestId('station-waiting')).toBeNull();
  });
});
