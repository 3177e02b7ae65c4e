// Paging and filters live in the URL (STYLE.md "Screens"): each list route validates its search
// params with a parser built here, so a shared or reloaded link shows the same page. Every field
// is optional and falls back to "absent" when the URL holds garbage, so a hand-edited link never
// throws; absent means the default (page 1, 10 rows, no filter), which keeps URLs short.
// Plain functions, not zod: route search validation ships in the app's first chunk.
import { DEFAULT_PAGE_SIZE, FIRST_PAGE, PAGE_SIZES } from '#shared/paging.ts';
import { isCalendarDay } from '#shared/calendar-day.ts';
import { parseSorting, sortingText } from '#shared/sorting.ts';

export { FIRST_PAGE, PAGE_SIZES, isCalendarDay };
export type PageSize = (typeof PAGE_SIZES)[number];

/** The paging part every list search has. */
export interface ListSearch {
  page?: number;
  pageSize?: PageSize;
  /** The list's order, ABP's "creationTime desc" (lists whose search has filter.sorting; issue 44 §3). */
  sorting?: string;
}

/** Reads one search field; undefined when absent or unusable. */
export type FieldParser<T> = (raw: unknown) => T | undefined;

type Parsed<F extends Record<string, FieldParser<unknown>>> = { [K in keyof F]?: F[K] extends FieldParser<infer T> ? T : never };

const positiveInt = (raw: unknown): number | undefined => {
  const n = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  return typeof n === 'number' && Number.isInteger(n) && n >= FIRST_PAGE ? n : undefined;
};

/** A list route's search parser: paging plus the screen's own filters (use the `filter.*` helpers). */
export function listSearchSchema<F extends Record<string, FieldParser<unknown>>>(filters: F): (search: Record<string, unknown>) => ListSearch & Parsed<F> {
  return (search) => {
    const out: Record<string, unknown> = {};
    const page = positiveInt(search.page);
    if (page !== undefined) out.page = page;
    const size = positiveInt(search.pageSize);
    if (size !== undefined && (PAGE_SIZES as readonly number[]).includes(size)) out.pageSize = size;
    for (const [key, parse] of Object.entries(filters)) {
      const value = parse(search[key]);
      if (value !== undefined) out[key] = value;
    }
    return out as ListSearch & Parsed<F>;
  };
}

/** The parsed search of a list route. */
export type SearchOf<P extends (search: Record<string, unknown>) => unknown> = ReturnType<P>;

type Literal = string | number | boolean;

/** Lenient filter fields for search parsers. */
export const filter = {
  /** Free text; a number typed into the URL by hand (`?keyword=123`) still counts as text. */
  text: (max = 64): FieldParser<string> => (raw) =>
    typeof raw === 'string' || typeof raw === 'number' ? String(raw).trim().slice(0, max) || undefined : undefined,
  boolean: (): FieldParser<boolean> => (raw) => (raw === true || raw === 'true' ? true : raw === false || raw === 'false' ? false : undefined),
  /** A calendar day, YYYY-MM-DD (the ends of a date-range filter). */
  date: (): FieldParser<string> => (raw) => (typeof raw === 'string' && isCalendarDay(raw) ? raw : undefined),
  /** One of a fixed set of codes (numbers or strings). */
  oneOf: <const V extends readonly [Literal, ...Literal[]]>(values: V): FieldParser<V[number]> => (raw) =>
    values.find((v) => v === raw || String(v) === String(raw)),
  /** A sorting over the list's sortable fields (`?sorting=creationTime desc`), written back as "field dir". */
  sorting: (fields: readonly string[]): FieldParser<string> => (raw) => {
    const parsed = typeof raw === 'string' ? parseSorting(fields, raw) : undefined;
    return parsed ? sortingText(parsed) : undefined;
  },
};

/** The paging input of a paged service call (DOMAIN §0: currentPage from 1, pageSize default 10). */
export function pagingInput(search: ListSearch): { currentPage: number; pageSize: number } {
  return { currentPage: search.page ?? FIRST_PAGE, pageSize: search.pageSize ?? DEFAULT_PAGE_SIZE };
}

/** The zone's offset from UTC in minutes at an instant (Asia/Shanghai: +480). */
function offsetMinutes(at: Date, timeZone: string): number {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-US', {
    timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
  }).formatToParts(at).map((p) => [p.type, p.value]));
  const local = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return Math.round((local - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** A wall-clock time of a day in the zone, as ISO-8601 with that zone's offset. */
function zonedIso(day: string, time: string, timeZone: string): string {
  const guess = new Date(`${day}T${time}Z`);
  const offset = offsetMinutes(new Date(guess.getTime() - offsetMinutes(guess, timeZone) * 60_000), timeZone);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${day}T${time}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/**
 * A date-range filter (whole days in the tenant's time zone, DOMAIN §0) as the list services'
 * timeFrom/timeTo: from the start of the first day to the last millisecond of the last one.
 */
export function dayRangeInput(from: string | undefined, to: string | undefined, timeZone = 'Asia/Shanghai'): { timeFrom?: string; timeTo?: string } {
  return {
    ...(from ? { timeFrom: zonedIso(from, '00:00:00.000', timeZone) } : {}),
    ...(to ? { timeTo: zonedIso(to, '23:59:59.999', timeZone) } : {}),
  };
}

/** A date-range filter's URL fields (`?dateFrom=&dateTo=`, whole days), for dayRangeInput. */
export const dateRangeSearch = { dateFrom: filter.date(), dateTo: filter.date() };
