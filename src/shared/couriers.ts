// Courier companies: a fixed shared list (zod-free, so list screens' URL schemas can use it without
// pulling the contracts into the console's entry chunk).
/**
 * The courier companies: national carriers, the same for every tenant, so a shared list rather
 * than a table each tenant must fill (a code is what a record stores).
 */
export const COURIER_COMPANIES = [
  { code: 'SF', name: '顺丰速运' },
  { code: 'ZTO', name: '中通快递' },
  { code: 'YTO', name: '圆通速递' },
  { code: 'STO', name: '申通快递' },
  { code: 'YD', name: '韵达快递' },
  { code: 'JT', name: '极兔速递' },
  { code: 'EMS', name: 'EMS' },
  { code: 'YZPY', name: '邮政快递包裹' },
  { code: 'JD', name: '京东物流' },
  { code: 'DBL', name: '德邦快递' },
] as const;
export const COURIER_CODES = COURIER_COMPANIES.map((c) => c.code) as unknown as readonly [string, ...string[]];
export const courierCompanyName = (code: string): string => COURIER_COMPANIES.find((c) => c.code === code)?.name ?? code;
