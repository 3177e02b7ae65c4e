// BackOrder — the back office's order service: the seller picker list and the order actions.
import { z } from 'zod';
import { defineService } from './define.ts';
import { backOrderActions, OrderDto, ParcelDto } from './orders.ts';
import {
  CommodityWeighInput, GoodsWeighInput, OneClickDeliveryInput, OneClickDeliveryResult, ProcessingInfoDto, UploadPackedBase64ImgInput, WeighResultDto,
} from './processing.ts';
import { bagOrderActions } from './mainland-package.ts';

export const SellerOptionDto = z.object({ id: z.number().int(), userCode: z.string(), name: z.string(), userName: z.string() });

/** Everything the pack-and-weigh station checks before packing (DOMAIN §3). */
export const CheckGoodsInfoDto = z.object({
  order: OrderDto,
  parcels: z.array(ParcelDto.extend({ photoLinks: z.array(z.string()) })),
  seller: z.object({ id: z.number().int(), userCode: z.string(), name: z.string(), balance: z.number() }),
  processing: ProcessingInfoDto,
  packedImageLink: z.string().nullable(),
});
export type CheckGoodsInfoDto = z.infer<typeof CheckGoodsInfoDto>;

/** Packing, weighing and dispatch (DOMAIN §3, §5, §9; modules/orders/processing.ts). */
const processingActions = {
  getCheckGoodsInfoResult: { method: 'GET', permission: 'Order.Manages', input: z.object({ tradeNo: z.string().trim().min(1).max(32) }), output: CheckGoodsInfoDto },
  warehouseOrderPacked: {
    method: 'POST', permission: 'Order.Manages',
    input: z.object({ tradeNo: z.string().trim().min(1).max(32), packedUserId: z.number().int().positive().optional().nullable(), imageGuid: z.uuid().optional().nullable() }),
    output: CheckGoodsInfoDto,
  },
  uploadPackedBase64Img: { method: 'POST', permission: 'Order.Manages', input: UploadPackedBase64ImgInput, output: z.object({ guid: z.string(), link: z.string() }) },
  commodityWeigh: { method: 'POST', permission: 'Order.Manages', query: ['tradeNo', 'resultWeight'], input: CommodityWeighInput, output: WeighResultDto },
  goodsWeigh: { method: 'POST', permission: 'Order.Manages', input: GoodsWeighInput, output: WeighResultDto },
  oneClickDelivery: { method: 'GET', permission: 'Order.Manages', input: OneClickDeliveryInput, output: OneClickDeliveryResult },
} as const;

export const backOrder = defineService('BackOrder', {
  getUserList: {
    method: 'GET', permission: 'Order.Manages',
    input: z.object({ keyword: z.string().trim().max(64).optional() }),
    output: z.array(SellerOptionDto),
  },
  ...backOrderActions,
  ...processingActions,
  ...bagOrderActions,
});
