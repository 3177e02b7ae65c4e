// Parcel photos (DOMAIN §4.3): attachPhotos links uploaded images to a parcel; SetTakePicture
// (Logistics and BackOrder) calls it with uploaded guids, while Logistics/UploadLogisticsImg and
// BackOrder/UploadIntoPicBase64Img take the image inline as base64: it is checked and stored like
// File/UploadFile, then linked exactly as SetTakePicture links an uploaded guid (clears the seller's
// photo request, audited), all in the request's transaction.
import { RECEIVE_STATUS } from '#shared/enums.ts';
import type { Db } from '../../db/client.ts';
import type { CurrentUser, Deps } from '../../framework.ts';
import { requireUser, type RequestContext } from '../../framework.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import { audit } from '../audit/repository.ts';
import { defaultFileStorage, storeBase64Image } from '../files/base64-image.ts';
import { HEIC_PHOTO_MESSAGE, isHeic, storedImageType } from '../files/repository.ts';
import { toParcelDto } from './dto.ts';
import * as repo from './repository.ts';

type Who = Pick<CurrentUser, 'id' | 'name' | 'userName'>;

/**
 * Links uploaded photos to a locked parcel. Each guid must be an image uploaded in this tenant;
 * a photo answers the seller's request for one (isNeedTakePicture clears).
 */
export async function attachPhotos(
  tx: Db, who: Who, parcel: repo.ParcelRow,
  photos: { imageGuid?: string | undefined; goodsImageGuid?: string | undefined; abnormalReason?: string | undefined },
): Promise<repo.ParcelRow> {
  for (const [member, guid] of [['imageGuid', photos.imageGuid], ['goodsImageGuid', photos.goodsImageGuid]] as const) {
    if (!guid) continue;
    const type = await storedImageType(tx, guid);
    if (type === null) throw invalid(member, '找不到这张已上传的图片，请重新上传');
    if (isHeic(type)) throw invalid(member, HEIC_PHOTO_MESSAGE);
  }
  const changes: Partial<repo.ParcelRow> = { isNeedTakePicture: false };
  if (photos.imageGuid) changes.imageGuid = photos.imageGuid.toLowerCase();
  if (photos.goodsImageGuid) changes.goodsImageGuid = photos.goodsImageGuid.toLowerCase();
  if (photos.abnormalReason) Object.assign(changes, { receiveStatus: RECEIVE_STATUS.abnormal, abnormalReason: photos.abnormalReason });
  const updated = await repo.updateParcel(tx, parcel.id, changes);
  await audit(tx, who, [{
    entity: 'parcel', entityId: parcel.id, orderNumber: parcel.shipment, action: photos.abnormalReason ? 'abnormalPhoto' : 'photo',
    before: parcel.receiveStatus, after: updated.receiveStatus, note: photos.abnormalReason ?? null,
  }]);
  return updated;
}

export function parcelPhotoHandlers(deps: Pick<Deps, 'config' | 'database'>) {
  const storage = defaultFileStorage(deps);

  const photograph = async (ctx: RequestContext, parcel: repo.ParcelRow, base64: string, target: 'imageGuid' | 'goodsImageGuid') => {
    const me = requireUser(ctx);
    const stored = await storeBase64Image(ctx.db, storage, { tenantId: ctx.tenantId, userId: me.id }, base64, {
      fileName: `${target === 'goodsImageGuid' ? 'goods' : 'parcel'}-${parcel.shipment}`,
      // Same rule as linking an uploaded photo (attachPhotos): nobody but Safari could view a HEIC.
      refuse: (detected) => (isHeic(detected.contentType) ? HEIC_PHOTO_MESSAGE : null),
    });
    return toParcelDto(await attachPhotos(ctx.db, me, parcel, { [target]: stored.guid }));
  };

  return {
    async setTakePicture(input: { id: number; imageGuid?: string | undefined; goodsImageGuid?: string | undefined }, ctx: RequestContext) {
      const parcel = await repo.lockParcelById(ctx.db, input.id);
      if (!parcel) throw notFound('包裹');
      return toParcelDto(await attachPhotos(ctx.db, requireUser(ctx), parcel, input));
    },

    async uploadLogisticsImg(input: { id: number; base64: string; goods?: boolean | undefined }, ctx: RequestContext) {
      const parcel = await repo.lockParcelById(ctx.db, input.id);
      if (!parcel) throw notFound('包裹');
      return photograph(ctx, parcel, input.base64, input.goods ? 'goodsImageGuid' : 'imageGuid');
    },

    async uploadIntoPicBase64Img(input: { id?: number | undefined; shipment?: string | undefined; base64: string }, ctx: RequestContext) {
      const found = input.id !== undefined ? { id: input.id } : await repo.parcelByShipment(ctx.db, input.shipment!);
      const parcel = found && (await repo.lockParcelById(ctx.db, found.id));
      if (!parcel || (input.shipment && parcel.shipment !== input.shipment)) throw notFound('包裹');
      return photograph(ctx, parcel, input.base64, 'imageGuid');
    },
  };
}
