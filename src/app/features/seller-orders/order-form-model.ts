// The order form's values, its Chinese checks and the mapping of server field names onto it.
// Kept apart from the component so the rules read in one place.
import type { OrderDetailDto, OrderDto, StoreDto } from '#shared/contracts/orders.ts';
import type { z } from 'zod';
import { ORDER_TYPE } from '#shared/enums.ts';
import { isTrackingNumber, normalizeTrackingNumber } from '#shared/tracking-number.ts';
import type { Translate } from '../../lib/i18n.ts';
import type { OrderBody } from './order-mutations.ts';

export const LINE_FIELDS = ['productName', 'productSku', 'specification', 'quantity', 'price', 'shipment'] as const;
export type LineField = (typeof LINE_FIELDS)[number];

export interface LineValues { key: number; productName: string; productSku: string; specification: string; quantity: string; price: string; shipment: string }

export interface OrderFormValues {
  storeId: string | null;
  warehouseInfoId: string | null;
  orderType: '1' | '2';
  cargoCategory: '1' | '2' | '3';
  shippingMethods: '1' | '2' | '3';
  orderNumber: string;
  reMark: string;
  pdfGuid: string | null;
  pdfName: string | null;
  lines: LineValues[];
}

/** Field errors keyed by top-level name, `lines` for the list itself, or `lines.<i>.<field>`. */
export type FormErrors = Record<string, string>;
export const lineKey = (index: number, field: LineField) => `lines.${index}.${field}`;

let nextKey = 1;
export const emptyLine = (): LineValues => ({ key: nextKey++, productName: '', productSku: '', specification: '', quantity: '1', price: '', shipment: '' });

export function initialValues(order: z.infer<typeof OrderDetailDto> | OrderDto | undefined, stores: StoreDto[], warehouses: { id: number }[]): OrderFormValues {
  if (order) {
    return {
      storeId: String(order.storeId), warehouseInfoId: String(order.warehouseInfoId),
      orderType: order.orderType === ORDER_TYPE.mainland ? '2' : '1', cargoCategory: String(order.cargoCategory) as OrderFormValues['cargoCategory'],
      shippingMethods: String(order.shippingMethods) as OrderFormValues['shippingMethods'],
      orderNumber: order.orderNumber, reMark: order.reMark ?? '', pdfGuid: order.pdfGuid, pdfName: order.pdfGuid ? 'label.pdf' : null,
      lines: order.orderProductInfosList.map((l) => ({
        key: nextKey++, productName: l.productName, productSku: l.productSku, specification: l.specification ?? '',
        quantity: String(l.quantity), price: l.price === null ? '' : String(l.price), shipment: l.shipment,
      })),
    };
  }
  const usable = stores.filter((s) => s.whetherEffective);
  return {
    // One store or one warehouse: nothing to choose.
    storeId: usable.length === 1 ? String(usable[0]!.id) : null,
    warehouseInfoId: warehouses.length === 1 ? String(warehouses[0]!.id) : null,
    orderType: '1', cargoCategory: '1', shippingMethods: '1', orderNumber: '', reMark: '', pdfGuid: null, pdfName: null,
    lines: [emptyLine()],
  };
}

const PRICE = /^\d{1,8}(\.\d{1,2})?$/;

/** The body to send, or the errors to show. */
export function checkOrder(v: OrderFormValues, stores: StoreDto[], t: Translate): { body: OrderBody; errors?: never } | { body?: never; errors: FormErrors } {
  const errors: FormErrors = {};
  const store = stores.find((s) => String(s.id) === v.storeId);
  if (!store) errors.storeId = t('请选择店铺');
  if (!v.warehouseInfoId) errors.warehouseInfoId = t('请选择仓库');
  const orderNumber = v.orderNumber.trim();
  if (!orderNumber) errors.orderNumber = t('请输入订单号');
  else if (orderNumber.length > 64) errors.orderNumber = t('订单号不能超过 64 个字符');
  if (v.shippingMethods === '1' && !v.pdfGuid) errors.pdfGuid = t('虾皮官方物流需要上传面单 PDF');
  if (v.reMark.length > 512) errors.reMark = t('备注不能超过 512 个字符');
  if (!v.lines.length) errors.lines = t('至少需要一行商品');
  v.lines.forEach((l, i) => {
    if (!l.productName.trim()) errors[lineKey(i, 'productName')] = t('请输入商品名称');
    const q = Number(l.quantity);
    if (!/^\d+$/.test(l.quantity.trim()) || q < 1 || q > 100_000) errors[lineKey(i, 'quantity')] = t('数量须为 1–100000 的整数');
    if (l.price.trim() && !PRICE.test(l.price.trim())) errors[lineKey(i, 'price')] = t('单价须为数字，最多两位小数');
    if (!l.shipment.trim()) errors[lineKey(i, 'shipment')] = t('请输入国内快递单号');
    else if (!isTrackingNumber(l.shipment)) errors[lineKey(i, 'shipment')] = t('快递单号为 4–64 位字母、数字或 -');
  });
  if (Object.keys(errors).length || !store) return { errors };
  return {
    body: {
      orderNumber, storeId: store.id, site: store.site, warehouseInfoId: Number(v.warehouseInfoId),
      orderType: Number(v.orderType) as 1 | 2, cargoCategory: Number(v.cargoCategory) as 1 | 2 | 3, shippingMethods: Number(v.shippingMethods) as 1 | 2 | 3,
      reMark: v.reMark.trim() || null, pdfGuid: v.pdfGuid,
      orderProductInfosList: v.lines.map((l) => ({
        productName: l.productName.trim(), productSku: l.productSku.trim(), specification: l.specification.trim() || null,
        quantity: Number(l.quantity), price: l.price.trim() ? Number(l.price) : null, shipment: normalizeTrackingNumber(l.shipment),
      })),
    },
  };
}

const TOP_FIELDS = ['storeId', 'warehouseInfoId', 'site', 'orderType', 'cargoCategory', 'shippingMethods', 'orderNumber', 'reMark', 'pdfGuid'] as const;

/** The form key of a server member name ("orderProductInfosList[0].shipment", "OrderNumber"); null when the form has no such field. */
export function fieldOfMember(member: string): string | null {
  const line = /^orderProductInfosList(?:\[(\d+)\](?:\.(\w+))?)?$/i.exec(member.trim());
  if (line) {
    if (line[1] === undefined) return 'lines';
    const field = LINE_FIELDS.find((f) => f.toLowerCase() === (line[2] ?? '').toLowerCase());
    return field ? lineKey(Number(line[1]), field) : 'lines';
  }
  const top = TOP_FIELDS.find((f) => f.toLowerCase() === member.trim().toLowerCase());
  if (top === 'site') return 'storeId';
  return top ?? null;
}
