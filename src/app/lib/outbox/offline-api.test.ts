// The one offline path (decision 0022) against fake-indexeddb, a fake online client and a scripted
// server for the replay: sent now or queued (the caller does not choose), the Idempotency-Key kept
// from the first try to the last replay, photos queued with their action and uploaded on replay,
// a refusal during replay put in 需处理 instead of being retried for ever.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, type ApiRequest, type CallOptions } from '#shared/api-client.ts';
import { ApiError } from '../http.ts';
import { UploadError, type UploadedFile } from '../upload.ts';
import { configureOutbox, loadOutbox } from './index.ts';
import { fileUrl } from '#shared/file-links.ts';
import { lazyOfflineApi } from './offline-api.ts';

const UPLOAD_URL = fileUrl('uploadFile');

const GUID = '11111111-1111-4111-8111-111111111111';
const parcel = { id: 41, shipment: 'YT7001' };

let online = true;
/** What reached the scripted server during replays: URL, key, JSON body or the uploaded file. */
const server: { url: string; key: string | null; body: unknown }[] = [];
let replyStatus = 200;

beforeAll(() => {
  configureOutbox({ getToken: () => 'tok', getTenantId: () => 1, getCulture: () => 'zh-Hans', getOwner: () => '1:1' });
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    const key = (init.headers as Record<string, string>)['Idempotency-Key'] ?? null;
    if (url === UPLOAD_URL) {
      const file = (init.body as FormData).get('file') as File;
      server.push({ url, key, body: await file.text() });
      const result = { guid: GUID, fileName: file.name, contentType: file.type, size: file.size };
      return new Response(JSON.stringify({ result }), { status: 200 });
    }
    server.push({ url, key, body: JSON.parse(String(init.body)) });
    if (replyStatus !== 200) return new Response(JSON.stringify({ error: { message: '该包裹已取消，不能拍照' } }), { status: replyStatus });
    return new Response(JSON.stringify({ success: true, result: { action: 'SIGNED', ...parcel } }), { status: 200 });
  }));
});

afterAll(() => { vi.unstubAllGlobals(); });

beforeEach(async () => {
  online = true;
  replyStatus = 200;
  server.length = 0;
  localStorage.clear();
  const outbox = await loadOutbox();
  await outbox.db.entries.clear();
  await outbox.db.files.clear();
});

/** The online client: every call lands in `calls`; `reply` decides the answer. */
function client(reply: (request: ApiRequest) => unknown = () => ({ action: 'SIGNED', ...parcel })) {
  const calls: { request: ApiRequest; options: CallOptions | undefined }[] = [];
  const api = createApiClient(async (request, options) => {
    calls.push({ request, options });
    return reply(request);
  });
  const uploads: File[] = [];
  const upload = vi.fn(async (file: File): Promise<UploadedFile> => {
    uploads.push(file);
    return { guid: GUID, fileName: file.name, contentType: file.type, size: file.size };
  });
  return { offlineApi: lazyOfflineApi(api, upload), calls, uploads, upload };
}

const sign = { shipment: 'YT7001', warehouseInfoId: 7 };
const on = (shipment: string) => ({ group: `parcel:${shipment}`, label: shipment });
const photo = (text = 'jpeg-bytes') => ({
  field: 'imageGuid' as const, name: 'a.jpg', type: 'image/jpeg', bytes: new TextEncoder().encode(text).buffer as ArrayBuffer,
});
const drain = async () => { await (await loadOutbox()).run({ force: true }); };
const rows = async () => (await loadOutbox()).db.entries.orderBy('seq').toArray();

