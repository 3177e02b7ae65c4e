// A stock record as the contracts send it (money in points, times ISO).
import type { StockRecordDto } from '#shared/contracts/stock.ts';
import { centsToPoints } from '#shared/money.ts';
import { stockRemaining } from '#shared/rules/stock.ts';
import type { RecordView } from './repository.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toStockRecordDto(v: RecordView): StockRecordDto {
  const r = v.record;
  return {
    id: r.id, tradeNo: r.tradeNo, productStatus: r.productStatus, userId: r.userId, userCode: r.userCode,
    storeId: r.storeId, storeName: v.storeName, orderSite: r.site, warehouseInfoId: r.warehouseInfoId, warehouseName: v.warehouseName,
    productSku: r.productSku, productName: r.productName, productType: r.productType, productNums: r.productNums, packageNums: r.packageNums,
    logisticsNumber: r.logisticsNumber, purchaseCost: centsToPoints(r.purchaseCostCents), productLink: r.productLink, productImgGuid: r.productImgGuid,
    productLong: r.productLong, productWide: r.productWide, productHigh: r.productHigh, productWeight: r.productWeight, remark: r.remark,
    arrivedTime: iso(r.arrivedTime), isCheckBy: r.isCheckBy, checkTime: iso(r.checkTime), checkNums: r.checkNums,
    checkImageGuid: r.checkImageGuid, checkRemark: r.checkRemark, acceptedNums: r.acceptedNums,
    returnRequested: r.returnRequested, returnShipNumber: r.returnShipNumber, returnTime: iso(r.returnTime),
    stockProductId: r.stockProductId, barCode: v.barCode, shelfPosition: v.shelfPosition, labelTime: iso(r.labelTime),
    shelvedNums: r.shelvedNums, remainingNums: stockRemaining(r), warehouseIssueTime: iso(r.shelfTime),
    headFee: centsToPoints(r.headFeeCents), shelfCost: centsToPoints(r.shelfCostCents), shelfCostTime: iso(r.shelfCostTime),
    creationTime: r.creationTime.toISOString(), lastModificationTime: iso(r.lastModificationTime),
  };
}
