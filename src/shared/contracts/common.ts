import { z } from 'zod';

import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../paging.ts';
import { FIRST_YEAR, LAST_YEAR, isCalendarDay } from '../calendar-day.ts';

export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE };

/** Both paging styles of DOMAIN §0: currentPage/pageSize and ABP's skipCount/maxResultCount. */
export const PagedInput = z.object({
  currentPage: z.number().int().min(1).optional(),
  pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
  skipCount: z.number().int().min(0).optional(),
  maxResultCount: z.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
});
export type PagedInput = z.infer<typeof PagedInput>;

export function paged<T extends z.ZodRawShape>(shape: T) {
  return PagedInput.extend(shape);
}

/** skipCount/maxResultCount win when given (an ABP client sent them); else currentPage/pageSize. */
export function pageWindow(input: PagedInput): { limit: number; offset: number } {
  if (input.skipCount !== undefined || input.maxResultCount !== undefined) {
    return { limit: input.maxResultCount ?? DEFAULT_PAGE_SIZE, offset: input.skipCount ?? 0 };
  }
  const limit = input.pageSize ?? DEFAULT_PAGE_SIZE;
  return { limit, offset: ((input.currentPage ?? 1) - 1) * limit };
}

/**
 * Large lists count at most COUNT_CAP matching rows: past it, totalCount is COUNT_CAP and
 * totalCountCapped is true (the console shows "10000+"; narrow the filters to page further).
 */
export const COUNT_CAP = 10_000;
export const pagedResult = <T extends z.ZodType>(item: T) => z.object({ totalCount: z.number().int(), totalCountCapped: z.boolean().optional(), items: z.array(item) });
export const listResult = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item) });

export const EntityDto = z.object({ id: z.number().int().positive() });
export const Empty = z.object({}).strict().or(z.object({}));
export const NoResult = z.null();

/**
 * An image sent inline as base64 (a bare string or a `data:image/…;base64,` URL), for the photo
 * actions of the spec's JSON API (the floor app itself uploads the file and links its guid, queued
 * offline with its bytes in the outbox, decision 0022). The decoded image follows File/UploadFile's limit (10 MB, type
 * by content; server: modules/files/base64-image.ts), so the body may be up to BASE64_IMAGE_BODY_LIMIT.
 */
export const BASE64_IMAGE_MAX_CHARS = 14_000_000;
export const BASE64_IMAGE_BODY_LIMIT = 15 * 1024 * 1024;
export const base64Image = z.string().min(1, '请提供图片的 base64 数据').max(BASE64_IMAGE_MAX_CHARS, '图片不能超过 10 MB。');

/**
 * A day, YYYY-MM-DD, that the calendar has (shared/calendar-day.ts): every date-only input takes this,
 * so 2026-11-31 is refused rather than read as 12-01, and a day reaches the server in one spelling.
 */
export const calendarDay = z.string().refine(isCalendarDay, `必须是 ${FIRST_YEAR}–${LAST_YEAR} 年间真实存在的日期，格式为 yyyy-MM-dd`);

/** An instant in ISO 8601 with its offset, on a day the calendar has (PostgreSQL refuses year 0). */
export const isoTime = z.iso.datetime({ offset: true })
  .refine((v) => isCalendarDay(v.slice(0, 10)), `日期须在 ${FIRST_YEAR}–${LAST_YEAR} 年间`);

/**
 * A whole number compared with or stored in a `smallint` column (type and status codes): every other
 * int is held to `integer` by defineService (define.ts boundInts); these say their narrower column.
 */
export const smallInt = z.number().int().min(-32_768).max(32_767);

/** A trimmed, non-empty text of at most `max` characters. */
export const text = (max: number) => z.string().trim().min(1).max(max);
export const optionalText = (max: number) => z.string().trim().max(max).optional().nullable();

export const ErrorInfo = z.object({
  code: z.number().int(),
  message: z.string(),
  details: z.string().nullable(),
  validationErrors: z.array(z.object({ message: z.string(), members: z.array(z.string()) })).nullable(),
});

/** The ABP response envelope, around any result. */
export const envelope = <T extends z.ZodType>(result: T) =>
  z.object({
    result,
    targetUrl: z.string().nullable(),
    success: z.boolean(),
    error: ErrorInfo.nullable(),
    unAuthorizedRequest: z.boolean(),
    __abp: z.literal(true),
  });
