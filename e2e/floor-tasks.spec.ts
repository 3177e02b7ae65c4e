// Tasks, not just boxes (issue 45 §12), one test per piece, on a phone (390×844, touch) as a floor
// user (role Warehouse only), each online, offline (the context's network off) and after a reload
// while offline: 拣货打包's pick list in walking order; 退件入库's place for each returned item; 验货's
// shortfall (and a placeholder that is not a value); 异常拍照's preset reasons; 待拍照 listing only
// parcels that are here; a parcel of an order on hold (问题件) at sign-in. Where a piece cannot work
// without the server, the test asserts what the screen says instead.
//
// One phone for the whole file: signed in once, the service worker in control (the shared config
// blocks workers; the screens must open offline), each test sets up its data over the API first.
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { request as playwrightRequest, type APIResponse, type BrowserContext, type Page } from '@playwright/test';
import { test, expect, SEEDED } from './fixtures.ts';
import { login } from './login.ts';

const PHONE = { width: 390, height: 844 };
const admin = { userName: SEEDED.tenantAdmin.userName, password: SEEDED.tenantAdmin.password };
const SHOTS = '/work/wt/tasks-e2e-shots';
const svc = (service: string, action: string) => `/api/services/app/${service}/${action}`;
const tagOf = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 100)}`.toUpperCase();

/** The API as the test sees it: its own request context, so the phone being offline does not touch it. */
async function apiAs(userName: string, password: string) {
  const ctx = await playwrightRequest.newContext({ baseURL: process.env.HC_E2E_BASE_URL });
  const res = await ctx.post('/api/TokenAuth/Authenticate', { headers: { 'Abp.TenantId': '1' }, data: { userNameOrEmailAddress: userName, password } });
  expect(res.ok(), await res.text()).toBe(true);
  const body = await res.json() as { result: { accessToken: string; userId: number } };
  const headers = { Authorization: `Bearer ${body.result.accessToken}`, 'Abp.TenantId': '1' };
  // Answers read like a client's: untyped JSON, the fields the test needs.
  const ok = async (r: APIResponse): Promise<any> => {
    expect(r.ok(), `${r.url()}: ${await r.text()}`).toBe(true);
    return ((await r.json()) as { result: unknown }).result;
  };
  return {
    userId: body.result.userId,
    get: async (service: string, action: string, params: Record<string, string | number> = {}) => ok(await ctx.get(svc(service, action), { headers, params })),
    post: async (service: string, action: string, data: unknown, params: Record<string, string | number> = {}) =>
      ok(await ctx.post(svc(service, action), { headers: { ...headers, 'Idempotency-Key': randomUUID() }, data: data as object, params })),
    dispose: () => ctx.dispose(),
  };
}
type Api = Awaited<ReturnType<typeof apiAs>>;

/** A seller of tenant Default with a store (and some money): their API, the store and the first (mainland) warehouse. */
async function newSeller(staff: Api, tag: string, overseas = false) {
  const anonymous = await playwrightRequest.newContext({ baseURL: process.env.HC_E2E_BASE_URL });
  const userName = `e2etask${tag.toLowerCase()}`;
  const registered = await anonymous.post(svc('Account', 'Register'), { headers: { 'Abp.TenantId': '1' }, data: { userName, name: `卖家${tag}`, password: 'seller123' } });
  expect(registered.ok(), await registered.text()).toBe(true);
  await anonymous.dispose();
  const seller = await apiAs(userName, 'seller123');
  const store = await staff.post('BackStoreAddress', 'EditStoreAddress', { userId: seller.userId, storeName: `E2E作业店${tag}`, site: 'TW', ...(overseas ? { whetherLocal: true } : {}) });
  await staff.post('User', 'SystemRechargeAmount', { userId: seller.userId, amount: 500, remark: 'e2e' });
  const warehouseId: number = (await staff.get('WarehouseInfo', 'GetWarehouseInfoList')).items[0].id;
  return { seller, storeId: store.id as number, warehouseId };
}

/** A seller's stock record declared, arrived, passed, labelled and shelved at `shelf` (`quantity` items). */
async function shelvedProduct(staff: Api, seller: Api, at: { storeId: number; warehouseId: number }, sku: string, shelf: string, quantity: number) {
  const record = await seller.post('FrontStock', 'EditStock', {
    storeId: at.storeId, warehouseInfoId: at.warehouseId, productSku: sku, productName: `商品${sku.slice(-2)}`, productNums: quantity, packageNums: 1, logisticsNumber: `Y${sku.replace(/-/g, '')}`,
  });
  await staff.post('BackStock', 'EditStatus', null, { id: record.id, isArrived: 'true' });
  await staff.post('BackStock', 'IsCheckPass', null, { id: record.id, ispass: 'true' });
  const labelled = await staff.post('BackStock', 'ProcessLabel', null, { id: record.id });
  await staff.post('Shelves', 'Add', { warehouseInfoId: at.warehouseId, shelfPosition: shelf });
  await staff.post('BackStock', 'ShelfUp', { id: record.id, shelfPosition: shelf, quantity });
  return { stockProductId: labelled.stockProductId as number, barCode: labelled.barCode as string };
}

/** A seller's order of mainland parcels (declared, 待签收): its id and trade number, and each parcel's id by number. */
async function parcelOrder(staff: Api, tag: string, shipments: string[]) {
  const s = await newSeller(staff, tag);
  const order = await s.seller.post('FrontOrder', 'CreateOrder', {
    orderNumber: `E2ET${tag}`, storeId: s.storeId, warehouseInfoId: s.warehouseId, site: 'TW', orderType: 2, cargoCategory: 1, shippingMethods: 2,
    orderProductInfosList: shipments.map((shipment, i) => ({ productName: `商品${i + 1}`, productSku: `T-${i + 1}`, quantity: 1, shipment })),
  });
  const parcelId = async (shipment: string) => (await staff.get('Logistics', 'GetLogisticsList', { shipment })).items[0].id as number;
  const sign = (shipment: string) => staff.post('Logistics', 'SignByScan', { shipment, warehouseInfoId: s.warehouseId });
  return { ...s, orderId: order.id as number, tradeNo: order.tradeNo as string, parcelId, sign };
}

let context: BrowserContext;
let page: Page;
let staff: Api;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  staff = await apiAs(admin.userName, admin.password);
  const picker = { tenant: 'Default', userName: `e2epick${tagOf().toLowerCase()}`, password: 'picker123' };
  await staff.post('User', 'Create', { userName: picker.userName, name: '拣货员小周', password: picker.password, roleNames: ['Warehouse'], userType: 0 });
  context = await browser.newContext({
    baseURL: process.env.HC_E2E_BASE_URL, serviceWorkers: 'allow', viewport: PHONE, hasTouch: true, isMobile: true, locale: 'zh-CN', timezoneId: 'Asia/Shanghai',
  });
  page = await context.newPage();
  await login(page, { ...picker, from: '/floor' });
  await expect(page.getByTestId('floor-home')).toBeVisible();
  // Offline the screens come from the worker's precache, and the start-up reads from the device.
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 45_000, message: 'the service worker controls the page' }).toBe(true);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('haicang.reads') ?? ''), { timeout: 10_000 }).toContain('Session');
});

test.afterEach(async () => {
  await context?.setOffline(false);
});

test.afterAll(async () => {
  await context?.close();
  await staff?.dispose();
});

/** The scan box (its placeholder says 扫描), as a wedge scanner types into it: the code, then Enter. */
async function wedge(code: string): Promise<void> {
  const box = page.getByPlaceholder(/扫描/).first();
  await box.focus();
  await page.keyboard.type(code, { delay: 5 });
  await page.keyboard.press('Enter');
}

/** The network goes, the page is reloaded: the screen comes from the worker, its reads from the device. */
async function reloadOffline(screen: string): Promise<void> {
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId(screen)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByPlaceholder(/扫描/).first()).toBeEnabled();
  await expect(page.getByTestId('offline-banner')).toContainText('网络已断开', { timeout: 10_000 });
}

const shot = (name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` });

