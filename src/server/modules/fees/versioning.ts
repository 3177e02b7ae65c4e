// Versioned settings (DOMAIN §5): each has [beginTime, endTime) with endTime null = open, and an
// isEffective switch. Their phase and how a period reads; the overlap check and its lock are
// queries (repository.ts: lockKey, findOverlap, effectiveAt).
import type { SettingPhase } from '#shared/contracts/fees.ts';
import { TIME_ZONE } from '../configuration/service.ts';

export function phaseOf(s: { beginTime: Date; endTime: Date | null; isEffective: boolean }, now: Date): SettingPhase {
  if (!s.isEffective) return 'disabled';
  if (s.beginTime.getTime() > now.getTime()) return 'upcoming';
  if (s.endTime && s.endTime.getTime() <= now.getTime()) return 'ended';
  return 'current';
}

/** Has the setting ever been in effect (begun, while switched on)? Then its amounts are history. */
export const hasBegun = (s: { beginTime: Date }, now: Date): boolean => s.beginTime.getTime() <= now.getTime();

const fmt = new Intl.DateTimeFormat('zh-CN', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false });
/** "2026-11-22 08:00" in the tenant's time zone, for sentences people read. */
export function formatTime(d: Date): string {
  const p = Object.fromEntries(fmt.formatToParts(d).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour === '24' ? '00' : p.hour}:${p.minute}`;
}

export const describePeriod = (s: { beginTime: Date; endTime: Date | null }): string =>
  `${formatTime(s.beginTime)} 至 ${s.endTime ? formatTime(s.endTime) : '长期'}`;
