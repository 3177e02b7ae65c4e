// Versioned settings (DOMAIN §5, decision 0010): each has [beginTime, endTime) with endTime null =
// open, and an isEffective switch. Their phase, how a period reads, and the rules every kind of
// setting shares (the key lock, the end time, history not edited); the overlap check and its lock
// are queries (repository.ts: lockKey, findOverlap, effectiveAt).
import type { SettingPhase } from '#shared/contracts/fees.ts';
import type { RequestContext } from '../../framework.ts';
import { conflict, invalid } from '../../lib/errors.ts';
import { TIME_ZONE } from '../configuration/service.ts';
import * as repo from './repository.ts';

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

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);
/** An end time this close to "now" counts as "now" (the screen sends its own clock's now). */
const END_NOW_GRACE_MS = 60_000;

type Versioned = { id: number; beginTime: Date; endTime: Date | null; isEffective: boolean; creationTime: Date; lastModificationTime: Date | null };
export const versionDto = (s: Versioned, now: Date) => ({
  beginTime: s.beginTime.toISOString(), endTime: iso(s.endTime), isEffective: s.isEffective, phase: phaseOf(s, now),
  creationTime: s.creationTime.toISOString(), lastModificationTime: iso(s.lastModificationTime),
});

/** Lock both keys (old and new) in a fixed order so two edits cannot deadlock. */
export async function lockKeys(ctx: RequestContext, kind: string, keys: (string | number)[][]) {
  const unique = [...new Map(keys.map((k) => [k.join('|'), k])).entries()].sort(([a], [b]) => a.localeCompare(b));
  for (const [, key] of unique) await repo.lockKey(ctx.db, kind, ctx.tenantId, key);
}

/** The end time an EditEndTime may set: not before the begin; not in the past once the setting has begun; not on an ended one. */
export function checkNewEnd(s: { id: number; beginTime: Date; endTime: Date | null }, requested: Date, now: Date, what: string): Date {
  if (requested.getTime() < s.beginTime.getTime()) throw invalid('endTime', `结束时间不能早于开始时间（${formatTime(s.beginTime)}）`);
  if (s.endTime && s.endTime.getTime() <= now.getTime()) throw conflict(`${what} #${s.id} 已于 ${formatTime(s.endTime)} 结束，不能再修改结束时间；如需恢复，请新增一条设置。`);
  if (hasBegun(s, now) && requested.getTime() < now.getTime()) {
    if (now.getTime() - requested.getTime() > END_NOW_GRACE_MS) {
      throw conflict(`${what} #${s.id} 已经生效，结束时间不能早于现在（${formatTime(now)}）：在那之后计算的费用都用了它。`);
    }
    return now;
  }
  return requested;
}

export function refuseHistoryEdit(what: string, s: { id: number; beginTime: Date }, changed: string[]) {
  if (changed.length) {
    throw conflict(
      `${what} #${s.id} 已于 ${formatTime(s.beginTime)} 开始生效，不能再修改${changed.join('、')}；如需调整，请先"结束"它，再新增一条设置。`,
      `已生效的设置只能修改"是否有效"，结束时间请用"结束"。`,
    );
  }
}

export const sameTime = (a: Date | null, b: string | null | undefined) => (a ? a.getTime() : null) === (b ? Date.parse(b) : null);
