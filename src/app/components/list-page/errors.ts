import { ApiError } from '../../lib/api.ts';

/** The sentence to show for a failed action: the server's own message when it sent one. */
export function errorMessage(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 400 && err.validationErrors?.length) return err.validationErrors.map((e) => e.message).join('；');
    return err.message;
  }
  if (err instanceof Error && err.message) return err.message;
  return '操作失败，请稍后再试';
}