test('拣货打包: the stock order\'s pick list in walking order, shelf first — online, offline, and after an offline reload', async () => {
  test.setTimeout(90_000);
  const tag = tagOf();
  const s = await newSeller(staff, tag);
  // Made in this order on purpose: neither the order of creation nor the plain text order is the walk.
  // A zone of its own (shelf codes are unique in a warehouse), as short as a real one.
  const zone = `Z${tag.slice(-4)}`;
  const shelves = [`${zone}-10-1`, `${zone}-2-10`, `${zone}-2-9`];
  const products = [];
  for (const [i, shelf] of shelves.entries()) products.push(await shelvedProduct(staff, s.seller, s, `EAR-${tag.slice(-4)}-${i}`, shelf, 2));
  const order = await s.seller.post('FrontStockOrder', 'CreateStockOrder', {
    storeId: s.storeId, orderNumber: `E2EW${tag}`, site: 'TW', shippingMethods: 3, cargoCategory: 1,
    items: products.map((p) => ({ stockProductId: p.stockProductId, quantity: 1 })),
  });
  const tradeNo = order.tradeNo as string;
  const walk = [`${zone}-2-9`, `${zone}-2-10`, `${zone}-10-1`];

  await page.goto('/backstock/pickpack');
  await expect(page.getByTestId('pick-pack')).toBeVisible();
  // The list of orders to pick is kept on the phone.
  await expect.poll(() => page.evaluate((n) => (localStorage.getItem('haicang.pick.orders') ?? '').includes(n), tradeNo), { timeout: 20_000 }).toBe(true);
  const seesTheWalk = async () => {
    await expect(page.getByTestId('pick-verdict')).toHaveAttribute('data-verdict', 'opened');
    await expect(page.getByTestId('pick-line-place')).toHaveText(walk);
    await expect(page.getByTestId('pick-line')).toHaveText([/^1/, /^2/, /^3/]);
    await expect(page.getByTestId('pick-line').first()).toContainText(`EAR-${tag.slice(-4)}-2`);
    await expect(page.getByTestId('pick-line').first()).toContainText('0/1');
    // The whole line is on the phone's width: the picked count is not scrolled out of sight.
    const table = page.getByTestId('pick-order').locator('table');
    expect(await table.evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth)).toBeLessThanOrEqual(0);
  };
  await wedge(tradeNo);
  await seesTheWalk();

  // Offline: the same order opens from the phone's list, in the same order.
  await context.setOffline(true);
  await page.getByRole('button', { name: '换一单' }).click();
  await wedge(tradeNo);
  await seesTheWalk();

  await reloadOffline('pick-pack');
  await wedge(tradeNo);
  await seesTheWalk();
  // The first shelf is on the first screen, readable.
  const first = await page.getByTestId('pick-line-place').first().boundingBox();
  expect(first!.y + first!.height).toBeLessThan(PHONE.height);
  await shot('1-pick-walking-order-offline-reload');
});

