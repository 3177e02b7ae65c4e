// Parcel photos sent inline as base64 (DOMAIN §4.3): Logistics/UploadLogisticsImg and
// BackOrder/UploadIntoPicBase64Img. The image is checked and stored like File/UploadFile, then
// linked to the parcel exactly as SetTakePicture links an uploaded guid (clears the seller's
// photo request, audited), all in the request's transaction.
import type { Deps } from '../../framework.ts';
import { requireUser, type RequestContext } from '../../framework.ts';
import { notFound } from '../../lib/errors.ts';
import { defaultFileStorage, storeBase64Image } from '../files/base64-image.ts';
import { HEIC_PHOTO_MESSAGE, isHeic } from '../files/repository.ts';
import { toParcelDto } from '../orders/dto.ts';
import { attachPhotos } from '../orders/inbound.ts';
import * as repo from '../orders/repository.ts';

export function parcelPhotoHandlers(deps: Pick<Deps, 'config'>) {
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
