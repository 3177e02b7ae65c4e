// `npm run seed:demo`: fills tenant Default with sellers, stores, orders and parcels in every state
// the product has so far, and an overseas warehouse with a seller's stock, overseas orders and a
// buyer's return, through the real services (app.inject), so the data obeys every rule and leaves
// the same audit trail as real use. Run it while the server is stopped (PGlite is one process's
// database); running it twice changes nothing. Each scene has its marker (demo_seller1, the overseas
// warehouse): a demo database from before the overseas scene gets it on the next run.
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { seedDatabase } from '../seed.ts';
import { buildApp } from '../app.ts';
import { resolveTokenSecret } from '../lib/secrets.ts';
import { seedSandbox } from '../plugins/shopee-sandbox.ts';
import { CARGO_CATEGORY, ORDER_TYPE } from '#shared/enums.ts';

const TENANT = 1;
/** The overseas scene's warehouse: its marker. */
const OVERSEAS_WAREHOUSE = '台北海外仓';
/** demo_seller1's shop on the built-in fake Shopee platform. */
const DEMO_SHOP_ID = 880001;
const PASSWORD = 'demo123';
const SELLERS = [
  { userName: 'demo_seller1', name: '深圳小王', store: '小王数码 TW', site: 'TW' },
  { userName: 'demo_seller2', name: '义乌李姐', store: '李姐家居 MY', site: 'MY' },
  { userName: 'demo_seller3', name: '广州阿强', store: '阿强服饰 PH', site: 'PH' },
] as const;
const PRODUCTS = [
  ['手机壳', 'CASE-IP15', '透明/iPhone 15', 3.5], ['数据线', 'CABLE-C1M', 'Type-C 1m', 2.8], ['蓝牙耳机', 'BT-EAR-02', '白色', 39],
  ['收纳盒', 'BOX-S', '小号', 6.9], ['保温杯', 'CUP-500', '500ml 蓝', 25], ['T恤', 'TEE-M-BLK', 'M 黑色', 18], ['帆布包', 'BAG-CV', '米白', 12],
] as const;

