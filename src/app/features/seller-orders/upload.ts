// File uploads of the seller's screens (label PDFs, parcel photos): POST /api/File/UploadFile
// multipart, with the same bearer token and tenant as the api client (DOMAIN §9). Screens get the
// uploader as a prop from their route, so component tests hand in a fake one.
import { useAuth } from '../../lib/use-auth.ts';
import type { RequestContextSource } from '../../lib/http.ts';

export interface UploadedFile { guid: string; fileName: string; contentType: string; size: number }
export type Uploader = (file: File) => Promise<UploadedFile>;

export async function uploadFile(source: RequestContextSource, file: File): Promise<UploadedFile> {
  const headers: Record<string, string> = {};
  const token = source.getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const tenantId = source.getTenantId();
  if (tenantId !== null) headers['Abp.TenantId'] = String(tenantId);
  const body = new FormData();
  body.append('file', file);
  const res = await fetch('/api/File/UploadFile', { method: 'POST', headers, body, signal: AbortSignal.timeout(60_000) });
  const json = (await res.json().catch(() => null)) as { result?: UploadedFile; error?: { message?: string; details?: string } } | null;
  if (!res.ok || !json?.result) throw new Error(json?.error?.details ?? json?.error?.message ?? `HTTP ${res.status}`);
  return json.result;
}

/** The uploader for the signed-in user (routes call this and pass it down). */
export function useUploader(): Uploader {
  const auth = useAuth();
  return (file) => uploadFile(auth, file);
}

export const imageUrl = (guid: string) => `/api/File/GetLogisticsImage?guid=${encodeURIComponent(guid)}`;
export const userImageUrl = (guid: string) => `/api/File/GetUserUploadImage?guid=${encodeURIComponent(guid)}`;
export const pdfUrl = (guid: string) => `/api/File/GetPdf?guid=${encodeURIComponent(guid)}`;
/** DOMAIN §0: a link is built only when the guid is longer than 1 character. */
export const hasGuid = (guid: string | null | undefined): guid is string => !!guid && guid.length > 1;
