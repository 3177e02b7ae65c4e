// Downloads a file the server builds (xlsx exports under /api/File/…) with the caller's token and
// tenant, and saves it under the name the server gives (Content-Disposition), else `fallbackName`.
import type { RequestContextSource } from './http.ts';

export async function downloadServerFile(source: RequestContextSource, path: string, query: Record<string, unknown>, fallbackName: string): Promise<void> {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue;
    params.set(k, Array.isArray(v) ? v.join(',') : String(v));
  }
  const headers: Record<string, string> = {};
  const token = source.getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const tenantId = source.getTenantId();
  if (tenantId !== null) headers['Abp.TenantId'] = String(tenantId);
  // Long exports are allowed up to 100 s (spec 001 §9).
  const res = await fetch(`${path}${params.size ? `?${params}` : ''}`, { headers, signal: AbortSignal.timeout(100_000) });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: { message?: string; details?: string } } | null;
    throw new Error(body?.error?.details ?? body?.error?.message ?? `HTTP ${res.status}`);
  }
  const disposition = res.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const name = encoded ? decodeURIComponent(encoded) : fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const a = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
