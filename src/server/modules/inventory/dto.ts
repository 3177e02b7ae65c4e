// Stock products, movements and shelves as the contracts send them (money in points, times ISO).
import type { ListedHistoryDto, ShelfDto, StockProductDto } from '#shared/contracts/inventory.ts';
import { centsToPoints } from '#shared/money.ts';
import type { HistoryView, ProductView, ShelfView } from './repository.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toStockProductDto(v: ProductView): StockProductDto {
  const p = v.product;
  return {
    id: p.id, userId: p.userId, userCode: p.userCode, storeId: p.storeId, storeName: v.storeName, site: p.site,
    warehouseInfoId: p.warehouseInfoId, warehouseName: v.warehouseName,
    productSku: p.productSku, productName: p.productName, productType: p.productType, productImgGuid: p.productImgGuid, barCode: p.barCode,
    totalStorage: p.totalStorage, totalOutgoing: p.totalOutgoing, inventory: p.inventory, reserved: p.reserved, available: p.available,
    shelfPosition: p.shelfPosition, safeStockNumber: p.safeStockNumber, preStockNumber: p.preStockNumber, status: p.status,
    headFee: centsToPoints(p.headFeeCents), onlyOneShelfCost: centsToPoints(p.onlyOneShelfCostCents ?? v.storeShelfCostCents),
    shelfCost: centsToPoints(p.shelfCostCents), deductIntegral: centsToPoints(p.deductIntegralCents), deductionCycle: p.deductionCycle,
    beginDeductionTime: iso(p.beginDeductionTime), remark: p.remark,
    creationTime: p.creationTime.toISOString(), lastModificationTime: iso(p.lastModificationTime),
  };
}

export function toListedHistoryDto(v: HistoryView): ListedHistoryDto {
  const r = v.row;
  return {
    id: r.id, stockProductId: r.stockProductId, productSku: v.productSku ?? '', productName: v.productName ?? '', barCode: v.barCode ?? '',
    userCode: v.userCode, warehouseInfoId: r.warehouseInfoId, type: r.type, quantity: r.quantity, inventoryAfter: r.inventoryAfter,
    shelfPosition: r.shelfPosition, tradeNo: r.tradeNo, remark: r.remark, userName: r.userName, creationTime: r.creationTime.toISOString(),
  };
}

export function toShelfDto(v: ShelfView): ShelfDto {
  return {
    id: v.shelf.id, warehouseInfoId: v.shelf.warehouseInfoId, warehouseName: v.warehouseName, shelfPosition: v.shelf.shelfPosition,
    productCount: v.productCount, inventory: v.inventory, creationTime: v.shelf.creationTime.toISOString(),
  };
}
