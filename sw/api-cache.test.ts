// The worker's caching rules: what may be cached and under whose name.
import { describe, expect, it } from 'vitest';
import { NAVIGATION_DENYLIST, apiCacheName, isCacheableApiRead, isServersPage, API_CACHE_PREFIX } from './api-cache.ts';

const origin = 'https://wh.example.com';
const u = (p: string) => new URL(p, origin);

describe('service worker API cache rules', () => {
  it('caches only GET /api reads of a signed-in user, never files, tokens, posts or other origins', () => {
    expect(isCacheableApiRead(u('/api/services/app/WarehouseInfo/GetWarehouseInfoList?x=1'), 'GET', origin, 'Bearer a')).toBe(true);
    expect(isCacheableApiRead(u('/api/services/app/Logistics/SignByScan'), 'POST', origin, 'Bearer a')).toBe(false);
    expect(isCacheableApiRead(u('/api/File/DownloadFile?guid=1'), 'GET', origin, 'Bearer a')).toBe(false);
    expect(isCacheableApiRead(u('/api/TokenAuth/GetExternalAuthenticationProviders'), 'GET', origin, 'Bearer a')).toBe(false);
    expect(isCacheableApiRead(u('/api/services/app/Session/GetCurrentLoginInformations'), 'GET', origin, null)).toBe(false);
    expect(isCacheableApiRead(new URL('https://cdn.example.com/api/x'), 'GET', origin, 'Bearer a')).toBe(false);
    expect(isCacheableApiRead(u('/assets/index.js'), 'GET', origin, 'Bearer a')).toBe(false);
    expect(isCacheableApiRead(u('/AbpUserConfiguration/GetAll'), 'GET', origin, 'Bearer a')).toBe(true);
    expect(isCacheableApiRead(u('/AbpUserConfiguration/GetAll'), 'GET', origin, null)).toBe(false);
  });

  it('gives each user (token and tenant) a cache of their own', async () => {
    const a = await apiCacheName('Bearer a', '1');
    expect(a.startsWith(API_CACHE_PREFIX)).toBe(true);
    expect(await apiCacheName('Bearer a', '1')).toBe(a);
    expect(await apiCacheName('Bearer b', '1')).not.toBe(a);
    expect(await apiCacheName('Bearer a', '2')).not.toBe(a);
    expect(await apiCacheName('Bearer a', null)).not.toBe(a);
  });

  it('never answers API, swagger, realtime or payment paths with index.html', () => {
    const denied = (p: string) => NAVIGATION_DENYLIST.some((r) => r.test(p));
    for (const p of ['/api/services/app/X/Y', '/swagger', '/swagger/index.html', '/signalr', '/pay/notify', '/AbpUserConfiguration/GetAll', '/metrics', '/ready', '/Ready/']) expect(denied(p), p).toBe(true);
    for (const p of ['/', '/floor', '/back/intoLogistics', '/takephone/uploadpackageimg', '/apiary']) expect(denied(p), p).toBe(false);
  });

  it('leaves the server-rendered pages to the server: the fake Shopee that 授权店铺 opens, payment, probes', () => {
    const denied = (p: string) => NAVIGATION_DENYLIST.some((r) => r.test(p));
    for (const p of ['/shopee-sandbox/api/v2/shop/auth_partner', '/shopee-sandbox', '/pay/test/12', '/swagger/index.html', '/api/File/GetPdf',
      '/signalr', '/metrics', '/ready', '/health']) expect(denied(p), p).toBe(true);
    for (const p of ['/shop/authorize', '/frontstore/storeList', '/main/home', '/readymade', '/healthy-things']) expect(denied(p), p).toBe(false);
    // A page the server answers with a redirect (the sandbox's 授权) is shown as the server sent it, not the shell.
    expect(isServersPage({ ok: false, type: 'opaqueredirect' })).toBe(true);
    expect(isServersPage({ ok: true, type: 'basic' })).toBe(true);
    expect(isServersPage({ ok: false, type: 'basic' })).toBe(false);
  });
});
