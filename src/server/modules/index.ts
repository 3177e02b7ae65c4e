// Every implemented service. A test checks this list against the registry in #shared/contracts.
import { backOrder } from '#shared/contracts/back-order.ts';
import { implement, type ServiceImplementation } from '../framework.ts';
import { accountService, roleService, sessionService, tenantService, tokenAuthService, userService } from './identity/service.ts';
import { configurationService } from './configuration/service.ts';
import { warehouseCityService, warehouseInfoService } from './warehouse/service.ts';
import { backOrderHandlers } from './orders/back-order.ts';
import { orderOperateService } from './audit/service.ts';
import { expressImportService } from './express-import/service.ts';
import { backUrgentOrderService, frontUrgentOrderService, userExpressInfoService } from './orders/urgent.ts';
import { notificationService } from './notification/service.ts';
import { backStoreAddressService } from './stores/service.ts';
import { frontOrderService } from './orders/front-order.ts';
import { intoLogisticsServiceImpl, logisticsService } from './orders/logistics.ts';
import { flowService, userRechargeService } from './ledger/service.ts';
import { rechargeService } from './recharge/service.ts';
import { baseCostSettingService, frontMainLandFreightService, mainlandFreightService } from './fees/service.ts';
import { backMainLandPackageService, editInterNationalShipment } from './mainland-package/service.ts';
import { courierCompanyService, courierExpressDeliveryService } from './courier/service.ts';
import { backExpressRejectionReturnService, expressRejectionService } from './rejections/service.ts';
import { fileService } from './file-actions/service.ts';
import { backGroupService } from './groups/service.ts';
import { statisticalRecordsService } from './statistics/service.ts';
import { dashboardService } from './dashboard/service.ts';

/** BackOrder: the order module's actions, and bagging a mainland order from mainland-package (which depends on orders). */
const backOrderService = implement(backOrder, (deps) => ({ ...backOrderHandlers(deps), editInterNationalShipment }));

export const implementations: readonly ServiceImplementation[] = [
  backMainLandPackageService, courierCompanyService, courierExpressDeliveryService,
  expressRejectionService, backExpressRejectionReturnService,
  baseCostSettingService, mainlandFreightService, frontMainLandFreightService,
  rechargeService, flowService, userRechargeService,
  tokenAuthService, configurationService, sessionService, accountService, userService, roleService, tenantService,
  warehouseCityService, warehouseInfoService, backOrderService, notificationService,
  backStoreAddressService, frontOrderService, logisticsService, orderOperateService, intoLogisticsServiceImpl,
  frontUrgentOrderService, backUrgentOrderService, userExpressInfoService, expressImportService, fileService, backGroupService,
  statisticalRecordsService,
  dashboardService,
] as unknown as readonly ServiceImplementation[];
