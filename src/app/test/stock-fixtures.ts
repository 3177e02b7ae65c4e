// Stock rows for screen tests (囤货: records, products, movements, shelves), complete as the
// contracts declare them; each test overrides what it is about.
import type { StockRecordDto } from '#shared/contracts/stock.ts';
import type { ListedHistoryDto, ShelfDto, StockProductDto } from '#shared/contracts/inventory.ts';
import type { StoreDto } from '#shared/contracts/orders.ts';
import type { WarehouseInfoDto } from '#shared/contracts/warehouse.ts';

const at = '2026-11-22T02:00:00Z';

export const stockRecord = (over: Partial<StockRecordDto> = {}): StockRecordDto => ({
  id: 1, tradeNo: 'SR26112200001', productStatus: 0, userId: 9, userCode: 'S00009', storeId: 3, storeName: '测试小店', orderSite: 'TW',
  warehouseInfoId: 7, warehouseName: '义乌仓', productSku: 'SKU-1', productName: '蓝色杯子', productType: null, productNums: 10, packageNums: 1,
  logisticsNumber: 'YT1000000001', purchaseCost: null, productLink: null, productImgGuid: null, productLong: null, productWide: null, productHigh: null,
  productWeight: null, remark: null, arrivedTime: null, isCheckBy: null, checkTime: null, checkNums: null, checkImageGuid: null, checkRemark: null,
  acceptedNums: null, returnRequested: false, returnShipNumber: null, returnTime: null, stockProductId: null, barCode: null, shelfPosition: null,
  labelTime: null, shelvedNums: 0, remainingNums: 10, warehouseIssueTime: null, headFee: null, shelfCost: null, shelfCostTime: null,
  creationTime: at, lastModificationTime: null, ...over,
});

export const stockProduct = (over: Partial<StockProductDto> = {}): StockProductDto => ({
  id: 5, userId: 9, userCode: 'S00009', storeId: 3, storeName: '测试小店', site: 'TW', warehouseInfoId: 7, warehouseName: '义乌仓',
  productSku: 'SKU-1', productName: '蓝色杯子', productType: null, productImgGuid: null, barCode: 'HC00000005', totalStorage: 10, totalOutgoing: 0,
  inventory: 10, reserved: 2, available: 8, shelfPosition: 'A-01-01', safeStockNumber: 0, preStockNumber: 0, status: 1, headFee: null,
  onlyOneShelfCost: null, shelfCost: 0, deductIntegral: null, deductionCycle: null, beginDeductionTime: null, remark: null,
  creationTime: at, lastModificationTime: null, ...over,
});

export const listedHistory = (over: Partial<ListedHistoryDto> = {}): ListedHistoryDto => ({
  id: 1, stockProductId: 5, productSku: 'SKU-1', productName: '蓝色杯子', barCode: 'HC00000005', userCode: 'S00009', warehouseInfoId: 7,
  type: 1, quantity: 10, inventoryAfter: 10, shelfPosition: 'A-01-01', tradeNo: 'SR26112200001', remark: null, userName: 'admin', creationTime: at, ...over,
});

export const shelf = (over: Partial<ShelfDto> = {}): ShelfDto => ({
  id: 1, warehouseInfoId: 7, warehouseName: '义乌仓', shelfPosition: 'A-01-01', productCount: 0, inventory: 0, creationTime: at, ...over,
});

export const sellerStore: StoreDto = {
  id: 3, userId: 9, userCode: 'S00009', userName: 'seller', storeName: '测试小店', site: 'TW', contactName: '', contactPhone: '', storeAddress: '',
  remark: null, whetherLocal: false, whetherEffective: true, creationTime: at,
};

export const stockWarehouse: WarehouseInfoDto = {
  id: 7, warehouseName: '义乌仓', kind: 1, warehouseCityId: null, cityName: null, site: null, address: '', contactName: '', phone: '',
  isEnabled: true, creationTime: at,
};
