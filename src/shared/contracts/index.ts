// The service registry: every service the product exposes, declared once.
import { tokenAuth, session, account, user, role, tenant } from './identity.ts';
import { abpUserConfiguration } from './configuration.ts';
import { warehouseCity, warehouseInfo } from './warehouse.ts';
import { backOrder } from './back-order.ts';
import { notification } from './notification.ts';
import { expressImport } from './express-import.ts';
import { backStoreAddress, backUrgentOrder, frontOrder, frontUrgentOrder, intoLogisticsService, logistics, orderOperate, userExpressInfo } from './orders.ts';

export const services = {
  tokenAuth, abpUserConfiguration, session, account, user, role, tenant,
  warehouseCity, warehouseInfo, backOrder, notification,
  backStoreAddress, frontOrder, logistics, orderOperate, intoLogistics: intoLogisticsService,
  frontUrgentOrder, backUrgentOrder, userExpressInfo, expressImport,
} as const;

export type Services = typeof services;
export type ServiceKey = keyof Services;
