// A paged list's `sorting` input (issue 44 §3, ABP's "creationTime desc"): shared/sorting.ts parses
// it; anything that is not a whitelisted field and a direction is refused (400 naming `sorting`).
import { z } from 'zod';
import { parseSorting, type Sorting } from '../sorting.ts';

export { ORDER_SORT_FIELDS, PARCEL_SORT_FIELDS, STOCK_SORT_FIELDS, parseSorting, sortingText, type SortDirection, type Sorting } from '../sorting.ts';

/**
 * A list's `sorting` input over the fields it may be sorted by: optional; an empty text is none
 * (the list's own order). Parsed into { field, direction }.
 */
export function sortingOf<const F extends readonly [string, ...string[]]>(fields: F) {
  const message = `排序须为「字段 asc|desc」，字段可为 ${fields.join('、')}`;
  return z.string().max(64).transform((text, ctx): Sorting<F[number]> | undefined => {
    if (text.trim() === '') return undefined;
    const parsed = parseSorting<F[number]>(fields, text);
    if (!parsed) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return parsed;
  }).optional();
}
