// One error type for business refusals; the error handler turns everything into the envelope.
import { translate, type LanguageName } from '#shared/i18n/index.ts';

export type RefusalStatus = 400 | 401 | 403 | 404 | 409 | 422 | 429;

export class AppError extends Error {
  constructor(
    readonly status: RefusalStatus,
    message: string,
    readonly details: string | null = null,
    readonly validationErrors: { message: string; members: string[] }[] | null = null,
  ) {
    super(message);
  }
}

/** 429: the client is to wait; the error handler adds the Retry-After header. */
export class TooManyRequestsError extends AppError {
  constructor(readonly retryAfterSeconds: number, message: string, details: string) {
    super(429, message, details);
  }
}

export const MESSAGES = {
  invalidRequest: '您的请求无效!',
  notSignedIn: '当前用户没有登录到系统！',
  forbidden: '未授予所需的权限。',
  notFound: '没有找到对应的实体',
  internal: '对不起，在处理您的请求期间产生了一个服务器内部错误！',
  loginFailed: '登录失败!',
  busy: '请求过于频繁，请稍后再试。',
} as const;

/** The 404's details: `{0}` is what was looked for (订单, 包裹 …), itself a text of the Warehouse source. */
const NOT_FOUND_DETAILS = '{0}不存在或已被删除。';
const NOT_FOUND_PATTERN = /^(.+)不存在或已被删除。$/;

export const notFound = (what = '记录'): AppError => new AppError(404, MESSAGES.notFound, NOT_FOUND_DETAILS.replace('{0}', what));
export const conflict = (message: string, details: string | null = null): AppError => new AppError(409, message, details);
export const forbidden = (details: string | null = null): AppError => new AppError(403, MESSAGES.forbidden, details);
export const unauthorized = (details: string | null = null): AppError => new AppError(401, MESSAGES.notSignedIn, details);
export const invalid = (member: string, message: string): AppError =>
  new AppError(400, MESSAGES.invalidRequest, `${member}: ${message}`, [{ message, members: [member] }]);

/**
 * A server text in the caller's language: the Warehouse source has English for the fixed envelope
 * texts (i18n/en-server.ts) and for some business sentences, and the not-found sentence is put
 * together from its parts; anything else stays as it is.
 */
export function localize(language: LanguageName, text: string): string {
  const whole = translate(language, text);
  const notFoundOf = whole === text ? NOT_FOUND_PATTERN.exec(text)?.[1] : undefined;
  return notFoundOf === undefined ? whole : translate(language, NOT_FOUND_DETAILS).replace('{0}', translate(language, notFoundOf));
}

/** The 404 of a URL no route answers. */
export const noSuchRoute = (language: LanguageName, method: string, path: string): string =>
  language === 'en' ? `There is no ${method} ${path} endpoint.` : `没有 ${method} ${path} 这个接口。`;

/** A PostgreSQL error's SQLSTATE, however wrapped (Drizzle keeps the driver's error as its cause). */
export function sqlStateOf(err: unknown): string | undefined {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code.length === 5) return code;
  }
  return undefined;
}