test('退件入库: each returned item says where it goes (its shelf) — online, offline, and after an offline reload', async () => {
  test.setTimeout(90_000);
  const tag = tagOf();
  const s = await newSeller(staff, tag, true);
  const warehouse = await staff.post('WarehouseInfo', 'EditWarehouseInfo', { warehouseName: `台北仓${tag}`, kind: 2, site: 'TW', address: '台北市' });
  await staff.post('OverseasBaseCostSetting', 'Add', {
    storeId: s.storeId, beginTime: new Date(Date.now() - 3600_000).toISOString(), whetherEffective: true, baseCost: 2, baseSkuNums: 1, exceedSkuCost: 0, maxSkuCost: 0, sackPrice: 0,
  });
  const shelf = `R${tag}-03-07`;
  const product = await shelvedProduct(staff, s.seller, { storeId: s.storeId, warehouseId: warehouse.id }, `CUP-${tag}`, shelf, 5);
  const order = await s.seller.post('FrontAbroadOrder', 'CreateOrder', {
    storeId: s.storeId, warehouseInfoId: warehouse.id, orderNumber: `TW${tag}`, site: 'TW', shippingMethods: 2, cargoCategory: 1,
    items: [{ stockProductId: product.stockProductId, quantity: 2 }],
  });
  await staff.post('BackAbroadOrder', 'AbroadOrderBale', { tradeNo: order.tradeNo });
  const returnNumber = `RT${tag}`;
  await s.seller.get('FrontAbroadReturn', 'AddRerurnOrder', { orderId: order.id, returnNumber, orderNumber: order.orderNumber });

  await page.goto('/backabroad/abroadreturnscan');
  await expect(page.getByTestId('return-scan-station')).toBeVisible();
  const verdict = page.getByTestId('return-verdict');
  const place = page.getByTestId('return-line-place');
  await wedge(returnNumber);
  await expect(verdict).toHaveAttribute('data-state', 'found');
  await expect(place).toHaveText([`放回库位 ${shelf}`]);

  // Offline: what is on screen stays; a return never looked up says in one sentence why it cannot be checked.
  await context.setOffline(true);
  await expect(place).toHaveText([`放回库位 ${shelf}`]);
  const unseen = `RX${tag}`;
  await wedge(unseen);
  await expect(verdict).toHaveAttribute('data-state', 'offline');
  await expect(verdict).toContainText(`离线：无法核对退件 ${unseen}`);

  // Reloaded offline, the return checked online is answered from what the phone kept, with its place.
  await reloadOffline('return-scan-station');
  await wedge(returnNumber);
  await expect(verdict).toHaveAttribute('data-state', 'found');
  await expect(place).toHaveText([`放回库位 ${shelf}`]);
  await shot('2-return-place-offline-reload');
});