async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 5 });
  try {
    await database.migrate();
    await seedDatabase(database);
    const tokenSecret = await resolveTokenSecret(config.tokenSecret, config.dataDir);
    const app = await buildApp({ config: { ...config, logLevel: 'warn' }, database, tokenSecret, logger: false });
    await app.ready();

    let seq = 0;
    const call = async (method: 'GET' | 'POST' | 'PUT', url: string, token: string | null, payload?: unknown) => {
      const res = await app.inject({
        method, url, payload: payload as object,
        headers: { 'abp.tenantid': String(TENANT), ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': 'application/json' },
      });
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the seeder reads plain JSON envelopes, as the tests do
      const body = res.json() as { result: any; error: { message: string; details?: string } | null };
      if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${body.error?.message} ${body.error?.details ?? ''}`);
      return body.result;
    };
    const svc = (s: string, a: string) => `/api/services/app/${s}/${a}`;
    const signIn = async (userName: string, password: string) =>
      (await call('POST', '/api/TokenAuth/Authenticate', null, { userNameOrEmailAddress: userName, password })).accessToken as string;

    const admin = await signIn('admin', '123qwe');
    const tracking = (prefix: string) => `${prefix}${String(Date.now()).slice(-7)}${String(seq++).padStart(3, '0')}`;
    const done: string[] = [];
    if ((await call('GET', `${svc('User', 'GetAll')}?keyword=demo_seller1`, admin)).totalCount === 0) done.push(await mainlandScene());
    const overseasUrl = `${svc('WarehouseInfo', 'GetWarehouseInfoList')}?kind=2&keyword=${encodeURIComponent(OVERSEAS_WAREHOUSE)}`;
    const overseas = await call('GET', overseasUrl, admin);
    if (overseas.totalCount === 0) done.push(await overseasScene());
    const mainlandWarehouse = (await call('GET', `${svc('WarehouseInfo', 'GetWarehouseInfoList')}?kind=1&isEnabled=true`, admin)).items[0];
    const baseCosts = await call('GET', `${svc('BaseCostSetting', 'GetBaseCostSettingListList')}?warehouseInfoId=${mainlandWarehouse.id}`, admin);
    if (baseCosts.totalCount === 0) done.push(await feesScene(mainlandWarehouse.id));
    await app.close();
    console.log(done.length ? `demo data: ${done.join('; ')}, in tenant Default`
      : 'demo data is already there (demo_seller1 and the overseas warehouse exist): nothing to do');

    /**
     * The mainland warehouse's fee settings, so its orders can be weighed and charged on the demo data:
     * a base cost per order type and a freight rule per site and cargo category (bulky parameter 6000).
     */
    async function feesScene(warehouseInfoId: number): Promise<string> {
      const beginTime = new Date(Date.now() - 86_400_000).toISOString();
      for (const orderType of [ORDER_TYPE.crossBorder, ORDER_TYPE.mainland, ORDER_TYPE.stock]) {
        await call('POST', svc('BaseCostSetting', 'Add'), admin, {
          warehouseInfoId, orderType, beginTime, isEffective: true, baseCost: 3, baseSkuNums: 1, exceedSkuCost: 0.5, maxSkuCost: 2, sackPrice: 0.8,
        });
      }
      for (const site of new Set(SELLERS.map((x) => x.site))) {
        for (const cargoCategory of [CARGO_CATEGORY.general, CARGO_CATEGORY.special]) {
          const general = cargoCategory === CARGO_CATEGORY.general;
          await call('POST', svc('MainlandFreight', 'Add'), admin, {
            warehouseInfoId, site, cargoCategory, beginTime, isEffective: true,
            firstWeight: 0.5, firstWeightPrice: general ? 12 : 15, continueWeight: 0.5, continueWeightCost: general ? 5 : 6, bulkyParameter: 6000,
          });
        }
      }
      return 'fee settings of the mainland warehouse (base costs, freight for TW/MY/PH)';
    }

    /** Sellers, stores, mainland orders in every state, unclaimed parcels, a Shopee shop, a notification. */
    async function mainlandScene(): Promise<string> {
      const picker = await call('POST', svc('User', 'Create'), admin, { userName: 'demo_picker', name: '仓库小张', password: PASSWORD, roleNames: ['Warehouse'], userType: 0 });
      const pickerToken = await signIn(picker.userName, PASSWORD);
      const warehouse = (await call('GET', `${svc('WarehouseInfo', 'GetWarehouseInfoList')}?kind=1&isEnabled=true`, admin)).items[0];
      const scan = (shipment: string) => call('POST', svc('Logistics', 'SignByScan'), pickerToken, { shipment, warehouseInfoId: warehouse.id });

      let orders = 0;
      for (const [i, s] of SELLERS.entries()) {
        await call('POST', svc('Account', 'Register'), null, { userName: s.userName, name: s.name, password: PASSWORD });
        const seller = await signIn(s.userName, PASSWORD);
        const me = (await call('GET', svc('Session', 'GetCurrentLoginInformations'), seller)).user;
        const store = await call('POST', svc('BackStoreAddress', 'EditStoreAddress'), admin, {
          userId: me.id, storeName: s.store, site: s.site, contactName: s.name, contactPhone: `1380000000${i}`, storeAddress: `${s.site} 买家仓`,
        });
        // Six orders per seller, each left in a different state.
        for (let k = 0; k < 6; k++) {
          const lineCount = 1 + ((k + i) % 3);
          const lines = Array.from({ length: lineCount }, (_, n) => {
            const [productName, productSku, specification, price] = PRODUCTS[(k * 2 + n + i) % PRODUCTS.length]!;
            return { productName, productSku, specification, quantity: 1 + ((n + k) % 3), price, shipment: tracking(['SF', 'YT', 'ZTO'][n % 3]!) };
          });
          const order = await call('POST', svc('FrontOrder', 'CreateOrder'), seller, {
            orderNumber: `26112${i}${String(k).padStart(2, '0')}${String(Date.now()).slice(-5)}`, storeId: store.id, warehouseInfoId: warehouse.id, site: s.site,
            orderType: 2, cargoCategory: 1 + (k % 2), shippingMethods: 2, reMark: k === 0 ? '请用气泡膜包装' : null, orderProductInfosList: lines,
          });
          orders++;
          const shipments = [...new Set(lines.map((l) => l.shipment))];
          if (k === 1) await scan(shipments[0]!); // 处理中 / 部分到货 (or 已到齐 with one parcel)
          if (k === 2) for (const sh of shipments) await scan(sh); // 已到齐
          if (k === 3) await call('POST', `${svc('FrontOrder', 'UrgentOrder')}?id=${order.id}`, seller);
          if (k === 4) {
            await scan(shipments[0]!);
            await call('POST', `${svc('FrontOrder', 'CancelOrder')}?id=${order.id}`, seller); // the arrived parcel becomes 异常
          }
          if (k === 5) await call('POST', svc('BackOrder', 'ProcesOrderStatu'), admin, { ids: [order.id], orderStatus: 7, reason: '面单信息不完整，请卖家补充' });
          if (k === 3) {
            const urge = await call('POST', svc('FrontUrgentOrder', 'CreateUrgent'), seller, { orderId: order.id, message: '买家催发货，麻烦尽快处理' });
            if (i === 0) await call('POST', svc('BackUrgentOrder', 'ProcessUrgentOrder'), admin, { id: urge.id, reply: '今天下午打包发出' });
          }
        }
      }
      for (let n = 0; n < 3; n++) await scan(tracking('JD')); // 无主件

      // A Shopee shop of demo_seller1, authorised and synced through the built-in fake platform
      // (decision 0028): three orders ready to ship come over, the unpaid one stays on the platform.
      let shopOrders = 0;
      if (config.shopee.mode === 'sandbox') {
        const seller = await signIn(SELLERS[0].userName, PASSWORD);
        const now = Math.floor(Date.now() / 1000);
        const items = (n: number) => [PRODUCTS[n % PRODUCTS.length]!, PRODUCTS[(n + 3) % PRODUCTS.length]!]
          .map(([itemName, sku, spec], k) => ({ item_name: itemName, model_sku: sku, model_name: spec, model_quantity_purchased: 1 + ((n + k) % 2) }));
        // The platform's side, in-process (its __seed switch answers only the host admin over HTTP).
        await seedSandbox(database.root, {
          shop_id: DEMO_SHOP_ID, shop_name: '小王数码 Shopee 台湾', region: 'TW',
          orders: ['READY_TO_SHIP', 'READY_TO_SHIP', 'READY_TO_SHIP', 'UNPAID'].map((order_status, n) => ({
            order_sn: `2611DEMO${String(n + 1).padStart(4, '0')}`, order_status, update_time: now - 3600 * (n + 1), item_list: items(n),
            recipient_address: { name: '陳小姐', phone: '0912345678', full_address: '台北市信義區市府路 1 號' },
          })),
        });
        // The seller's way: the signed authorisation address for the shop, the platform page, the callback's code.
        const authUrl = new URL(await call('GET', `${svc('AuthorizationShop', 'GetComeBackUrl')}?shopId=${DEMO_SHOP_ID}`, seller) as string);
        const page = await app.inject({ method: 'GET', url: `${authUrl.pathname}${authUrl.search}` });
        const back = new URL(String(page.headers.location));
        await call('POST', svc('AuthorizationShop', 'ProcessAuthorizer'), seller, {
          code: back.searchParams.get('code'), shop_id: DEMO_SHOP_ID, state: back.searchParams.get('state'),
        });
        shopOrders = (await call('POST', svc('ShopeeOrder', 'BatchCreate'), seller, { shopIds: [DEMO_SHOP_ID] })).created as number;
        orders += shopOrders;
      }
      await call('POST', svc('Notification', 'Publish'), admin, { type: 0, title: '欢迎使用海仓', description: `这是演示数据：3 个卖家、${orders} 个订单（其中 ${shopOrders} 个从 Shopee 店铺同步）、若干包裹，覆盖各个状态。` });
      return `3 sellers (demo_seller1..3 / ${PASSWORD}), picker demo_picker / ${PASSWORD}, ${orders} orders`
        + ` (${shopOrders} synced from demo_seller1's Shopee shop ${DEMO_SHOP_ID}), 3 unclaimed parcels`;
    }

    /**
     * demo_seller1's stock at an overseas warehouse (declared, signed in there, checked, labelled,
     * shelved), two overseas orders (one packed and shipped, one waiting), and a buyer's return of the
     * shipped one registered and waiting for the floor's 退件入库 scan.
     */
    async function overseasScene(): Promise<string> {
      const pickerToken = await signIn('demo_picker', PASSWORD);
      const seller = await signIn(SELLERS[0].userName, PASSWORD);
      const me = (await call('GET', svc('Session', 'GetCurrentLoginInformations'), seller)).user;
      const warehouse = await call('POST', svc('WarehouseInfo', 'EditWarehouseInfo'), admin, {
        warehouseName: OVERSEAS_WAREHOUSE, kind: 2, site: 'TW', address: '台北市信義區松仁路 100 號', contactName: '林先生', phone: '0223456789',
      });
      const shelfPosition = 'TW-01-01';
      await call('POST', svc('Shelves', 'Add'), pickerToken, { warehouseInfoId: warehouse.id, shelfPosition });
      const store = await call('POST', svc('BackStoreAddress', 'EditStoreAddress'), admin, {
        userId: me.id, storeName: '小王数码 台湾本土', site: 'TW', contactName: SELLERS[0].name, contactPhone: '13800000009',
        storeAddress: '台北市', whetherLocal: true,
      });
      await call('POST', svc('OverseasBaseCostSetting', 'Add'), admin, {
        storeId: store.id, beginTime: new Date(Date.now() - 86_400_000).toISOString(), endTime: null, whetherEffective: true,
        baseCost: 2, baseSkuNums: 1, exceedSkuCost: 0.5, maxSkuCost: 3, sackPrice: 0.3,
      });
      await call('POST', svc('User', 'SystemRechargeAmount'), admin, { userId: me.id, amount: 200, remark: '演示充值（海外仓）' });

      const stocked: { id: number; productSku: string }[] = [];
      for (const [productName, productSku, quantity] of [['保温杯', 'TW-CUP-500', 10], ['帆布包', 'TW-BAG-CV', 6]] as const) {
        const logisticsNumber = tracking('TWSR');
        const record = await call('POST', svc('FrontStock', 'EditStock'), seller, {
          storeId: store.id, warehouseInfoId: warehouse.id, productSku, productName, productNums: quantity, packageNums: 1, logisticsNumber,
        });
        await call('POST', svc('Logistics', 'SignByScan'), pickerToken, { shipment: logisticsNumber, warehouseInfoId: warehouse.id });
        await call('POST', `${svc('BackStock', 'IsCheckPass')}?id=${record.id}&ispass=true`, pickerToken);
        const labelled = await call('POST', `${svc('BackStock', 'ProcessLabel')}?id=${record.id}`, pickerToken);
        await call('POST', svc('BackStock', 'ShelfUp'), pickerToken, { id: record.id, shelfPosition, quantity });
        stocked.push({ id: labelled.stockProductId as number, productSku });
      }
      const [cup, bag] = [stocked[0]!, stocked[1]!];
      const order = (n: number, items: { stockProductId: number; quantity: number }[]) => call('POST', svc('FrontAbroadOrder', 'CreateOrder'), seller, {
        storeId: store.id, warehouseInfoId: warehouse.id, site: 'TW', shippingMethods: 2, cargoCategory: 1, items,
        orderNumber: `2611TW${String(n).padStart(2, '0')}${String(Date.now()).slice(-5)}`,
      });
      const shipped = await order(1, [{ stockProductId: cup.id, quantity: 2 }]);
      await call('POST', svc('BackAbroadOrder', 'AbroadOrderBale'), pickerToken, { tradeNo: shipped.tradeNo });
      await call('GET', `${svc('BackAbroadOrder', 'OneClickDelivery')}?ids=${shipped.id}`, pickerToken);
      await order(2, [{ stockProductId: cup.id, quantity: 1 }, { stockProductId: bag.id, quantity: 2 }]);
      const returnNumber = tracking('TWRT');
      const query = new URLSearchParams({ orderId: String(shipped.id), returnNumber, orderNumber: shipped.orderNumber as string });
      await call('GET', `${svc('FrontAbroadReturn', 'AddRerurnOrder')}?${query.toString()}`, seller);
      return `overseas warehouse ${OVERSEAS_WAREHOUSE} with demo_seller1's stock, 2 overseas orders and return ${returnNumber} waiting to be scanned in`;
    }
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(`seed:demo failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
