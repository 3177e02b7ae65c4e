import 'fake-indexeddb/auto';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ParcelDto } from '#shared/contracts/orders.ts';
import { createFakeApi, renderWithProviders, type FakeHandler } from '../../test/render.tsx';
import { ApiError } from '../../lib/api.ts';
import { WEDGE_SETTINGS_KEY } from '../../lib/scanner/wedge-settings.ts';
import { PhotoStation, type PhotoScreen } from './photo-station.tsx';
import { photoDb, resetPhotoDb, storePhoto } from './photo-db.ts';
import type { UploadedFile } from '../../lib/upload.ts';
import { configureOutbox, loadOutbox } from '../../lib/outbox/index.ts';

const parcel = (over: Partial<ParcelDto> = {}): ParcelDto => ({
  id: 41, shipment: 'YT1234567', warehouseInfoId: 1, warehouseName: '深圳仓', userId: 9, userCode: 'S0009', orderId: 3, orderType: 1,
  receiveStatus: 1, signForTime: '2026-03-02T06:05:00Z', signUserName: 'admin', shelfNumber: 'A-12', weight: null, reMark: null, imageGuid: null,
  goodsImageGuid: null, userUploadImageGuid: null, isNeedTakePicture: true, creationTime: '2026-03-01T06:05:00Z', ...over,
});

const GUIDS = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'];

/** What the outbox replayed to the server (the app's outbox sends with fetch). */
const replayed: { url: string; key: string; body: unknown }[] = [];

beforeAll(() => {
  // jsdom has no object URLs; the preview only needs a string.
  URL.createObjectURL ??= () => 'blob:preview';
  URL.revokeObjectURL ??= () => {};
  configureOutbox({ getToken: () => 'tok', getTenantId: () => 1, getCulture: () => 'zh-Hans', getOwner: () => '1:1' });
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as { id: number; imageGuid: string };
    replayed.push({ url, key: (init.headers as Record<string, string>)['Idempotency-Key']!, body });
    return new Response(JSON.stringify({ success: true, result: parcel({ receiveStatus: 6, imageGuid: body.imageGuid }) }), { status: 200 });
  }));
});
beforeEach(async () => {
  replayed.length = 0;
  const outbox = await loadOutbox();
  await outbox.db.entries.clear();
  await outbox.db.files.clear();
});
beforeEach(() => localStorage.setItem(WEDGE_SETTINGS_KEY, JSON.stringify({ maxGapMs: 300, minLength: 4 })));
afterEach(async () => {
  localStorage.clear();
  await resetPhotoDb();
});

function setup(screenName: PhotoScreen, handlers: Record<string, FakeHandler> = {}) {
  const events: string[] = [];
  const compress = vi.fn(async (file: File) => {
    events.push(`compress ${file.name}`);
    return { blob: new Blob([`small:${file.name}`], { type: 'image/jpeg' }), compressed: true };
  });
  const upload = vi.fn(async (file: File): Promise<UploadedFile> => {
    // Stored on the phone before anything is sent.
    const rows = await (await photoDb()).photos.toArray();
    events.push(`upload ${file.name} (${rows.length} stored)`);
    expect(await file.text()).toMatch(/^small:/);
    const guid = GUIDS[upload.mock.calls.length - 1]!;
    return { guid, fileName: file.name, contentType: file.type, size: file.size };
  });
  const { api, calls } = createFakeApi({
    'Logistics.intoLogisticsCheck': (r) => ({ action: 'ALREADY', parcel: parcel({ shipment: String(r.query?.shipment) }), order: null, userCode: 'S0009', shelfNumber: 'A-12', needPhoto: true }),
    'Logistics.getNeedTakePictureList': () => ({ totalCount: 1, items: [parcel({ id: 77, shipment: 'NEED0001' })] }),
    ...handlers,
  });
  renderWithProviders(<PhotoStation screen={screenName} upload={upload} compress={compress} />, { api });
  return { calls, compress, upload, events };
}

async function scan(code: string) {
  await userEvent.type(screen.getByTestId('scan-input'), `${code}{Enter}`);
  await screen.findByTestId('photo-parcel');
}

