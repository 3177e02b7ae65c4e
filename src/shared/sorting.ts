// ABP's `sorting` of a paged list (issue 44 §3): "field asc|desc", one whitelisted field, the
// direction in any case and asc when left out. Plain functions (no zod): the console's route search
// parsers read it too (contracts/sorting.ts builds the input schema on these).

export type SortDirection = 'asc' | 'desc';
export interface Sorting<F extends string = string> { field: F; direction: SortDirection }

/** "creationTime desc" → { field, direction }, or undefined when it is not one of `fields`. */
export function parseSorting<F extends string>(fields: readonly F[], text: string): Sorting<F> | undefined {
  const parts = text.trim().split(/\s+/);
  if (parts.length > 2 || !parts[0]) return undefined;
  // ABP clients send the DTO's member name; its case is not meaningful to them.
  const field = fields.find((f) => f.toLowerCase() === parts[0]!.toLowerCase());
  const direction = (parts[1] ?? 'asc').toLowerCase();
  if (!field || (direction !== 'asc' && direction !== 'desc')) return undefined;
  return { field, direction };
}

/** The text of a sorting, as the console puts it in the URL and sends it. */
export const sortingText = (s: Sorting): string => `${s.field} ${s.direction}`;

/**
 * The fields each list may be sorted by (server: the columns they name; console: sortable headers):
 * only columns an index of (tenant, column …) serves, so a sorted page at 1 M rows reads the index's
 * first rows instead of sorting the table (creation_time: migration 0039; the numbers: their unique indexes).
 */
export const ORDER_SORT_FIELDS = ['creationTime', 'tradeNo', 'orderNumber'] as const;
export const PARCEL_SORT_FIELDS = ['creationTime', 'shipment'] as const;
export const STOCK_SORT_FIELDS = ['creationTime', 'tradeNo'] as const;
