// Downloads a file the server builds (the File service's xlsx exports, a link from fileUrl()) with the
// caller's token and tenant, and saves it under the name the server gives (Content-Disposition),
// else `fallbackName`.
import type { RequestContextSource } from './http.ts';

export async function downloadServerFile(source: RequestContextSource, url: string, fallbackName: string): Promise<void> {
  const headers: Record<string, string> = {};
  const token = source.getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const tenantId = source.getTenantId();
  if (tenantId !== null) headers['Abp.TenantId'] = String(tenantId);
  // Long exports are allowed up to 100 s (spec 001 §9).
  const res = await fetch(url, { headers, signal: AbortSignal.timeout(100_000) });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: { message?: string; details?: string } } | null;
    throw new Error(body?.error?.details ?? body?.error?.message ?? `HTTP ${res.status}`);
  }
  const disposition = res.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const name = encoded ? decodeURIComponent(encoded) : fallbackName;
  const objectUrl = URL.createObjectURL(await res.blob());
  const a = Object.assign(document.createElement('a'), { href: objectUrl, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
}