async function pick(slot: string, name: string, action: 'pick' | 'retake' = 'pick') {
  const card = screen.getByTestId(`photo-slot-${slot}`);
  // 从相册选择 is the file input without capture; 重拍 opens the camera (capture=environment).
  const input = card.querySelector<HTMLInputElement>(action === 'pick' ? 'input[type=file]:not([capture])' : 'input[type=file][capture]')!;
  expect(input.accept).toBe('image/*');
  await userEvent.upload(input, new File([`big photo ${name}`.repeat(100)], name, { type: 'image/jpeg' }));
}

describe('PhotoStation', () => {
  it('包裹拍照: scan → pick → compressed → stored → retake → upload → SetTakePictureByPhone; the phone copy is then gone', async () => {
    const { calls, compress, upload, events } = setup('uploadpackageimg', {
      'Logistics.setTakePictureByPhone': (r) => parcel({ shipment: String(r.body?.shipment), imageGuid: String(r.body?.imageGuid), isNeedTakePicture: false }),
    });
    await scan('yt1234567');
    expect(calls.find((c) => c.action === 'intoLogisticsCheck')?.query).toEqual({ shipment: 'YT1234567' });
    expect(screen.getByRole('button', { name: '上传' }).hasAttribute('disabled')).toBe(true);

    await pick('imageGuid', 'first.jpg');
    await screen.findByTestId('photo-preview');
    expect(await (await photoDb()).photos.count()).toBe(1);
    expect(screen.getByTestId('photo-size').textContent).toMatch(/已压缩/);

    // Retake: the new photo replaces the old one, on screen and on the phone.
    await pick('imageGuid', 'second.jpg', 'retake');
    await waitFor(() => expect(compress).toHaveBeenCalledTimes(2));
    await waitFor(async () => expect((await (await photoDb()).photos.toArray()).map((p) => p.fileName)).toEqual(['second.jpg']));

    await userEvent.click(screen.getByRole('button', { name: '上传' }));
    await screen.findByTestId('photo-done');
    expect(upload).toHaveBeenCalledTimes(1);
    expect(events).toEqual(['compress first.jpg', 'compress second.jpg', 'upload second.jpg (1 stored)']);
    const link = calls.find((c) => c.action === 'setTakePictureByPhone');
    expect(link?.body).toEqual({ shipment: 'YT1234567', imageGuid: GUIDS[0] });
    expect(await (await photoDb()).photos.count()).toBe(0);
    expect(screen.getByTestId('photo-done').textContent).toContain('YT1234567');
  });

  it('异常拍照: needs a reason; a refused link keeps the photo with its guid, and the retry does not upload again', async () => {
    let refuse = true;
    const { calls, upload } = setup('abnormalphoto', {
      'BackOrder.setTakePictureAbnormal': (r) => {
        if (refuse) {
          refuse = false;
          throw new ApiError('该包裹已出库，不能标记异常', 'http', 409);
        }
        return parcel({ receiveStatus: 6, imageGuid: String(r.body?.imageGuid) });
      },
    });
    await scan('YT1234567');
    await pick('imageGuid', 'broken.jpg');
    await screen.findByTestId('photo-preview');
    const submit = screen.getByRole('button', { name: '上传' });
    expect(submit.hasAttribute('disabled')).toBe(true);
    await userEvent.type(screen.getByTestId('photo-reason'), '外箱破损');
    await userEvent.click(submit);
    expect((await screen.findByTestId('photo-error')).textContent).toContain('该包裹已出库');
    await waitFor(async () => expect((await (await photoDb()).photos.toArray()).map((p) => p.guid)).toEqual([GUIDS[0]]));

    await userEvent.click(screen.getByRole('button', { name: '上传' }));
    await screen.findByTestId('photo-done');
    expect(upload).toHaveBeenCalledTimes(1);
    const links = calls.filter((c) => c.action === 'setTakePictureAbnormal');
    expect(links).toHaveLength(2);
    expect(links[1]!.body).toEqual({ id: 41, imageGuid: GUIDS[0], reason: '外箱破损' });
    expect(await (await photoDb()).photos.count()).toBe(0);
    expect(await (await loadOutbox()).db.entries.count()).toBe(0);
  });

  it('异常拍照 offers preset reasons: chips 破损 错货 少件 受潮 其他 fill the reason, 其他 needs words (issue 45 §12)', async () => {
    const { calls } = setup('abnormalphoto', {
      'BackOrder.setTakePictureAbnormal': (r) => parcel({ receiveStatus: 6, imageGuid: String(r.body?.imageGuid) }),
    });
    await scan('YT1234567');
    await pick('imageGuid', 'broken.jpg');
    await screen.findByTestId('photo-preview');
    const chips = screen.getAllByTestId('reason-chip');
    expect(chips.map((c) => c.textContent)).toEqual(['破损', '错货', '少件', '受潮', '其他']);
    const submit = screen.getByRole('button', { name: '上传' });
    await userEvent.click(screen.getByRole('button', { name: '其他' }));
    expect(screen.getByRole('button', { name: '其他' }).getAttribute('aria-pressed')).toBe('true');
    // 其他 alone says nothing: 上传 waits for the words.
    expect(submit.hasAttribute('disabled')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: '其他' }));
    await userEvent.click(screen.getByRole('button', { name: '破损' }));
    await userEvent.click(screen.getByRole('button', { name: '受潮' }));
    expect((screen.getByTestId('photo-reason') as HTMLTextAreaElement).value).toBe('破损；受潮');
    await userEvent.type(screen.getByTestId('photo-reason'), '；外箱压扁');
    expect(submit.hasAttribute('disabled')).toBe(false);
    await userEvent.click(submit);
    await screen.findByTestId('photo-done');
    expect(calls.find((c) => c.action === 'setTakePictureAbnormal')!.body).toMatchObject({ id: 41, reason: '破损；受潮；外箱压扁' });
  });

  it('异常拍照: a link that got no answer is queued in the outbox with its photo and linked on replay, same key, no second upload', async () => {
    const tried: (string | undefined)[] = [];
    const { upload } = setup('abnormalphoto', {
      'BackOrder.setTakePictureAbnormal': (_r, options) => {
        tried.push(options?.idempotencyKey);
        throw new ApiError('未知错误', 'network', null);
      },
    });
    await scan('YT1234567');
    await pick('imageGuid', 'broken.jpg');
    await screen.findByTestId('photo-preview');
    await userEvent.type(screen.getByTestId('photo-reason'), '外箱破损');
    await userEvent.click(screen.getByRole('button', { name: '上传' }));
    expect((await screen.findByTestId('photo-queued')).textContent).toContain('YT1234567');
    // The draft is gone from the screen's store: the outbox holds what it will send.
    expect(await (await photoDb()).photos.count()).toBe(0);
    await waitFor(() => expect(replayed).toHaveLength(1));
    expect(tried).toHaveLength(1);
    expect(replayed[0]).toEqual({
      url: '/api/services/app/BackOrder/SetTakePictureAbnormal', key: tried[0],
      body: { id: 41, imageGuid: GUIDS[0], reason: '外箱破损' },
    });
    expect(upload).toHaveBeenCalledTimes(1);
    await waitFor(async () => expect((await (await loadOutbox()).db.entries.toArray()).map((e) => e.status)).toEqual(['done']));
    expect(await (await loadOutbox()).db.files.count()).toBe(0);
  });

  it('待拍照包裹: a parcel picked from the list gets both photos through SetTakePicture by id', async () => {
    const { calls } = setup('logisticsphoto', {
      'Logistics.setTakePicture': (r) => parcel({ id: Number(r.body?.id), isNeedTakePicture: false }),
    });
    await userEvent.click(await screen.findByText('NEED0001'));
    await screen.findByTestId('photo-parcel');
    await pick('imageGuid', 'outside.jpg');
    await pick('goodsImageGuid', 'goods.jpg');
    await waitFor(() => expect(screen.getAllByTestId('photo-preview')).toHaveLength(2));
    await userEvent.click(screen.getByRole('button', { name: '上传' }));
    await screen.findByTestId('photo-done');
    expect(calls.find((c) => c.action === 'setTakePicture')?.body).toEqual({ id: 41, imageGuid: GUIDS[0], goodsImageGuid: GUIDS[1] });
  });

  it('a photo left on the phone by an earlier visit (reload, no network) can be resumed and uploaded', async () => {
    await storePhoto({
      slot: 'goodsImageGuid', screen: 'uploadpackageimg', shipment: 'YT7654321',
      original: new File(['x'.repeat(5000)], 'left.jpg', { type: 'image/jpeg' }), blob: new Blob(['small:left'], { type: 'image/jpeg' }), compressed: true,
    });
    const { calls, upload } = setup('uploadpackageimg', {
      'Logistics.setTakePictureByPhone': (r) => parcel({ shipment: String(r.body?.shipment), goodsImageGuid: String(r.body?.goodsImageGuid) }),
    });
    expect((await screen.findByTestId('photo-leftover')).textContent).toContain('YT7654321');
    await userEvent.click(screen.getByTestId('photo-resume'));
    await screen.findByTestId('photo-preview');
    expect(screen.getByTestId('photo-parcel').textContent).toContain('YT7654321');
    await userEvent.click(screen.getByRole('button', { name: '上传' }));
    await screen.findByTestId('photo-done');
    expect(upload).toHaveBeenCalledTimes(1);
    expect(calls.find((c) => c.action === 'setTakePictureByPhone')?.body).toEqual({ shipment: 'YT7654321', goodsImageGuid: GUIDS[0] });
    expect(await (await photoDb()).photos.count()).toBe(0);
  });

  it('a stray scan while photos are waiting keeps them (upload or cancel first)', async () => {
    const { calls } = setup('uploadpackageimg');
    await scan('YT1234567');
    await pick('imageGuid', 'first.jpg');
    await screen.findByTestId('photo-preview');
    await userEvent.type(screen.getByTestId('scan-input'), 'YT9999999{Enter}');
    expect((await screen.findByTestId('photo-error')).textContent).toContain('请先上传或取消当前包裹的照片');
    expect(screen.getByTestId('photo-parcel').textContent).toContain('YT1234567');
    expect(await (await photoDb()).photos.count()).toBe(1);
    expect(calls.filter((c) => c.action === 'intoLogisticsCheck')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: '取消' }));
    await waitFor(async () => expect(await (await photoDb()).photos.count()).toBe(0));
    expect(screen.queryByTestId('photo-parcel')).toBeNull();
  });

  it('an unknown number is answered at once and no photo can be taken', async () => {
    setup('uploadpackageimg', { 'Logistics.intoLogisticsCheck': () => ({ action: 'UNKNOWN', parcel: null, order: null, userCode: null, shelfNumber: null, needPhoto: false }) });
    await userEvent.type(screen.getByTestId('scan-input'), 'NOSUCH01{Enter}');
    expect((await screen.findByTestId('photo-error')).textContent).toContain('没有找到单号 NOSUCH01 的包裹');
    expect(screen.queryByTestId('photo-slot-imageGuid')).toBeNull();
  });

  it('待拍照包裹 with no answer to the look-up: the parcel is photographed by its number, unconfirmed, and linked by SetTakePictureByPhone', async () => {
    const { calls } = setup('logisticsphoto', {
      'Logistics.intoLogisticsCheck': () => { throw new ApiError('未知错误', 'network', null); },
      'Logistics.setTakePictureByPhone': (r) => parcel({ shipment: String(r.body?.shipment), imageGuid: String(r.body?.imageGuid) }),
    });
    await scan('YT5550001');
    expect(screen.getByTestId('photo-parcel').textContent).toContain('未核对');
    await pick('imageGuid', 'outside.jpg');
    await screen.findByTestId('photo-preview');
    await userEvent.click(screen.getByRole('button', { name: '上传' }));
    await screen.findByTestId('photo-done');
    expect(calls.find((c) => c.action === 'setTakePictureByPhone')?.body).toEqual({ shipment: 'YT5550001', imageGuid: GUIDS[0] });
    expect(calls.some((c) => c.action === 'setTakePicture')).toBe(false);
  });

  it('异常拍照 with no answer to the look-up says in one sentence that it needs the network, not 网络异常', async () => {
    setup('abnormalphoto', { 'Logistics.intoLogisticsCheck': () => { throw new ApiError('未知错误', 'timeout', null); } });
    await userEvent.type(screen.getByTestId('scan-input'), 'YT5550002{Enter}');
    expect((await screen.findByTestId('photo-error')).textContent).toBe('YT5550002：异常拍照需要联网：请联网后再拍照');
    expect(screen.queryByTestId('photo-parcel')).toBeNull();
  });
});
