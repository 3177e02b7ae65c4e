// Shopee Open Platform v2 signing: sign = hex HMAC-SHA256(partner key, base string), where the base
// string is partner_id + api path + timestamp for public calls (auth_partner, token/get,
// access_token/get) and adds access_token + shop_id for shop calls. Used by the client and the fake.
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface SignParts {
  partnerId: number;
  /** The api path, e.g. /api/v2/order/get_order_list (no host, no query). */
  path: string;
  /** Seconds since the epoch. */
  timestamp: number;
  accessToken?: string | undefined;
  shopId?: number | undefined;
}

export function signBaseString(p: SignParts): string {
  return `${p.partnerId}${p.path}${p.timestamp}${p.accessToken ?? ''}${p.shopId ?? ''}`;
}

export function shopeeSign(partnerKey: string, p: SignParts): string {
  return createHmac('sha256', partnerKey).update(signBaseString(p)).digest('hex');
}

/** Whether `sign` is the signature of p (compared in constant time). */
export function verifyShopeeSign(partnerKey: string, p: SignParts, sign: string): boolean {
  const expected = Buffer.from(shopeeSign(partnerKey, p), 'utf8');
  const given = Buffer.from(sign.toLowerCase(), 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given);
}
