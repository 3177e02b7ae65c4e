// Builders for the seller screens' component tests (typed against the contracts).
import type { OrderDto, StoreDto } from '#shared/contracts/orders.ts';
import type { WarehouseInfoDto } from '#shared/contracts/warehouse.ts';

export const buildStore = (over: Partial<StoreDto> = {}): StoreDto => ({
  id: 11, userId: 5, userCode: 'S00001', userName: 'seller01', storeName: '小明的店', site: 'TW', contactName: '', contactPhone: '', storeAddress: '',
  remark: null, whetherLocal: false, whetherEffective: true, creationTime: '2024-01-02T01:00:00Z', ...over,
});

export const buildWarehouse = (over: Partial<WarehouseInfoDto> = {}): WarehouseInfoDto => ({
  id: 1, warehouseName: '义乌仓', kind: 1, warehouseCityId: null, cityName: null, site: null, address: '', contactName: '', phone: '',
  isEnabled: true, creationTime: '2024-01-02T01:00:00Z', ...over,
});

export const buildOrder = (over: Partial<OrderDto> = {}): OrderDto => ({
  id: 101, tradeNo: 'CB24050600001', orderNumber: '240506ABCDEF', userId: 5, userCode: 'S00001', storeId: 11, storeName: '小明的店', warehouseInfoId: 1,
  warehouseName: '义乌仓', site: 'TW', orderType: 1, cargoCategory: 1, shippingMethods: 1, orderStatus: 1, packageStatus: 0, isUrgent: false,
  reMark: null, pdfGuid: null, holdReason: null, shelfNumber: null, creationTime: '2024-05-06T06:03:00Z', lastModificationTime: null,
  orderProductInfosList: [{ id: 1, productName: '蓝牙耳机', productSku: 'BT-01', specification: null, quantity: 2, price: 35, productImg: null, shipment: 'YT1234567890' }],
  ...over,
});
