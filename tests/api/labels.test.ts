// Label PDFs (pdfkit + bwip-js): the 100×100 mm packing label of an order, the 60×40 mm barcode
// label (GetPdfbyte) and the custom label (GetZDYPdf) — real PDFs of the right size, with the
// numbers as text and the barcode drawn; refused like the other /api/File/ links.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { call, createTestApp, signIn, svc, type Caller, type TestApp } from '../helpers/test-app.ts';
import { multipart, png } from '../helpers/upload.ts';
import { registerSeller } from '../factories/identity.ts';
import { buildOrder, createOrder, createStore } from '../factories/orders.ts';
import { code128Png } from '#server/modules/labels/render.ts';
import { cjkFont } from '#server/modules/labels/fonts.ts';
import { parseInfos } from '#server/modules/labels/service.ts';

const pt = (mm: number) => Math.round((mm * 72) / 25.4 * 100) / 100;
/** Text drawn with a standard font appears in the content stream as the hex of its bytes. */
const hexOf = (s: string) => Buffer.from(s, 'latin1').toString('hex');
/** Chinese text drawn with the embedded CJK font is listed in its ToUnicode map by code point. */
const codePoints = (s: string) => [...s].map((c) => c.codePointAt(0)!.toString(16).padStart(4, '0'));

function pdfText(res: LightMyRequestResponse): string {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  const text = res.rawPayload.toString('latin1');
  expect(text.startsWith('%PDF-')).toBe(true);
  expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
  return text;
}

const mediaBox = (text: string) => /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(text)!.slice(1).map(Number);

