// File/UploadFile (multipart, field file; DOMAIN §9) with the signed-in user's token and
// tenant, the same headers the api client sends: label PDFs, parcel photos, floor photos. Screens
// get the uploader as a prop from their route, so component tests hand in a fake one.
import { useAuth } from './use-auth.ts';
import type { RequestContextSource } from './http.ts';
import { fileUrl } from '#shared/file-links.ts';

export interface UploadedFile { guid: string; fileName: string; contentType: string; size: number }
export type Uploader = (file: File) => Promise<UploadedFile>;

/** The server's refusal sentence (400 naming the field) or what went wrong on the way. */
export class UploadError extends Error {
  constructor(message: string, readonly status: number | null) {
    super(message);
    this.name = 'UploadError';
  }
}

/**
 * Posts one file (multipart field `file`) to a File action with the caller's token and tenant, and
 * answers its result: File/UploadFile, and the spreadsheet imports (File/ImportAdvanceOrder).
 */
export async function postFile<T>(source: RequestContextSource, url: string, file: File, timeoutMs = 60_000): Promise<T> {
  const headers: Record<string, string> = {};
  const token = source.getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const tenantId = source.getTenantId();
  if (tenantId !== null) headers['Abp.TenantId'] = String(tenantId);
  const body = new FormData();
  body.append('file', file);
  let res: Response;
  try {
    res = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(timeoutMs) });
  } catch {
    throw new UploadError('网络异常，文件未上传，请重试', null);
  }
  const json = (await res.json().catch(() => null)) as { result?: T; error?: { message?: string; details?: string | null; validationErrors?: { message: string }[] | null } } | null;
  if (!res.ok || !json?.result) {
    const e = json?.error;
    throw new UploadError(e?.validationErrors?.[0]?.message ?? e?.details ?? e?.message ?? `HTTP ${res.status}`, res.status);
  }
  return json.result;
}

export const uploadFile = (source: RequestContextSource, file: File): Promise<UploadedFile> => postFile<UploadedFile>(source, fileUrl('uploadFile'), file);

/** The uploader for the signed-in user (routes call this and pass it down). */
export function useUploader(): Uploader {
  const auth = useAuth();
  return (file) => uploadFile(auth, file);
}