test('验货: a count below the declared one warns with the shortfall; the placeholder is not a number — online, offline, and after an offline reload', async () => {
  test.setTimeout(90_000);
  const tag = tagOf();
  const s = await newSeller(staff, tag);
  const record = await s.seller.post('FrontStock', 'EditStock', {
    storeId: s.storeId, warehouseInfoId: s.warehouseId, productSku: `CHK-${tag}`, productName: '蓝牙耳机', productNums: 10, packageNums: 1, logisticsNumber: `YC${tag}`,
  });
  await staff.post('BackStock', 'EditStatus', null, { id: record.id, isArrived: 'true' });

  await page.goto('/backstock/checkStation');
  await expect(page.getByTestId('check-station')).toBeVisible();
  await expect(page.getByTestId('check-list')).toContainText(record.tradeNo, { timeout: 20_000 });
  const count = page.getByTestId('check-count');
  const shortfall = page.getByTestId('check-shortfall');
  const counts = async () => {
    await expect(page.getByTestId('check-record')).toContainText(record.tradeNo);
    await expect(page.getByTestId('check-declared')).toHaveText('申报 10 件，1 箱');
    // Empty, and its placeholder asks for the count instead of showing a number that looks like one.
    await expect(count).toHaveValue('');
    await expect(count).toHaveAttribute('placeholder', '输入实收数量');
    await expect(shortfall).toHaveCount(0);
    await count.fill('7');
    await expect(shortfall).toHaveText('短少 3 件：申报 10 件，实收 7 件。请复点，通过后按实收数量上架');
    await expect(page.getByRole('alert').filter({ hasText: '短少 3 件' })).toBeVisible();
    await count.fill('10');
    await expect(shortfall).toHaveCount(0);
    await count.fill('7');
    await expect(shortfall).toBeVisible();
  };
  await wedge(record.logisticsNumber);
  await counts();

  // Offline: the record is found in the list kept on the phone (by its SR number this time).
  await context.setOffline(true);
  await page.getByRole('button', { name: '取消' }).click();
  await wedge(record.tradeNo);
  await counts();

  await reloadOffline('check-station');
  await expect(page.getByTestId('check-list')).toContainText(record.tradeNo, { timeout: 20_000 });
  await wedge(record.logisticsNumber);
  await counts();
  await shot('3-check-shortfall-offline-reload');
});

