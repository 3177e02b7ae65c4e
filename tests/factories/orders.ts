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