describe('offlineApi', () => {
  it('online: sends now with a fresh Idempotency-Key and queues nothing', async () => {
    const { offlineApi, calls } = client();
    const sent = await offlineApi.logistics.signByScan(sign, on('YT7001'));
    expect(sent).toMatchObject({ kind: 'sent', result: { action: 'SIGNED' } });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.options?.idempotencyKey).toBe(sent.key);
    expect(await rows()).toEqual([]);
  });

  it('offline: queues without trying, and the replay sends it once under the key it was queued with', async () => {
    const { offlineApi, calls } = client();
    online = false;
    const queued = await offlineApi.logistics.signByScan(sign, on('YT7001'));
    expect(queued).toMatchObject({ kind: 'queued', waiting: 1 });
    expect(calls).toEqual([]);
    online = true;
    await drain();
    await drain();
    expect(server).toEqual([{ url: '/api/services/app/Logistics/SignByScan', key: queued.key, body: sign }]);
    expect((await rows())[0]).toMatchObject({ status: 'done', result: { action: 'SIGNED' } });
  });

  it('no answer: queued under the key the unanswered request carried (the replay cannot do it twice)', async () => {
    const { offlineApi, calls } = client(() => { throw new ApiError('请求超时', 'timeout', null); });
    online = false; // the queued row waits until we look at it
    const first = await offlineApi.logistics.signByScan(sign, { ...on('YT7001'), key: 'k-given' });
    expect(first).toMatchObject({ kind: 'queued', key: 'k-given' });
    online = true;
    const { offlineApi: timingOut, calls: tried } = client(() => { throw new ApiError('请求超时', 'timeout', null); });
    const second = await timingOut.logistics.signByScan({ ...sign, shipment: 'YT7002' }, on('YT7002'));
    expect(second.kind).toBe('queued');
    expect(tried[0]!.options?.idempotencyKey).toBe(second.key);
    await drain();
    expect(server.map((s) => s.key).sort()).toEqual(['k-given', second.key].sort());
    expect(calls).toEqual([]);
  });

  it('a refusal is the caller\'s to show: thrown, nothing queued', async () => {
    const { offlineApi } = client(() => { throw new ApiError('该单号不是有效的快递单号', 'http', 400); });
    await expect(offlineApi.logistics.signByScan(sign, on('YT7001'))).rejects.toMatchObject({ kind: 'http', status: 400 });
    expect(await rows()).toEqual([]);
  });

  it('never overtakes a queued call of the same group, and `once` joins the waiting row', async () => {
    const { offlineApi, calls } = client();
    online = false;
    const queued = await offlineApi.logistics.signByScan(sign, { ...on('YT7001'), once: true });
    const outbox = await loadOutbox();
    const block = vi.spyOn(outbox, 'run').mockResolvedValue(); // keep the row waiting while online
    online = true;
    const again = await offlineApi.logistics.signByScan(sign, { ...on('YT7001'), once: true });
    const photoAfter = await offlineApi.logistics.setTakePicture({ id: 41 }, {
      group: 'parcel:YT7001', label: 'YT7001 照片', files: [photo()],
    });
    block.mockRestore();
    expect(again).toMatchObject({ kind: 'queued', key: queued.key });
    expect(photoAfter.kind).toBe('queued');
    expect(calls).toEqual([]);
    expect((await rows()).map((r) => r.request.action)).toEqual(['signByScan', 'setTakePicture']);
  });

  it('a photo queued offline is kept in Dexie beside its action, uploaded on replay, then linked with its guid', async () => {
    const { offlineApi, upload } = client();
    online = false;
    const queued = await offlineApi.logistics.setTakePictureByPhone({ shipment: 'YT7001' }, {
      ...on('YT7001'), files: [photo('the-photo')],
    });
    expect(queued.kind).toBe('queued');
    const outbox = await loadOutbox();
    expect(await outbox.db.files.where('key').equals(queued.key).count()).toBe(1);
    online = true;
    await drain();
    expect(upload).not.toHaveBeenCalled(); // the replay uploads through lib/upload.ts, not the screen's uploader
    expect(server).toEqual([
      { url: UPLOAD_URL, key: null, body: 'the-photo' },
      { url: '/api/services/app/Logistics/SetTakePictureByPhone', key: queued.key, body: { shipment: 'YT7001', imageGuid: GUID } },
    ]);
    expect((await rows())[0]!.status).toBe('done');
    expect(await outbox.db.files.count()).toBe(0); // the bytes go once the link is done
  });

  it('online: the photo is uploaded, then linked; no answer after the upload queues the link with its guid', async () => {
    const linked = client();
    const sent = await linked.offlineApi.backOrder.setTakePictureAbnormal({ id: 41, reason: '外箱破损' }, {
      ...on('YT7001'), files: [photo()],
    });
    expect(sent.kind).toBe('sent');
    expect(linked.uploads).toHaveLength(1);
    expect(linked.calls[0]!.request.body).toEqual({ id: 41, imageGuid: GUID, reason: '外箱破损' });

    const onUploaded = vi.fn();
    const lost = client(() => { throw new ApiError('未知错误', 'network', null); });
    online = true;
    const queued = await lost.offlineApi.logistics.setTakePicture({ id: 41 }, { ...on('YT7009'), files: [photo()], onUploaded });
    expect(queued.kind).toBe('queued');
    expect(onUploaded).toHaveBeenCalledWith('imageGuid', GUID);
    await drain();
    expect(server).toEqual([{ url: '/api/services/app/Logistics/SetTakePicture', key: queued.key, body: { id: 41, imageGuid: GUID } }]);
  });

  it('an upload that got no answer queues the photo itself', async () => {
    const { offlineApi, calls, upload } = client();
    upload.mockRejectedValueOnce(new UploadError('网络异常，文件未上传，请重试', null));
    online = true;
    const spy = vi.spyOn(await loadOutbox(), 'run').mockResolvedValue();
    const queued = await offlineApi.logistics.setTakePicture({ id: 41 }, { ...on('YT7001'), files: [photo()] });
    spy.mockRestore();
    expect(queued.kind).toBe('queued');
    expect(calls).toEqual([]);
    expect((await (await loadOutbox()).db.files.toArray()).map((f) => f.guid)).toEqual([null]);
  });

  it('a 4xx during replay goes to 需处理 with the server\'s sentence and is not retried by itself', async () => {
    const { offlineApi } = client();
    online = false;
    await offlineApi.logistics.setTakePicture({ id: 41 }, { ...on('YT7001'), files: [photo()] });
    online = true;
    replyStatus = 409;
    await drain();
    await drain();
    const links = server.filter((s) => s.url.endsWith('/SetTakePicture'));
    expect(links).toHaveLength(1);
    expect(server.filter((s) => s.url === UPLOAD_URL)).toHaveLength(1);
    expect((await rows())[0]).toMatchObject({ status: 'attention', lastStatus: 409, lastError: '该包裹已取消，不能拍照' });
    // A fresh call of that parcel is not held behind the refused row: it is sent now.
    const fresh = client();
    const now = await fresh.offlineApi.logistics.setTakePicture({ id: 41 }, { ...on('YT7001'), files: [photo()] });
    expect(now.kind).toBe('sent');
    // The uploaded guid stays with the row: 重试 links the same file without uploading it again.
    replyStatus = 200;
    const outbox = await loadOutbox();
    await outbox.retry((await rows())[0]!.seq!);
    await drain();
    expect(server.filter((s) => s.url === UPLOAD_URL)).toHaveLength(1);
    expect((await rows())[0]!.status).toBe('done');
  });

  it('only accepts actions the registry marks offline', () => {
    const { offlineApi } = client();
    // @ts-expect-error Logistics.edit is not declared `offline: true`
    expect(typeof offlineApi.logistics.edit).toBe('function');
    // @ts-expect-error the Session service has no offline action at all
    expect(offlineApi.session).toBeDefined();
  });
});