test('异常拍照: preset reasons fill the reason (其他 alone is not one); sent online, queued offline; reloaded offline a scan names the network', async () => {
  test.setTimeout(120_000);
  const tag = tagOf();
  const [online, offline, later] = [`PA${tag}1`, `PA${tag}2`, `PA${tag}3`];
  const o = await parcelOrder(staff, tag, [online, offline, later]);
  for (const n of [online, offline, later]) await o.sign(n);
  const reasonOf = async (shipment: string) => ((await staff.get('BackOrder', 'GetAbnormalReceivingOrderList', { shipment })).items[0]?.abnormalReason ?? null) as string | null;
  const photo = Buffer.from(await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 240;
    canvas.getContext('2d')!.fillRect(10, 10, 100, 100);
    return canvas.toDataURL('image/jpeg', 0.9).split(',')[1]!;
  }), 'base64');
  const takePhoto = async () => {
    await page.getByTestId('photo-slot-imageGuid').locator('input[type=file]:not([capture])').setInputFiles({ name: 'IMG_ABN.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(page.getByTestId('photo-preview')).toBeVisible({ timeout: 30_000 });
  };
  const chip = (name: string) => page.getByTestId('reason-chip').filter({ hasText: name });
  const reason = page.getByTestId('photo-reason');
  const submit = page.getByTestId('photo-submit');

  await page.goto('/takephone/abnormalphoto');
  await expect(page.getByTestId('photo-station')).toBeVisible();
  await wedge(online);
  await expect(page.getByTestId('photo-parcel')).toContainText(online);
  await expect(page.getByTestId('reason-chip')).toHaveText(['破损', '错货', '少件', '受潮', '其他']);
  await takePhoto();
  await chip('其他').click();
  await expect(chip('其他')).toHaveAttribute('aria-pressed', 'true');
  await expect(reason).toHaveValue('其他');
  await expect(submit).toBeDisabled();
  await chip('其他').click();
  await chip('受潮').click();
  await chip('破损').click();
  await expect(reason).toHaveValue('破损；受潮');
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByTestId('photo-done')).toHaveText(`已上传：${online}`);
  expect(await reasonOf(online)).toBe('破损；受潮');

  // Offline with the parcel found online: the chips and the words, queued.
  await wedge(offline);
  await expect(page.getByTestId('photo-parcel')).toContainText(offline);
  await context.setOffline(true);
  await chip('错货').click();
  await reason.click();
  await page.keyboard.type('；外箱是别家的');
  await expect(reason).toHaveValue('错货；外箱是别家的');
  await expect(chip('错货')).toHaveAttribute('aria-pressed', 'true');
  await takePhoto();
  await chip('其他').scrollIntoViewIfNeeded();
  await shot('4-abnormal-reasons-offline');
  await submit.click();
  await expect(page.getByTestId('photo-queued')).toContainText(offline);

  // Reloaded offline: the parcel cannot be looked up (the mark needs its id), and the screen says so.
  await reloadOffline('photo-station');
  await wedge(later);
  await expect(page.getByTestId('photo-error')).toHaveText(`${later}：异常拍照需要联网：请联网后再拍照`);
  await expect(page.getByTestId('reason-chip')).toHaveCount(0);

  // Online again the queued mark reaches the server with its reason.
  await context.setOffline(false);
  await expect.poll(() => reasonOf(offline), { timeout: 45_000 }).toBe('错货；外箱是别家的');
});

