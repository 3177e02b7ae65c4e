// Paging constants (DOMAIN §0), free of zod so the console's first chunk can use them.
export const FIRST_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 500;