describe('label PDFs', () => {
  let t: TestApp;
  let admin: Caller;
  let seller: Awaited<ReturnType<typeof registerSeller>>;
  let order: Awaited<ReturnType<typeof createOrder>>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, 'admin', '123qwe', 1);
    seller = await registerSeller(t.app, 1);
    const storeId = (await createStore(t.app, admin, seller.userId)).id;
    const warehouseId = (await call(t.app, 'GET', svc('WarehouseInfo', 'GetWarehouseInfoList'), admin)).body.result.items[0].id;
    order = await createOrder(t.app, seller, buildOrder(storeId, warehouseId));
    await call(t.app, 'POST', svc('FrontOrder', 'urgentOrder') + `?id=${order.id}`, seller);
  });
  afterAll(async () => t?.close());

  const get = (url: string, who: Caller | null, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...(who?.token ? { authorization: `Bearer ${who.token}`, 'abp.tenantid': '1' } : {}), ...headers } });

  it('renders a Code 128 barcode with bwip-js', async () => {
    const image = await code128Png('CB26112200001', 10);
    expect(image.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(image.readUInt32BE(16)).toBeGreaterThan(100); // width: 11 modules per character and more
  });

  it('prints the packing label of an order: 100×100 mm, trade number as text and barcode, seller code, site, urgent mark', async () => {
    const text = pdfText(await get(`/api/File/GetOrderLabel?tradeNo=${order.tradeNo}`, admin));
    expect(mediaBox(text)).toEqual([pt(100), pt(100)]);
    expect(text).toContain(`<${hexOf(order.tradeNo)}>`);
    expect(text).toContain(`<${hexOf(seller.userCode)}>`);
    expect(text).toContain(`<${hexOf('x2')}>`); // the first line's quantity
    expect(text).toMatch(/\/Subtype \/Image/);
    if (cjkFont()) {
      const map = text.toLowerCase();
      for (const cp of codePoints('台湾加急手机壳')) expect(map).toContain(cp);
    }
    // by id as well, and as a link opened in a new tab (the session cookie instead of a bearer header)
    expect(pdfText(await get(`/api/File/GetOrderLabel?id=${order.id}`, admin))).toContain(`<${hexOf(order.tradeNo)}>`);
    const auth = await call(t.app, 'POST', '/api/TokenAuth/Authenticate', { tenantId: 1 }, { userNameOrEmailAddress: 'admin', password: '123qwe' });
    const cookie = `enc_auth_token=${encodeURIComponent(auth.body.result.encryptedAccessToken as string)}; Abp.TenantId=1`;
    expect(pdfText(await get(`/api/File/GetOrderLabel?tradeNo=${order.tradeNo}`, null, { cookie }))).toContain(`<${hexOf(order.tradeNo)}>`);
  });

  it('refuses the order label like a back-office link', async () => {
    expect((await get(`/api/File/GetOrderLabel?tradeNo=${order.tradeNo}`, null)).statusCode).toBe(401);
    expect((await get(`/api/File/GetOrderLabel?tradeNo=${order.tradeNo}`, seller)).statusCode).toBe(403);
    const missing = await get('/api/File/GetOrderLabel?tradeNo=CB000000', admin);
    expect(missing.statusCode).toBe(404);
    const none = await get('/api/File/GetOrderLabel', admin);
    expect(none.statusCode).toBe(400);
    expect(none.json().error.validationErrors[0].members).toEqual(['tradeNo']);
  });

  it('refuses the label of a cancelled order with the shared rule\'s sentence (409)', async () => {
    const storeId = (await createStore(t.app, admin, seller.userId)).id;
    const warehouseId = (await call(t.app, 'GET', svc('WarehouseInfo', 'GetWarehouseInfoList'), admin)).body.result.items[0].id;
    const cancelled = await createOrder(t.app, seller, buildOrder(storeId, warehouseId));
    expect((await call(t.app, 'POST', `${svc('FrontOrder', 'CancelOrder')}?id=${cancelled.id}`, seller)).status).toBe(200);
    const res = await get(`/api/File/GetOrderLabel?tradeNo=${cancelled.tradeNo}`, admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('订单已取消，不能打印面单。');
  });

  it('prints a 60×40 mm barcode label with shelf, seller code and date (GetPdfbyte)', async () => {
    const text = pdfText(await get(`/api/File/GetPdfbyte?barCode=SKU-RED-001&shelfPosition=A-01-02&isDate=true&userId=${seller.userId}`, admin));
    expect(mediaBox(text)).toEqual([pt(60), pt(40)]);
    expect(text).toContain(`<${hexOf('SKU-RED-001')}>`);
    expect(text).toMatch(/\/Subtype \/Image/);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
    expect(text).toContain(`<${hexOf(today)}>`);
    expect(text).toContain(`<${hexOf(seller.userCode)}>`); // staff print a seller's code by userId
    if (cjkFont()) for (const cp of codePoints('货架')) expect(text.toLowerCase()).toContain(cp);
    // without isDate no date; a seller prints their own code whatever userId says
    const plain = pdfText(await get('/api/File/GetPdfbyte?barCode=SKU-RED-001&userId=1', seller));
    expect(plain).not.toContain(`<${hexOf(today)}>`);
    expect(plain).toContain(`<${hexOf(seller.userCode)}>`);
    const bad = await get('/api/File/GetPdfbyte?barCode=', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.validationErrors[0].members).toEqual(['barCode']);
    expect((await get('/api/File/GetPdfbyte?barCode=X1', null)).statusCode).toBe(401);
  });

  it('prints a custom label: an uploaded image over heightPercentage of the page and the infos lines (GetZDYPdf)', async () => {
    const { payload, contentType } = await multipart([{ fileName: 'label.png', type: 'image/png', bytes: png() }]);
    const up = await t.app.inject({ method: 'POST', url: '/api/File/UploadFile', headers: { authorization: `Bearer ${seller.token}`, 'abp.tenantid': '1', 'content-type': contentType }, payload });
    const guid = up.json().result.guid as string;
    const infos = encodeURIComponent(JSON.stringify(['SKU-A x2', 'SKU-B x1']));
    const text = pdfText(await get(`/api/File/GetZDYPdf?guid=${guid}&heightPercentage=60&infos=${infos}`, seller));
    expect(mediaBox(text)).toEqual([pt(100), pt(100)]);
    expect(text).toMatch(/\/Subtype \/Image/);
    if (!cjkFont()) expect(text).toContain(`<${hexOf('SKU-A x2')}>`);
    // the barcode label takes the same image by its link, next to the barcode
    const withImage = pdfText(await get(`/api/File/GetPdfbyte?barCode=SKU-1&imageUrl=${encodeURIComponent(`/api/File/GetLogisticsImage?guid=${guid}`)}`, seller));
    const images = (pdf: string) => pdf.match(/\/Subtype \/Image/g)?.length ?? 0;
    expect(images(withImage)).toBe(images(pdfText(await get('/api/File/GetPdfbyte?barCode=SKU-1', seller))) + 1);
    const noImage = pdfText(await get(`/api/File/GetZDYPdf?infos=${encodeURIComponent('第一行|第二行')}`, seller));
    expect(noImage).not.toMatch(/\/Subtype \/Image/);
    const tooTall = await get(`/api/File/GetZDYPdf?guid=${guid}&heightPercentage=95`, seller);
    expect(tooTall.statusCode).toBe(400);
    expect(tooTall.json().error.validationErrors[0].members).toEqual(['heightPercentage']);
    expect((await get('/api/File/GetZDYPdf', seller)).statusCode).toBe(400);
    // a PDF label cannot be drawn into a new PDF here: said plainly
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');
    const pdfUpload = await multipart([{ fileName: 'shopee.pdf', type: 'application/pdf', bytes: pdf }]);
    const upPdf = await t.app.inject({ method: 'POST', url: '/api/File/UploadFile', headers: { authorization: `Bearer ${seller.token}`, 'abp.tenantid': '1', 'content-type': pdfUpload.contentType }, payload: pdfUpload.payload });
    const asPdf = await get(`/api/File/GetZDYPdf?guid=${upPdf.json().result.guid}&infos=x`, seller);
    expect(asPdf.statusCode).toBe(409);
    expect(asPdf.json().error.message).toContain('JPG 或 PNG');
    // another seller's upload is not theirs to print
    const other = await registerSeller(t.app, 1);
    expect((await get(`/api/File/GetZDYPdf?guid=${guid}&infos=x`, other)).statusCode).toBe(404);
  });

  it('reads infos however an old client sends them', () => {
    expect(parseInfos('["a","b"]')).toEqual(['a', 'b']);
    expect(parseInfos('a|b\nc；d')).toEqual(['a', 'b', 'c', 'd']);
    expect(parseInfos(undefined)).toEqual([]);
  });
});
