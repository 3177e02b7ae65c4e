// Rows → DTOs for orders and their lines. Cents become decimal points here (#shared/money.ts).
import type { OrderDto } from '#shared/contracts/orders.ts';
import type { Site } from '#shared/enums.ts';
import { centsToPoints } from '#shared/money.ts';
import type { ListedOrder, ListedOrderLine } from './repository.ts';

const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);

type Code<T extends number> = T;
const as = <T extends number>(n: number) => n as Code<T>;

export function toOrderSummary(o: ListedOrder): Omit<OrderDto, 'orderProductInfosList'> {
  return {
    id: o.id, tradeNo: o.tradeNo, orderNumber: o.orderNumber, userId: o.userId, userCode: o.userCode, storeId: o.storeId, storeName: o.storeName,
    warehouseInfoId: o.warehouseInfoId, warehouseName: o.warehouseName, site: o.site as Site, orderType: o.orderType,
    cargoCategory: as<1 | 2 | 3>(o.cargoCategory), shippingMethods: as<1 | 2 | 3>(o.shippingMethods),
    orderStatus: as<1 | 2 | 3 | 4 | 5 | 6 | 7>(o.orderStatus), packageStatus: as<0 | 1 | 2 | 3 | 4 | 5>(o.packageStatus),
    isUrgent: o.isUrgent, reMark: o.reMark, pdfGuid: o.pdfGuid, holdReason: o.holdReason, shelfNumber: o.shelfNumber,
    creationTime: o.creationTime.toISOString(), lastModificationTime: iso(o.lastModificationTime),
  };
}

export function toOrderDto(o: ListedOrder, lines: readonly ListedOrderLine[]): OrderDto {
  return {
    ...toOrderSummary(o),
    orderProductInfosList: lines.map((l) => ({
      id: l.id, productName: l.productName, productSku: l.productSku, specification: l.specification, quantity: l.quantity,
      price: centsToPoints(l.price), productImg: l.productImg, shipment: l.shipment, stockProductId: l.stockProductId,
    })),
  };
}
