// Packing, weighing, fees and dispatch of an order (DOMAIN §3, §5, §9): the shapes shared by the
// back office's pack-and-weigh station (BackOrder) and the seller's 补运费 (FrontOrder).
import { z } from 'zod';
import { SITES } from '../enums.ts';

/** kg with at most 3 decimals (DOMAIN §0). */
const hasDecimals = (places: number) => (v: number) => Math.abs(v * 10 ** places - Math.round(v * 10 ** places)) < 1e-6;
export const weightKg = z.number().positive().max(1000).refine(hasDecimals(3), '重量最多 3 位小数（kg）');
/** cm with at most 1 decimal. */
export const dimensionCm = z.number().positive().max(1000).refine(hasDecimals(1), '尺寸最多 1 位小数（cm）');

/** One fee line: the ledger channel (3 订单操作费, 4 运费, 5 包材费, 11 加急费) and its amount in points. */
export const FeeLineDto = z.object({ channel: z.number().int(), amount: z.number() });
export type FeeLineDto = z.infer<typeof FeeLineDto>;

/** The weighing answer (DOMAIN §9), also returned by SupplyOrderFreight. */
export const WeighResultDto = z.object({
  tradeNo: z.string(),
  /** Actual weight in kg. */
  weight: z.number(),
  /** max(actual, volumetric) in kg; the freight is priced on it. */
  chargeableWeight: z.number(),
  fees: z.array(FeeLineDto),
  total: z.number(),
  /** True when the fees were posted to the seller's ledger; false: 待补运费. */
  charged: z.boolean(),
  /** What the seller still has to pay (0 when charged). */
  owed: z.number(),
  /** The seller's balance after this call. */
  balance: z.number(),
  orderStatus: z.number().int(),
  packageStatus: z.number().int(),
});
export type WeighResultDto = z.infer<typeof WeighResultDto>;

export const GoodsWeighInput = z.object({
  tradeNo: z.string().trim().min(1).max(32), weight: weightKg,
  long: dimensionCm.optional().nullable(), wide: dimensionCm.optional().nullable(), high: dimensionCm.optional().nullable(),
});
export const CommodityWeighInput = z.object({ tradeNo: z.string().trim().min(1).max(32), resultWeight: weightKg });

/** What the pack-and-weigh station knows about an order beyond its lines and parcels. */
export const ProcessingInfoDto = z.object({
  packedUserId: z.number().int().nullable(), packedUserName: z.string().nullable(), packedTime: z.string().nullable(),
  packedImageGuid: z.string().nullable(),
  weight: z.number().nullable(), long: z.number().nullable(), wide: z.number().nullable(), high: z.number().nullable(),
  chargeableWeight: z.number().nullable(), weighedTime: z.string().nullable(), weighVersion: z.number().int(),
  /** Fee lines of the last weighing: posted (charged) or still owed. */
  fees: z.array(FeeLineDto),
  total: z.number(),
  charged: z.boolean(),
  owed: z.number(),
  shippedTime: z.string().nullable(),
});
export type ProcessingInfoDto = z.infer<typeof ProcessingInfoDto>;

export const OneClickDeliveryInput = z.object({
  warehouseInfoId: z.number().int().positive().optional(),
  site: z.enum(SITES).optional(),
  /** Chosen orders (ids=1&ids=2 or ids=1,2); when absent, every ready order of the warehouse (and site). */
  ids: z.array(z.number().int().positive()).min(1).max(500).optional(),
}).refine((v) => !!v.ids?.length || v.warehouseInfoId !== undefined, { message: '请选择订单（ids）或仓库（warehouseInfoId）', path: ['ids'] });

export const OneClickDeliveryResult = z.object({
  count: z.number().int(),
  /** Selected by id but not shipped, each with the reason (not weighed, 待补运费, closed …). */
  skipped: z.array(z.object({ id: z.number().int(), tradeNo: z.string(), reason: z.string() })),
});

/**
 * The packed photo as base64 (with or without a `data:image/…;base64,` prefix), for the order given
 * by id or tradeNo. JSON bodies are limited to 2 MB, so larger photos go through File/UploadFile.
 */
export const UploadPackedBase64ImgInput = z.object({
  id: z.number().int().positive().optional(),
  tradeNo: z.string().trim().min(1).max(32).optional(),
  base64: z.string().min(16).max(2_000_000),
}).refine((v) => v.id !== undefined || !!v.tradeNo, { message: '请提供订单 id 或 tradeNo', path: ['tradeNo'] });
