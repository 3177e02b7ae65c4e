// Orders that arrive from a marketplace (Shopee order sync, DOMAIN §8) become cross-border orders
// through the same creation path as the order form (insertSellerOrder). They need nothing the
// seller has not set up already: his one enabled store for the shop's site and the tenant's warehouse.
import { CARGO_CATEGORY, ORDER_TYPE, SHIPPING_METHOD } from '#shared/enums.ts';
import type { Db } from '../../db/client.ts';
import { storesOfUser } from '../stores/repository.ts';
import { listWarehouses } from '../warehouse/repository.ts';
import { audit } from '../audit/repository.ts';
import { insertSellerOrder, openOrderWithNumber, type SellerRef } from './front-order.ts';
import { getOrder, updateOrder } from './repository.ts';

export interface MarketplaceOrder {
  orderNumber: string;
  site: string;
  lines: readonly { productName: string; productSku: string; specification: string | null; quantity: number }[];
}

export type MarketplaceOutcome =
  | { kind: 'created'; orderId: number; tradeNo: string }
  /** The seller already has an open order with this number (typed by hand before the sync). */
  | { kind: 'exists'; orderId: number }
  | { kind: 'refused'; reason: string };

const MAINLAND_WAREHOUSE = 1;

/** The store a marketplace order of the site goes to: the seller's first enabled store of that site (he normally has one). */
export async function marketplaceStore(tx: Db, sellerId: number, site: string) {
  return (await storesOfUser(tx, sellerId)).find((s) => s.site === site && s.whetherEffective);
}

export async function createMarketplaceOrder(tx: Db, seller: SellerRef, o: MarketplaceOrder, now: Date): Promise<MarketplaceOutcome> {
  const existing = await openOrderWithNumber(tx, seller.id, o.orderNumber);
  if (existing) return { kind: 'exists', orderId: existing.id };
  if (!o.lines.length) return { kind: 'refused', reason: '订单没有商品。' };
  const store = await marketplaceStore(tx, seller.id, o.site);
  if (!store) return { kind: 'refused', reason: `没有站点 ${o.site} 的启用店铺，请先联系仓库添加店铺。` };
  const { rows: [warehouse] } = await listWarehouses(tx, { kind: MAINLAND_WAREHOUSE, isEnabled: true }, { limit: 1, offset: 0 });
  if (!warehouse) return { kind: 'refused', reason: '没有可用的仓库。' };
  // The domestic tracking numbers are not known yet: the seller adds them (UpdateOrder) as he buys the goods.
  const row = await insertSellerOrder(tx, seller, {
    orderNumber: o.orderNumber, storeId: store.id, warehouseInfoId: warehouse.id, site: o.site, orderType: ORDER_TYPE.crossBorder,
    cargoCategory: CARGO_CATEGORY.general, shippingMethods: SHIPPING_METHOD.shopeeSls, reMark: null, pdfGuid: null,
  }, o.lines.map((l) => ({ productName: l.productName, productSku: l.productSku, specification: l.specification, quantity: l.quantity, price: null, productImg: null, shipment: '' })), now);
  return { kind: 'created', orderId: row.id, tradeNo: row.tradeNo };
}

/** Stores the marketplace's shipping document as the order's label (pdfGuid); false when the order is not the seller's. */
export async function attachMarketplaceLabel(tx: Db, seller: SellerRef, orderId: number, pdfGuid: string): Promise<boolean> {
  const order = await getOrder(tx, orderId, { userId: seller.id, forUpdate: true });
  if (!order) return false;
  await updateOrder(tx, orderId, { pdfGuid });
  await audit(tx, seller, [{ entity: 'order', entityId: orderId, tradeNo: order.tradeNo, orderNumber: order.orderNumber, action: 'label', note: '从 Shopee 获取面单' }]);
  return true;
}
