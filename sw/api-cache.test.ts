// The worker's caching rules: what may be cached and under whose name.
import { describe, expect, it } from 'vitest';
import { NAVIGATION_DENYLIST, apiCacheName, isCacheableApiRead, API_CACHE_PREFIX } from './api-cache.ts';

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
});
