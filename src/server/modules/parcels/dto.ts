// Parcel rows → ParcelDto (the one shape every parcel list and scan answers with).
import type { ParcelDto } from '#shared/contracts/orders.ts';
import type { ParcelRow } from './repository.ts';

const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);

export function toParcelDto(p: ParcelRow, warehouseName: string | null = null): ParcelDto {
  return {
    id: p.id, shipment: p.shipment, warehouseInfoId: p.warehouseInfoId, warehouseName, userId: p.userId, userCode: p.userCode,
    orderId: p.orderId, orderType: p.orderType, receiveStatus: p.receiveStatus as ParcelDto['receiveStatus'], signForTime: iso(p.signForTime),
    signUserName: p.signUserName, shelfNumber: p.shelfNumber, weight: p.weight, reMark: p.reMark, imageGuid: p.imageGuid,
    goodsImageGuid: p.goodsImageGuid, userUploadImageGuid: p.userUploadImageGuid, isNeedTakePicture: p.isNeedTakePicture,
    creationTime: p.creationTime.toISOString(), abnormalReason: p.abnormalReason,
  };
}

/** A parcel as a scan answers it (ScannedParcelDto): the same but the abnormal reason, which lists show. */
export function toScannedParcelDto(p: ParcelRow, warehouseName: string | null = null): Omit<ParcelDto, 'abnormalReason'> {
  const { abnormalReason: _reason, ...scanned } = toParcelDto(p, warehouseName);
  return scanned;
}
