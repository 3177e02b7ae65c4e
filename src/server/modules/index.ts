// Every implemented service. A test checks this list against the registry in #shared/contracts.
import { backOrder } from '#shared/contracts/back-order.ts';
import { frontStockProduct } from '#shared/contracts/inventory.ts';
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
import { abroadLogisticsService, intoLogisticsServiceImpl, logisticsService } from './orders/logistics.ts';
import { flowService, userRechargeService } from './ledger/service.ts';
import { rechargeService } from './recharge/service.ts';
import { baseCostSettingService, frontMainLandFreightService, mainlandFreightService } from './fees/service.ts';
import { overseasBaseCostSettingService } from './fees/overseas-base-cost.ts';
import { backMainLandPackageService, editInterNationalShipment } from './mainland-package/service.ts';
import { courierCompanyService, courierExpressDeliveryService } from './courier/service.ts';
import { backExpressRejectionReturnService, expressRejectionService } from './rejections/service.ts';
import { fileService } from './file-actions/service.ts';
import { backGroupService } from './groups/service.ts';
import { statisticalRecordsService } from './statistics/service.ts';
import { dashboardService } from './dashboard/service.ts';
import { authorizationShopService, shopeeOrderService } from './shopee/service.ts';
import { backRefusalOrderService, frontRefusalOrderService, ynRefusalOrderService } from './returns/refusals.ts';
import { advanceOrderService } from './returns/advance-orders.ts';
import { frontShopeeOrderReturnService, shopeeOrderReturnService } from './returns/order-returns.ts';
import { backStockService, frontStockService } from './stock/service.ts';
import { backStockProductService, frontListedHistoryService, frontStockProductHandlers, listedHistoryService } from './inventory/service.ts';
import { shelvesService } from './inventory/shelves.ts';
import { holdingSlotsService } from './holding-slots/service.ts';
import { frontSkuMappingService } from './sku-mapping/service.ts';
import { deliveryReceiptService } from './delivery-receipts/service.ts';
import { storageFeeService, userStorageConfigService } from './storage-fees/service.ts';
import { scheduledJobService } from './jobs/service.ts';
import { backStockOrderService, frontStockOrderService } from './stock-orders/service.ts';
import { combinationHandlers } from './stock-orders/combinations.ts';
import { searchService } from './search/service.ts';
import { floorIndexService } from './floor-index/service.ts';

/** FrontStockProduct: the inventory module's actions and the combination products of stock-orders (which depends on inventory). */
const frontStockProductService = implement(frontStockProduct, () => ({ ...frontStockProductHandlers(), ...combinationHandlers() }));
import { backAbroadOrderService, frontAbroadOrderService } from './overseas/orders.ts';
import { abroadReturnService, abroadStockReturnService, frontAbroadReturnService, frontAbroadStockReturnService } from './overseas/returns.ts';

/** BackOrder: the order module's actions, and bagging a mainland order from mainland-package (which depends on orders). */
const backOrderService = implement(backOrder, (deps) => ({ ...backOrderHandlers(deps), editInterNationalShipment }));

export const implementations: readonly ServiceImplementation[] = [
  backMainLandPackageService, courierCompanyService, courierExpressDeliveryService,
  expressRejectionService, backExpressRejectionReturnService,
  baseCostSettingService, mainlandFreightService, frontMainLandFreightService, overseasBaseCostSettingService,
  rechargeService, flowService, userRechargeService,
  tokenAuthService, configurationService, sessionService, accountService, userService, roleService, tenantService,
  warehouseCityService, warehouseInfoService, backOrderService, notificationService,
  backStoreAddressService, frontOrderService, logisticsService, orderOperateService, intoLogisticsServiceImpl,
  frontUrgentOrderService, backUrgentOrderService, userExpressInfoService, expressImportService, fileService, backGroupService,
  statisticalRecordsService,
  dashboardService, authorizationShopService, shopeeOrderService,
  backRefusalOrderService, ynRefusalOrderService, frontRefusalOrderService, advanceOrderService, shopeeOrderReturnService, frontShopeeOrderReturnService,
  frontStockService, backStockService, frontStockProductService, backStockProductService, listedHistoryService, frontListedHistoryService, shelvesService, holdingSlotsService,
  frontSkuMappingService, deliveryReceiptService, userStorageConfigService, storageFeeService, scheduledJobService,
  frontStockOrderService, backStockOrderService,
  abroadLogisticsService, frontAbroadOrderService, backAbroadOrderService,
  frontAbroadReturnService, frontAbroadStockReturnService, abroadReturnService, abroadStockReturnService,
  searchService, floorIndexService,
] as unknown as readonly ServiceImplementation[];
