// BackStoreAddress: staff keep each seller's shops (DOMAIN §2, §9).
import { backStoreAddress } from '#shared/contracts/orders.ts';
import { pageWindow } from '#shared/contracts/common.ts';
import { implement } from '../../framework.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import * as repo from './repository.ts';
import { toStoreDto } from './dto.ts';

export const backStoreAddressService = implement(backStoreAddress, () => ({
  async getStoreAddressList(input, ctx) {
    const { total, rows } = await repo.listStores(ctx.db, input, pageWindow(input));
    return { totalCount: total, items: rows.map((r) => toStoreDto(r.store, r)) };
  },
  async editStoreAddress(input, ctx) {
    const seller = await repo.sellerById(ctx.db, input.userId);
    if (!seller) throw invalid('userId', '不是本租户的卖家');
    const values = {
      userId: input.userId, storeName: input.storeName, site: input.site, contactName: input.contactName, contactPhone: input.contactPhone,
      storeAddress: input.storeAddress, remark: input.remark ?? null, whetherLocal: input.whetherLocal, whetherEffective: input.whetherEffective,
    };
    const row = input.id ? await repo.updateStore(ctx.db, input.id, values) : await repo.insertStore(ctx.db, values);
    if (!row) throw notFound('店铺');
    return toStoreDto(row, { userCode: seller.userCode, userName: seller.name });
  },
  async delete(input, ctx) {
    if (!(await repo.updateStore(ctx.db, input.id, { isDeleted: true, whetherEffective: false }))) throw notFound('店铺');
    return null;
  },
  async editStatus(input, ctx) {
    const current = await repo.getStore(ctx.db, input.id);
    if (!current) throw notFound('店铺');
    const row = await repo.updateStore(ctx.db, input.id, { whetherEffective: !current.whetherEffective });
    const owner = await repo.storeOwner(ctx.db, input.id);
    return toStoreDto(row!, { userCode: owner?.userCode ?? null, userName: owner?.userName ?? null });
  },
}));
