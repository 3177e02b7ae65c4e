import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { shopeeSign, signBaseString, verifyShopeeSign } from './sign.ts';

describe('Shopee v2 signing', () => {
  it('builds the public base string as the platform documents it (partner_id, path, timestamp)', () => {
    // The authorisation guide's example: partner 10090, /api/v2/shop/auth_partner at 1594897040.
    expect(signBaseString({ partnerId: 10090, path: '/api/v2/shop/auth_partner', timestamp: 1594897040 }))
      .toBe('10090/api/v2/shop/auth_partner1594897040');
  });

  it('appends access_token then shop_id for shop calls', () => {
    expect(signBaseString({ partnerId: 2001887, path: '/api/v2/order/get_order_list', timestamp: 1655714431, accessToken: 'abc123', shopId: 601155 }))
      .toBe('2001887/api/v2/order/get_order_list1655714431abc123601155');
  });

  it('is hex HMAC-SHA256 with the partner key (RFC 4231 test case 2)', () => {
    // RFC 4231 §4.3: key "Jefe", data "what do ya want for nothing?".
    const partnerKey = 'Jefe';
    const parts = { partnerId: 0, path: '', timestamp: 0 };
    const base = signBaseString(parts);
    expect(createHmac('sha256', partnerKey).update(base).digest('hex')).toBe(shopeeSign(partnerKey, parts));
    expect(createHmac('sha256', 'Jefe').update('what do ya want for nothing?').digest('hex'))
      .toBe('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
    const sign = shopeeSign('key', { partnerId: 1, path: '/p', timestamp: 2 });
    expect(sign).toMatch(/^[0-9a-f]{64}$/);
    expect(sign).toBe(createHmac('sha256', 'key').update('1/p2').digest('hex'));
  });

  it('verifies a signature and refuses a tampered one', () => {
    const p = { partnerId: 1, path: '/api/v2/order/get_order_list', timestamp: 1700000000, accessToken: 't', shopId: 9 };
    const sign = shopeeSign('k', p);
    expect(verifyShopeeSign('k', p, sign)).toBe(true);
    expect(verifyShopeeSign('k', p, sign.toUpperCase())).toBe(true);
    expect(verifyShopeeSign('k', { ...p, shopId: 10 }, sign)).toBe(false);
    expect(verifyShopeeSign('k', p, 'deadbeef')).toBe(false);
  });
});
