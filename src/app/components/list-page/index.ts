export { ListPage, type ListPageProps } from './list-page.tsx';
export { listSearchSchema, filter, pagingInput, PAGE_SIZES, FIRST_PAGE, type ListSearch, type PageSize, type SearchOf, type FieldParser } from './list-search.ts';
export type { BulkAction, ConfirmSpec, FilterField, Paged, RowAction } from './types.ts';
export { ExportButton, type ExportButtonProps } from './export-button.tsx';
export { fetchAllPages, toCsv, downloadCsv, type ExportColumn } from './csv.ts';
export { formatDateTime, formatClock, DEFAULT_TIME_ZONE } from './format.ts';
export { errorMessage } from './errors.ts';
export { StatusBadge } from './status-badge.tsx';
