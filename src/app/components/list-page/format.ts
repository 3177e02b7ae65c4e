// Times are sent as ISO-8601 and shown in the tenant's time zone (DOMAIN §0; default Asia/Shanghai).
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

const formatters = new Map<string, Intl.DateTimeFormat>();

/** 2024-05-06 14:03 in the given zone; '—' for nothing. */
export function formatDateTime(iso: string | null | undefined, timeZone = DEFAULT_TIME_ZONE): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '—';
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('zh-CN', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formatters.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(d).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

const clocks = new Map<string, Intl.DateTimeFormat>();

/** 14:03:27 in the given zone (the scan logs' clock, same zone as the lists); '—' for nothing. */
export function formatClock(at: Date | number | null | undefined, timeZone = DEFAULT_TIME_ZONE): string {
  if (at === null || at === undefined) return '—';
  const d = at instanceof Date ? at : new Date(at);
  if (Number.isNaN(d.getTime())) return '—';
  let f = clocks.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    clocks.set(timeZone, f);
  }
  return f.format(d);
}
