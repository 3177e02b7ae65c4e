// 囤货验货 on the phone: the arrived records wait in a list; a scan of the box's waybill (or the SR
// number) opens one; count, photo, pass or fail through the offline path; offline the check is
// queued with its photo, which is uploaded and linked when the network returns.
import 'fake-indexeddb/auto';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiRequest } from '#shared/api-client.ts';
import { zhHans } from '#shared/i18n/zh-Hans.ts';
import { ApiError } from '../../lib/api.ts';
import { configureOutbox, loadOutbox } from '../../lib/outbox/index.ts';
import { fakeConfiguration } from '../../lib/test-config.ts';
import type { UploadedFile } from '../../lib/upload.ts';
import { createFakeApi, renderWithProviders, type FakeHandler } from '../../test/render.tsx';
import { stockRecord } from '../../test/stock-fixtures.ts';
import { CheckStationPage } from './check-station-page.tsx';

const arrived = [
  stockRecord({ id: 1, tradeNo: 'SR26112200001', productStatus: 1, logisticsNumber: 'YT1000000001', productNums: 10 }),
  stockRecord({ id: 2, tradeNo: 'SR26112200002', productStatus: 1, logisticsNumber: 'YT2000000002', productSku: 'SKU-2', productNums: 5 }),
  stockRecord({ id: 3, tradeNo: 'SR26112200003', productStatus: 1, logisticsNumber: 'YT2000000002', productSku: 'SKU-3', productNums: 6 }),
];
const GUID = '0b7e9c1e-6d1f-4c11-9c3e-2f1d5a7b9c01';

function setup(handlers: Record<string, FakeHandler> = {}) {
  const upload = vi.fn(async (): Promise<UploadedFile> => ({ guid: GUID, fileName: 'check.jpg', contentType: 'image/jpeg', size: 10 }));
  const compress = vi.fn(async (file: File) => ({ blob: new Blob([`small:${file.name}`], { type: 'image/jpeg' }), compressed: true }));
  const { api, calls } = createFakeApi({
    'AbpUserConfiguration.getAll': () => fakeConfiguration({ userId: 1, tenantId: 1, values: zhHans }),
    'BackStock.getStockList': (r: ApiRequest) => {
      const q = r.query as { productStatus?: number; keyword?: string };
      if (q.productStatus === 1) return { totalCount: arrived.length, items: arrived };
      return { totalCount: 1, items: [stockRecord({ id: 9, tradeNo: 'SR26112200009', productStatus: 4, logisticsNumber: q.keyword! })] };
    },
    'BackStock.isCheckPass': (r: ApiRequest) => stockRecord({ ...arrived[0]!, productStatus: (r.query as { ispass: boolean }).ispass ? 2 : 3 }),
    ...handlers,
  });
  renderWithProviders(<CheckStationPage upload={upload} compress={compress} />, { api });
  return { calls, upload, compress };
}
const callsOf = (all: ApiRequest[], name: string) => all.filter((c) => `${c.service}.${c.action}` === name);
const box = () => screen.getByTestId('scan-input') as HTMLInputElement;
const scan = (code: string) => userEvent.type(box(), `${code}{Enter}`);
const takePhoto = async () => {
  const input = screen.getByTestId('check-record').querySelector<HTMLInputElement>('input[type=file]')!;
  await userEvent.upload(input, new File(['big photo'.repeat(100)], 'IMG_1.jpg', { type: 'image/jpeg' }));
};

let online = true;
const server: { url: string; key: string | undefined; body: unknown }[] = [];

beforeAll(() => {
  configureOutbox({ getToken: () => 'tok', getTenantId: () => 1, getCulture: () => 'zh-Hans', getOwner: () => '1:1' });
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    const headers = init.headers as Record<string, string>;
    if (url.includes('/api/File/UploadFile')) {
      server.push({ url, key: undefined, body: null });
      return new Response(JSON.stringify({ success: true, result: { guid: GUID, fileName: 'IMG_1.jpg', contentType: 'image/jpeg', size: 10 } }), { status: 200 });
    }
    server.push({ url, key: headers['Idempotency-Key'], body: JSON.parse(String(init.body)) });
    return new Response(JSON.stringify({ success: true, result: stockRecord({ ...arrived[1]!, productStatus: 3 }) }), { status: 200 });
  }));
  URL.createObjectURL ??= () => 'blob:photo';
  URL.revokeObjectURL ??= () => {};
});

beforeEach(async () => {
  online = true;
  server.length = 0;
  await (await loadOutbox()).db.entries.clear();
});

afterEach(() => { online = true; });

