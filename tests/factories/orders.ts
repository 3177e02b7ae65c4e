import type { FastifyInstance } from 'fastify';
import { call, svc, type Caller } from '../helpers/test-app.ts';

let seq = 0;
export const trackingNo = (prefix = 'SF') => `${prefix}${Date.now().toString().slice(-8)}${String(seq++).padStart(4, '0')}`;

export async function createStore(app: FastifyInstance, staff: Caller, userId: number, overrides: Record<string, unknown> = {}) {
  const res = await call(app, 'POST', svc('BackStoreAddress', 'EditStoreAddress'), staff, { userId, storeName: `店铺${seq++}`, site: 'TW', contactName: '张三', contactPhone: '13800000000', storeAddress: '台北市', ...overrides });
  if (res.status !== 200) throw new Error(`EditStoreAddress failed: ${res.status} ${JSON.stringify(res.body.error)}`);
  return res.body.result as { id: number; site: string };
}

export function buildOrder(storeId: number, warehouseInfoId: number, overrides: Record<string, unknown> = {}) {
  return {
    orderNumber: `2611${Date.now().toString().slice(-6)}${seq++}`, storeId, warehouseInfoId, site: 'TW', orderType: 2, cargoCategory: 1, shippingMethods: 2,
    orderProductInfosList: [
      { productName: '手机壳', productSku: 'CASE-1', quantity: 2, price: 9.9, shipment: trackingNo() },
      { productName: '数据线', productSku: 'CABLE-1', quantity: 1, price: 5, shipment: trackingNo() },
    ],
    ...overrides,
  };
}

export async function createOrder(app: FastifyInstance, seller: Caller, input: Record<string, unknown>) {
  const res = await call(app, 'POST', svc('FrontOrder', 'CreateOrder'), seller, input);
  if (res.status !== 200) throw new Error(`CreateOrder failed: ${res.status} ${JSON.stringify(res.body.error)}`);
  return res.body.result as { id: number; tradeNo: string; orderStatus: number; packageStatus: number; orderProductInfosList: { shipment: string }[] };
}

/**
 * The fee settings the weighing tests charge by, effective from an hour ago: a base cost for each
 * order type (3 + 0.5 per extra SKU up to 2, sack 0.8) and TW general-goods freight (12 first 0.5 kg, 5 per 0.5 kg more).
 */
export async function createFeeSettings(
  app: FastifyInstance, admin: Caller, warehouseInfoId: number, orderTypes: readonly number[] = [1, 2],
) {
  const beginTime = new Date(Date.now() - 3600_000).toISOString();
  for (const orderType of orderTypes) {
    const base = await call(app, 'POST', svc('BaseCostSetting', 'Add'), admin, {
      warehouseInfoId, orderType, beginTime, isEffective: true,
      baseCost: 3, baseSkuNums: 1, exceedSkuCost: 0.5, maxSkuCost: 2, sackPrice: 0.8,
    });
    if (base.status !== 200) throw new Error(`BaseCostSetting/Add failed: ${base.status} ${JSON.stringify(base.body.error)}`);
  }
  const freight = await call(app, 'POST', svc('MainlandFreight', 'Add'), admin, {
    warehouseInfoId, site: 'TW', cargoCategory: 1, beginTime, isEffective: true,
    firstWeight: 0.5, firstWeightPrice: 12, continueWeight: 0.5, continueWeightCost: 5, bulkyParameter: 6000,
  });
  if (freight.status !== 200) throw new Error(`MainlandFreight/Add failed: ${freight.status} ${JSON.stringify(freight.body.error)}`);
}

/**
 * An order taken to 已发货 by staff: arrived, packed, weighed (the fees charged: the warehouse needs
 * fee settings, the seller points) and shipped with OneClickDelivery.
 */
export async function shippedOrder(app: FastifyInstance, staff: Caller, seller: Caller, input: Record<string, unknown>) {
  const order = await createOrder(app, seller, input);
  const steps: [string, string, Record<string, unknown>][] = [
    ['POST', `${svc('BackOrder', 'arriveWarehouse')}?tradeNo=${order.tradeNo}`, {}],
    ['POST', svc('BackOrder', 'WarehouseOrderPacked'), { tradeNo: order.tradeNo }],
    ['POST', svc('BackOrder', 'GoodsWeigh'), { tradeNo: order.tradeNo, weight: 0.4 }],
    ['GET', svc('BackOrder', 'OneClickDelivery'), { ids: order.id }],
  ];
  for (const [method, url, body] of steps) {
    const res = await call(app, method as 'GET' | 'POST', url, staff, body);
    if (res.status !== 200) throw new Error(`${url} failed: ${res.status} ${JSON.stringify(res.body.error)}`);
    if (url.includes('OneClickDelivery') && res.body.result.count !== 1) throw new Error(`order ${order.tradeNo} was not shipped: ${JSON.stringify(res.body.result)}`);
  }
  return order;
}
