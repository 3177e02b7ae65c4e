// Trade numbers (DOMAIN §0): prefix + yyMMdd (tenant time zone) + 5-digit daily sequence.
import type { Db } from '../../db/client.ts';
import { nextSequenceValue } from './sequences.ts';

export type TradePrefix = 'CB' | 'ML' | 'ST' | 'AB' | 'SR';
export const TIME_ZONE = 'Asia/Shanghai';

export function dayStamp(now: Date, timeZone = TIME_ZONE): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, year: '2-digit', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${get('year')}${get('month')}${get('day')}`;
}

export async function nextTradeNo(tx: Db, prefix: TradePrefix, now: Date): Promise<string> {
  const day = dayStamp(now);
  const n = await nextSequenceValue(tx, `trade:${prefix}${day}`);
  if (n > 99_999) throw new Error(`daily trade number range of ${prefix}${day} exhausted`);
  return `${prefix}${day}${String(n).padStart(5, '0')}`;
}
