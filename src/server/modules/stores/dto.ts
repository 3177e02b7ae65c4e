// Store rows → StoreDto.
import type { StoreDto } from '#shared/contracts/orders.ts';
import type { Site } from '#shared/enums.ts';
import type { StoreRow } from './repository.ts';

export function toStoreDto(s: StoreRow, owner: { userCode: string | null; userName: string | null }): StoreDto {
  return {
    id: s.id, userId: s.userId, userCode: owner.userCode, userName: owner.userName, storeName: s.storeName, site: s.site as Site,
    contactName: s.contactName, contactPhone: s.contactPhone, storeAddress: s.storeAddress, remark: s.remark,
    whetherLocal: s.whetherLocal, whetherEffective: s.whetherEffective, creationTime: s.creationTime.toISOString(),
  };
}
