// The request core (decision 0022) against a scripted fetch: the headers, URL and body it builds,
// the envelope it reads, and the kinds of failure the screens and the outbox tell apart.
import { describe, expect, it, vi } from 'vitest';
import { buildRequest } from '#shared/api-client.ts';
import { services } from '#shared/contracts/index.ts';
import { ApiError, createHttpTransport } from './http.ts';
import { presentError } from './error-catalogue.ts';
import { queryString, sendRequest } from './request.ts';

const source = { getToken: () => 'tok', getTenantId: () => 1, getCulture: () => 'zh-Hans' };
const json = (status: number, data: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(data), { status, headers: { 'Content-Type': 'application/json', ...headers } });

function scripted(reply: () => Response | Promise<Response>) {
  const seen: { url: string; init: RequestInit }[] = [];
  const fn = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    seen.push({ url: String(url), init: init! });
    return reply();
  });
  return { fetch: fn as unknown as typeof fetch, seen };
}

describe('request core (spec 000 §7)', () => {
  it('sends the bearer token, the tenant, culture and Idempotency-Key headers, and reads result', async () => {
    const { fetch, seen } = scripted(() => json(200, { result: { ok: 1 }, success: true }));
    const send = createHttpTransport(source, fetch);
    await expect(send(buildRequest(services.logistics, 'signByScan', { shipment: 'YT1', warehouseInfoId: 7 }), { idempotencyKey: 'k-1' }))
      .resolves.toEqual({ ok: 1 });
    const headers = seen[0]!.init.headers as Record<string, string>;
    expect(headers).toMatchObject({
      Authorization: 'Bearer tok', 'Abp.TenantId': '1', '.AspNetCore.Culture': 'c=zh-Hans|uic=zh-Hans', 'Idempotency-Key': 'k-1', 'Content-Type': 'application/json',
    });
    expect(seen[0]!.url).toBe('/api/services/app/Logistics/SignByScan');
    expect(JSON.parse(String(seen[0]!.init.body))).toEqual({ shipment: 'YT1', warehouseInfoId: 7 });
  });

  it('puts GET input in the query string (arrays repeat the name) and sends no body', async () => {
    const { fetch, seen } = scripted(() => json(200, { result: null }));
    await sendRequest(source, buildRequest(services.user, 'getAll', { currentPage: 1, keyword: undefined }), { fetch });
    expect(seen[0]!.url).toBe('/api/services/app/User/GetAll?currentPage=1');
    expect(seen[0]!.init.body).toBeUndefined();
    expect(queryString({ ids: [1, 2], at: new Date('2026-01-02T03:04:05Z'), none: null })).toBe('?ids=1&ids=2&at=2026-01-02T03%3A04%3A05.000Z');
  });

  it('turns the ABP error envelope into an ApiError with message, details, the 401 flag and Retry-After', async () => {
    const denied = scripted(() => json(401, { error: { message: '登录失败!', details: '用户名或密码无效。' }, unAuthorizedRequest: true }));
    const error = await createHttpTransport(source, denied.fetch)(buildRequest(services.tokenAuth, 'authenticate', { userNameOrEmailAddress: 'a', password: 'b' }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'http', status: 401, message: '登录失败!', details: '用户名或密码无效。', unAuthorizedRequest: true });
    const busy = scripted(() => json(429, { error: { message: '请求太频繁' } }, { 'Retry-After': '20' }));
    await expect(sendRequest(source, { method: 'POST', url: '/x' }, { fetch: busy.fetch })).rejects.toMatchObject({ kind: 'http', status: 429, retryAfter: '20' });
    const proxy = scripted(() => new Response('<html>Bad Gateway</html>', { status: 502 }));
    await expect(sendRequest(source, { method: 'POST', url: '/x' }, { fetch: proxy.fetch })).rejects.toMatchObject({ kind: 'http', status: 502, message: 'HTTP 502' });
  });

  it('a 403 is no sign-out, though the server flags it unAuthorizedRequest as ABP does', async () => {
    const forbidden = scripted(() => json(403, { error: { message: '未授予所需的权限。' }, unAuthorizedRequest: true }));
    const error = await createHttpTransport(source, forbidden.fetch)(buildRequest(services.role, 'getAll', {})).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'http', status: 403, unAuthorizedRequest: false });
    expect(presentError(error as ApiError)).toMatchObject({ type: 'dialog', title: '业务错误：', content: '未授予所需的权限。' });
  });

  it('no answer and a timeout are their own kinds', async () => {
    const down = scripted(() => Promise.reject(new TypeError('Failed to fetch')));
    const req = buildRequest(services.session, 'getCurrentLoginInformations', {});
    await expect(sendRequest(source, req, { fetch: down.fetch })).rejects.toMatchObject({ kind: 'network', status: null });
    const slow = vi.fn((_url: RequestInfo | URL, init?: RequestInit) => new Promise<Response>((_resolve, reject) => {
      init!.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    }));
    await expect(sendRequest(source, req, { fetch: slow as unknown as typeof fetch, timeout: 10 })).rejects.toMatchObject({ kind: 'timeout' });
  });
});
