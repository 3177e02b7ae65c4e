// The error catalogue (spec 000 §8): how a failed call is shown. The network layer only raises
// ApiError values; the shell passes them through here and shows the answer.
import { ApiError } from './http.ts';

export type ErrorPresentation =
  /** 401: the session is gone; back to sign-in. */
  | { type: 'sign-in'; message: string }
  /** A dialog with this title and content. */
  | { type: 'dialog'; title: string; content: string | null; tone: 'error' | 'warning' };

export const BUSINESS_ERROR_TITLE = '业务错误：';
export const UNKNOWN_ERROR_TITLE = '未知错误';

export function presentError(error: unknown): ErrorPresentation {
  if (error instanceof ApiError) {
    if (error.kind === 'http' && (error.unAuthorizedRequest || error.status === 401)) {
      return { type: 'sign-in', message: error.details ?? error.message };
    }
    if (error.kind === 'timeout') return { type: 'dialog', title: UNKNOWN_ERROR_TITLE, content: '服务器没有在 30 秒内响应，请检查网络后重试。', tone: 'error' };
    if (error.kind === 'network') return { type: 'dialog', title: UNKNOWN_ERROR_TITLE, content: '无法连接服务器，请检查网络后重试。', tone: 'error' };
    const details = error.details?.trim();
    if (error.message && details) return { type: 'dialog', title: error.message, content: details, tone: 'error' };
    if (error.message) return { type: 'dialog', title: BUSINESS_ERROR_TITLE, content: error.message, tone: 'warning' };
    return { type: 'dialog', title: UNKNOWN_ERROR_TITLE, content: null, tone: 'error' };
  }
  return { type: 'dialog', title: UNKNOWN_ERROR_TITLE, content: error instanceof Error ? error.message : null, tone: 'error' };
}

/**
 * Per query or mutation, `meta: { errorHandling: 'local' }` tells the shell the screen shows this
 * error itself (sign-in, unlock, a form that marks its field). 401 still signs out.
 */
export interface ErrorMeta extends Record<string, unknown> { errorHandling?: 'local' }

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: ErrorMeta;
    mutationMeta: ErrorMeta;
  }
}

/** A failed lazy chunk (a deploy replaced the files this page was built against). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error ?? '');
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|ChunkLoadError|Unable to preload CSS|Loading chunk [\w-]+ failed/i.test(message);
}