test('待拍照: lists only the parcels that are here — online, offline; reloaded offline it says the list needs the network', async () => {
  test.setTimeout(90_000);
  const tag = tagOf();
  const [here, coming] = [`PN${tag}1`, `PN${tag}2`];
  const o = await parcelOrder(staff, tag, [here, coming]);
  for (const n of [here, coming]) await o.seller.post('Logistics', 'IsNeedTakePicture', null, { id: await o.parcelId(n), isNeed: 'true' });
  await o.sign(here);

  await page.goto('/takephone/logisticsphoto');
  const list = page.getByTestId('need-photo-list');
  await expect(list.getByTestId('need-photo-row').filter({ hasText: here })).toBeVisible({ timeout: 20_000 });
  await expect(list).not.toContainText(coming);

  // Offline, the list already on screen stays.
  await context.setOffline(true);
  await expect(list.getByTestId('need-photo-row').filter({ hasText: here })).toBeVisible();
  await expect(list).not.toContainText(coming);

  // Reloaded offline the list cannot be asked for: the screen says so and what to do instead.
  await reloadOffline('photo-station');
  await expect(page.getByTestId('need-photo-offline')).toHaveText('待拍照列表需要联网：离线时请直接扫描单号拍照，联网后自动上传');
  await expect(list.getByTestId('need-photo-row')).toHaveCount(0);
  await shot('5-need-photo-offline-reload');
});

test('问题件 at sign-in: a parcel of an order on hold shows the hold and its reason — online, offline from the station\'s index, after an offline reload, and once the replay confirms it', async () => {
  test.setTimeout(120_000);
  const tag = tagOf();
  const [first, second, third] = [`PH${tag}1`, `PH${tag}2`, `PH${tag}3`];
  const o = await parcelOrder(staff, tag, [first, second, third]);
  const holdReason = '面单模糊，待卖家确认';
  await staff.post('BackOrder', 'ProcesOrderStatu', { ids: [o.orderId], orderStatus: 7, reason: holdReason });

  await page.goto('/back/intoLogistics');
  const warehouse = page.getByTestId('station-warehouse');
  await expect(warehouse).toBeEnabled();
  await warehouse.selectOption(String(o.warehouseId));
  await expect(page.getByTestId('floor-index-status')).toHaveAttribute('data-count', /^[1-9]\d*$/, { timeout: 30_000 });
  const verdict = page.getByTestId('scan-verdict');
  await wedge(first);
  await expect(verdict.getByTestId('verdict-shipment')).toHaveText(first);
  await expect(verdict).toHaveAttribute('data-verdict', 'SIGNED');
  await expect(verdict.getByTestId('verdict-hold')).toHaveText(`问题件：${holdReason}`);

  // Offline the station's index knows the hold (it was loaded online): queued, unconfirmed, and 问题件.
  await context.setOffline(true);
  await wedge(second);
  await expect(verdict.getByTestId('verdict-shipment')).toHaveText(second);
  await expect(verdict).toContainText('已排队');
  await expect(verdict.getByTestId('verdict-unconfirmed')).toBeVisible();
  await expect(verdict.getByTestId('verdict-hold')).toHaveText(`问题件：${holdReason}`);
  await expect(verdict.getByTestId('verdict-trade-no')).toHaveText(o.tradeNo);

  await reloadOffline('scan-input');
  await wedge(third);
  await expect(verdict.getByTestId('verdict-shipment')).toHaveText(third);
  await expect(verdict).toContainText('已排队');
  await expect(verdict.getByTestId('verdict-hold')).toHaveText(`问题件：${holdReason}`);
  await expect(verdict.getByTestId('verdict-trade-no')).toHaveText(o.tradeNo);
  await shot('6-hold-at-sign-in-offline-reload');

  // Online, the replay's answer replaces the guess: the hold is said.
  await context.setOffline(false);
  await expect(verdict.getByTestId('verdict-confirmed')).toBeVisible({ timeout: 45_000 });
  await expect(verdict.getByTestId('verdict-hold')).toHaveText(`问题件：${holdReason}`);
});
