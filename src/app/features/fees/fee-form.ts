// Form pieces shared by the fee screens: number fields typed as text (components/forms/number-text.ts),
// wall-clock times in the tenant's zone, and the phase of a setting.
import { z } from 'zod';
import { plainPoints } from '#shared/money.ts';
import { DEFAULT_TIME_ZONE } from '../../components/list-page/index.ts';

export { cmText, intText, kgText, pointsText } from '../../components/forms/number-text.ts';

/** A required wall-clock time (datetime-local, in the tenant's zone). */
export const timeText = (label: string) => z.string().min(1, `请选择${label}`).refine((v) => localToIso(v) !== null, `${label}无效`);

const localFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: DEFAULT_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
});

/** An instant as a datetime-local value ("2026-11-22T08:00") in the tenant's zone (Asia/Shanghai, UTC+8, no DST). */
export function isoToLocal(iso: string | Date | null | undefined): string {
  if (!iso) return '';
  const d = typeof iso === 'string' ? new Date(iso) : iso;
  if (Number.isNaN(d.getTime())) return '';
  const p = Object.fromEntries(localFormat.formatToParts(d).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/** A datetime-local value read as the tenant's wall clock → ISO-8601 with its offset; null when unusable. */
export function localToIso(local: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local.trim());
  if (!m) return null;
  const iso = `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6] ?? '00'}+08:00`;
  return Number.isNaN(Date.parse(iso)) ? null : iso;
}

export const PHASES = {
  upcoming: { label: '未开始', color: 'blue' },
  current: { label: '生效中', color: 'teal' },
  ended: { label: '已结束', color: 'gray' },
  disabled: { label: '已停用', color: 'red' },
} as const;
export type Phase = keyof typeof PHASES;

/** Money as shown: 3 → "3.00". */
export const formatPoints = (n: number | null | undefined): string => (n === null || n === undefined ? '—' : plainPoints(n));
/** Weight as shown: 0.5 → "0.5 kg". */
export const formatKg = (n: number | null | undefined): string => (n === null || n === undefined ? '—' : `${Number(n.toFixed(3))} kg`);
