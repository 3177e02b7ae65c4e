// What the outbox lists call each action the floor may queue (issue 45 §9): the picker's words, never
// the registry's (`stockOrderBale`, `closeBatch`). One table, keyed `Service.action` as queued.
import type { OutboxEntry } from './db.ts';

const NAMES: Record<string, string> = {
  'Logistics.signByScan': '扫码签收',
  'Logistics.setTakePicture': '包裹拍照',
  'Logistics.setTakePictureByPhone': '包裹拍照',
  'BackOrder.setTakePicture': '包裹拍照',
  'BackOrder.setTakePictureAbnormal': '异常拍照',
  'BackStock.isCheckPass': '验货',
  'BackStock.shelfUp': '上架',
  'BackStockOrder.stockOrderBale': '拣货打包',
  'DeliveryReceipt.add': '交接扫描',
  'DeliveryReceipt.closeBatch': '关闭批次并出库',
  'BackRefusalOrder.create': '拒收登记',
  'YNRefusalOrder.create': '拒收登记',
  'ShopeeOrderReturn.checkUserCode': '退件扫描',
  'AbroadStockReturn.confirmReturnWarehousing': '退件入库',
};

/** The Chinese name of a queued action (a translation key); an action missing here is 离线操作, never its code name. */
export function actionName(entry: Pick<OutboxEntry, 'request'>): string {
  return NAMES[`${entry.request.service}.${entry.request.action}`] ?? '离线操作';
}

/**
 * What the picker should do about a refused row, by the kind of refusal: the server's sentence says
 * what happened, this says what to do with the goods in hand and with the row.
 */
export function refusalAdvice(status: number | null): string {
  if (status === 409) return '服务器上的情况已经变了：请按上面的原因处理实物（例如放回货架），然后丢弃此条；原因消除后可重试';
  if (status === 404) return '服务器上找不到这个单号：请核对单号，重新扫描后丢弃此条';
  if (status === 403) return '当前账号没有这项权限：请找主管处理，然后丢弃此条';
  return '请核对原因：修正后重试，或丢弃此条';
}
