// Shopee shops and order sync (DOMAIN §8; spec 001 §AuthorizationShop, §ShopeeOrder). shopId is
// always Shopee's own shop id; another seller's shop answers 404 everywhere.
import { z } from 'zod';
import { defineService } from './define.ts';
import { paged, pagedResult } from './common.ts';

/** 1 已授权, 2 已过期, 3 已取消. */
export const SHOPEE_STATUS = { authorised: 1, expired: 2, cancelled: 3 } as const;
const shopId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const AuthorizationShopDto = z.object({
  id: z.number().int(), userId: z.number().int(), shopId: z.number().int(), shopName: z.string(), customShopName: z.string().nullable(),
  country: z.string(), authTime: z.string(), expireTime: z.string(), shopeeStatus: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  /** Until when the orders were synced (null: never). */
  syncedUntil: z.string().nullable(),
});
export type AuthorizationShopDto = z.infer<typeof AuthorizationShopDto>;

/** state: what GetComeBackUrl's address carried to the callback (the seller and the shop it named), unchanged. */
export const ProcessAuthorizerInput = z.object({ code: z.string().trim().min(1).max(128), shop_id: shopId, state: z.string().trim().min(1).max(512) });
/** A time as ISO 8601 or as seconds since the epoch (the platform's unit). */
const when = z.union([z.iso.datetime({ offset: true }), z.number().int().nonnegative()]);

export const BatchCreateInput = z.object({
  shopIds: z.array(shopId).max(100).optional(),
  timeFrom: when.optional(),
  timeTo: when.optional(),
});
export const BatchCreateResult = z.object({
  created: z.number().int(), skipped: z.number().int(),
  failed: z.array(z.object({ orderSn: z.string(), reason: z.string() })),
});
export type BatchCreateResult = z.infer<typeof BatchCreateResult>;

export const authorizationShop = defineService('AuthorizationShop', {
  getAuthorizationShopList: {
    method: 'GET', permission: 'Front.Shops',
    input: paged({ keyword: z.string().trim().max(64).optional(), shopeeStatus: z.coerce.number().int().min(1).max(3).optional() }),
    output: pagedResult(AuthorizationShopDto),
  },
  /**
   * The signed auth_partner address the seller opens to authorise a shop; shopId: the shop it is for
   * (re-authorising one; on the built-in fake, the shop the seller "logs in" as), else the platform asks.
   */
  getComeBackUrl: { method: 'GET', permission: 'Front.Shops', input: z.object({ shopId: shopId.optional() }), output: z.string() },
  processAuthorizer: { method: 'POST', permission: 'Front.Shops', input: ProcessAuthorizerInput, output: AuthorizationShopDto, transaction: 'manual' },
  customShopName: {
    method: 'POST', permission: 'Front.Shops',
    input: z.object({ shopId, customShopName: z.string().trim().max(128) }), output: AuthorizationShopDto,
  },
  /** The signed cancel_auth_partner address (de-authorising on the platform). */
  getCancelComeBackUrl: { method: 'GET', permission: 'Front.Shops', input: z.object({ shopId }), output: z.string() },
  cancelAuthorizationShop: { method: 'POST', permission: 'Front.Shops', input: z.object({ shopId }), output: AuthorizationShopDto },
  deleteAuthorizationShopList: { method: 'POST', permission: 'Front.Shops', input: z.object({ shopIds: z.array(shopId).min(1).max(100) }), output: z.null() },
});

export const shopeeOrder = defineService('ShopeeOrder', {
  batchCreate: { method: 'POST', permission: 'Front.Orders', input: BatchCreateInput, output: BatchCreateResult, transaction: 'manual' },
  /** Obtains the order's shipping document from the platform and stores it as its label (pdfGuid). */
  dwonLoadPdf: {
    method: 'GET', permission: 'Front.Orders', input: z.object({ orderNumber: z.string().trim().min(1).max(64) }),
    output: z.object({ orderNumber: z.string(), pdfGuid: z.string() }), transaction: 'manual',
  },
});
