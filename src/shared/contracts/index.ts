// The service registry: every service the product exposes, declared once.
import { tokenAuth, session, account, user, role, tenant } from './identity.ts';
import { abpUserConfiguration } from './configuration.ts';
import { warehouseCity, warehouseInfo } from './warehouse.ts';
import { backOrder } from './back-order.ts';
import { notification } from './notification.ts';
import { expressImport } from './express-import.ts';
import { backMainLandPackage } from './mainland-package.ts';
import { courierCompany, courierExpressDelivery } from './courier.ts';
import { backStoreAddress, backUrgentOrder, frontOrder, frontUrgentOrder, intoLogisticsService, logistics, orderOperate, userExpressInfo } from './orders.ts';
import { flow, recharge, userRecharge } from './ledger.ts';
import { baseCostSetting, frontMainLandFreight, mainlandFreight, overseasBaseCostSetting } from './fees.ts';
import { abroadLogistics, abroadReturn, abroadStockReturn, backAbroadOrder, frontAbroadOrder, frontAbroadReturn, frontAbroadStockReturn } from './overseas.ts';
import { backExpressRejectionReturn, expressRejection } from './rejections.ts';
import { file } from './file.ts';
import { backGroup } from './groups.ts';
import { statisticalRecords } from './statistics.ts';
import { dashboard } from './dashboard.ts';
import { advanceOrder, backRefusalOrder, frontRefusalOrder, frontShopeeOrderReturn, shopeeOrderReturn, ynRefusalOrder } from './returns.ts';
import { backStock, frontStock } from './stock.ts';
import { backStockProduct, frontListedHistory, frontStockProduct, listedHistory, shelves } from './inventory.ts';
import { deliveryReceipt, frontSkuMapping, scheduledJob, storageFee, userStorageConfig } from './stock-out.ts';
import { backStockOrder, frontStockOrder } from './stock-orders.ts';
import { authorizationShop, shopeeOrder } from './shopee.ts';
import { search } from './search.ts';
import { floorIndex } from './floor-index.ts';
import { holdingSlots } from './holding-slots.ts';

export const services = {
  baseCostSetting, mainlandFreight, frontMainLandFreight, overseasBaseCostSetting,
  recharge, flow, userRecharge,
  tokenAuth, abpUserConfiguration, session, account, user, role, tenant,
  warehouseCity, warehouseInfo, backOrder, notification,
  backStoreAddress, frontOrder, logistics, orderOperate, intoLogistics: intoLogisticsService,
  frontUrgentOrder, backUrgentOrder, userExpressInfo, expressImport,
  backMainLandPackage, courierCompany, courierExpressDelivery,
  expressRejection, backExpressRejectionReturn, file, backGroup, statisticalRecords, dashboard,
  backRefusalOrder, ynRefusalOrder, frontRefusalOrder, advanceOrder, shopeeOrderReturn, frontShopeeOrderReturn,
  frontStock, backStock, frontStockProduct, backStockProduct, listedHistory, frontListedHistory, shelves, holdingSlots,
  frontSkuMapping, deliveryReceipt, userStorageConfig, storageFee, scheduledJob, frontStockOrder, backStockOrder,
  authorizationShop, shopeeOrder,
  abroadLogistics, frontAbroadOrder, backAbroadOrder, frontAbroadReturn, frontAbroadStockReturn, abroadReturn, abroadStockReturn,
  search, floorIndex,
} as const;

export type Services = typeof services;
export type ServiceKey = keyof Services;
