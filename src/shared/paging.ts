// Paging constants (DOMAIN §0), free of zod so the console's first chunk can use them.
export const FIRST_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 500;
/** The page sizes the console offers; the server writes these into its statements (decision 0036). */
export const PAGE_SIZES = [10, 20, 50, 100] as const;