describe('囤货验货', () => {
  it('lists what arrived; a scanned waybill opens its record; count, photo and pass', async () => {
    const { calls, upload, compress } = setup();
    await waitFor(() => expect(screen.getAllByTestId('check-row')).toHaveLength(3));
    expect(callsOf(calls, 'BackStock.getStockList')[0]!.query).toMatchObject({ productStatus: 1 });
    await scan('yt1000000001');
    const card = await screen.findByTestId('check-record');
    expect(within(card).getByText('SR26112200001')).toBeTruthy();
    expect(screen.getByTestId('check-declared').textContent).toBe('申报 10 件，1 箱');
    // The count box shows no number before one is typed: its placeholder is not a value (issue 45 §12).
    expect((screen.getByTestId('check-count') as HTMLInputElement).placeholder).toBe('输入实收数量');
    await userEvent.type(screen.getByTestId('check-count'), '9');
    // A shortfall against the declared 10 is a warning that names it.
    expect(screen.getByTestId('check-shortfall').textContent).toBe('短少 1 件：申报 10 件，实收 9 件。请复点，通过后按实收数量上架');
    expect(screen.getByRole('alert').textContent).toContain('短少 1 件');
    await userEvent.clear(screen.getByTestId('check-count'));
    await userEvent.type(screen.getByTestId('check-count'), '10');
    expect(screen.queryByTestId('check-shortfall')).toBeNull();
    await userEvent.clear(screen.getByTestId('check-count'));
    await userEvent.type(screen.getByTestId('check-count'), '9');
    await takePhoto();
    await waitFor(() => expect(compress).toHaveBeenCalledTimes(1));
    expect(await screen.findByTestId('check-photo-preview')).toBeTruthy();
    await userEvent.click(screen.getByTestId('check-pass'));

    expect((await screen.findByTestId('check-done')).textContent).toBe('SR26112200001：验货通过');
    const sent = callsOf(calls, 'BackStock.isCheckPass');
    expect(sent.map((c) => [c.query, c.body])).toEqual([[{ id: 1, ispass: true }, { checkNums: 9, checkRemark: null, checkImageGuid: GUID }]]);
    expect(upload).toHaveBeenCalledTimes(1);
    // Off the list at once.
    await waitFor(() => expect(screen.getAllByTestId('check-row')).toHaveLength(2));
    expect(screen.getAllByTestId('check-row').some((r) => r.textContent!.includes('SR26112200001'))).toBe(false);
  });

  it('a waybill shared by two records asks which; failing needs a reason', async () => {
    const { calls } = setup();
    await waitFor(() => expect(screen.getAllByTestId('check-row')).toHaveLength(3));
    await scan('YT2000000002');
    const matches = await screen.findByTestId('check-matches');
    expect(within(matches).getAllByTestId('check-row')).toHaveLength(2);
    await userEvent.click(within(matches).getByText(/SKU-3/));
    await userEvent.type(screen.getByTestId('check-count'), '0');
    await userEvent.click(screen.getByTestId('check-fail'));
    expect((await screen.findByTestId('check-error')).textContent).toBe('验货不通过请写明原因');
    expect(callsOf(calls, 'BackStock.isCheckPass')).toHaveLength(0);
    await userEvent.type(screen.getByTestId('check-remark'), '箱子是空的');
    await userEvent.click(screen.getByTestId('check-fail'));
    await screen.findByTestId('check-done');
    expect(callsOf(calls, 'BackStock.isCheckPass').map((c) => [c.query, c.body])).toEqual([[{ id: 3, ispass: false }, { checkNums: 0, checkRemark: '箱子是空的' }]]);
  });

  it('a number that is not waiting for inspection says what it is', async () => {
    setup();
    await waitFor(() => expect(screen.getAllByTestId('check-row')).toHaveLength(3));
    await scan('ZT5550001');
    expect((await screen.findByTestId('check-error')).textContent).toBe('囤货单 SR26112200009 当前为“已贴标”，不能验货');
  });

  it('a number not on the device, when the look-up gets no answer, says so in one sentence instead of 网络异常', async () => {
    setup({
      'BackStock.getStockList': (r: ApiRequest) => {
        if ((r.query as { productStatus?: number }).productStatus === 1) return { totalCount: arrived.length, items: arrived };
        throw new ApiError('未知错误', 'timeout', null);
      },
    });
    await waitFor(() => expect(screen.getAllByTestId('check-row')).toHaveLength(3));
    await scan('ZT5550002');
    expect((await screen.findByTestId('check-error')).textContent).toBe('离线：本机没有 ZT5550002 的待验货囤货单');
  });

  it('offline: the check is queued with its photo, then the photo is uploaded and linked once', async () => {
    const { calls, upload } = setup();
    await waitFor(() => expect(screen.getAllByTestId('check-row')).toHaveLength(3));
    online = false;
    await scan('YT2000000002');
    await userEvent.click(within(await screen.findByTestId('check-matches')).getByText(/SKU-2/));
    await userEvent.type(screen.getByTestId('check-count'), '4');
    await takePhoto();
    await screen.findByTestId('check-photo-preview');
    await userEvent.type(screen.getByTestId('check-remark'), '少一件');
    await userEvent.click(screen.getByTestId('check-fail'));
    expect((await screen.findByTestId('check-queued')).textContent).toContain('SR26112200002 验货不通过');
    expect(callsOf(calls, 'BackStock.isCheckPass')).toHaveLength(0);
    expect(upload).not.toHaveBeenCalled();
    expect(server).toHaveLength(0);

    online = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(screen.getAllByTestId('synced-row')).toHaveLength(1));
    expect(server.map((s) => s.url.replace(/^.*\/api\//, ''))).toEqual(['File/UploadFile', 'services/app/BackStock/IsCheckPass?id=2&ispass=false']);
    expect(server[1]!.body).toEqual({ checkNums: 4, checkRemark: '少一件', checkImageGuid: GUID });
  });
});
