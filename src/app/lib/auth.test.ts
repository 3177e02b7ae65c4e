import { beforeEach, describe, expect, it } from 'vitest';
import { getCookie, removeCookie } from './cookies.ts';
import { createAuthStore, ensureCultureCookie, readCulture, readTenantId, writeCulture, writeTenantId } from './auth.ts';
import { CULTURE_COOKIE_LIFETIME_MS } from './constants.ts';

const result = { accessToken: 'access-1', encryptedAccessToken: 'enc-1', expireInSeconds: 3600 };

describe('session storage (spec 000 §2, §7)', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    for (const name of ['enc_auth_token', 'Abp.TenantId', 'Abp.Localization.CultureName']) removeCookie(name);
  });

  it('without 记住我 the token lives in sessionStorage; the encrypted token goes in enc_auth_token', () => {
    const auth = createAuthStore();
    auth.signIn(result, false);
    expect(auth.getToken()).toBe('access-1');
    expect(sessionStorage.getItem('haicang.auth')).toContain('access-1');
    expect(localStorage.getItem('haicang.auth')).toBeNull();
    expect(getCookie('enc_auth_token')).toBe('enc-1');
  });

  it('with 记住我 the token is kept with its expiry in localStorage, and is gone once expired', () => {
    const auth = createAuthStore();
    const now = Date.now();
    auth.signIn(result, true, now - 3_601_000);
    expect(sessionStorage.getItem('haicang.auth')).toBeNull();
    expect(JSON.parse(localStorage.getItem('haicang.auth')!)).toEqual({ accessToken: 'access-1', expiresAt: now - 1000 });
    expect(auth.getToken()).toBeNull();
    expect(auth.isSignedIn()).toBe(false);
    auth.signIn(result, true);
    expect(createAuthStore().getToken()).toBe('access-1');
  });

  it('signing out forgets the token, the encrypted token and the lock', () => {
    const auth = createAuthStore();
    auth.signIn(result, true);
    auth.lock('/setting/user');
    auth.signOut();
    expect(auth.getToken()).toBeNull();
    expect(getCookie('enc_auth_token')).toBeNull();
    expect(auth.isLocked()).toBe(false);
  });

  it('locking sets the flag to 1 and remembers the page; unlocking sets 0 and returns it', () => {
    const auth = createAuthStore();
    auth.signIn(result, false);
    auth.lock('/setting/user?page=2');
    expect(localStorage.getItem('haicang.locking')).toBe('1');
    expect(createAuthStore().isLocked()).toBe(true);
    expect(auth.unlock()).toBe('/setting/user?page=2');
    expect(localStorage.getItem('haicang.locking')).toBe('0');
    expect(auth.isLocked()).toBe(false);
  });

  it('the chosen tenant is the Abp.TenantId cookie; none is the host', () => {
    expect(readTenantId()).toBeNull();
    writeTenantId(1);
    expect(getCookie('Abp.TenantId')).toBe('1');
    expect(createAuthStore().getTenantId()).toBe(1);
    writeTenantId(null);
    expect(readTenantId()).toBeNull();
  });

  it('start-up sets the culture cookie to zh-Hans unless a language was chosen', () => {
    ensureCultureCookie();
    expect(getCookie('Abp.Localization.CultureName')).toBe('zh-Hans');
    writeCulture('en');
    ensureCultureCookie();
    expect(readCulture()).toBe('en');
    // about 182 days
    expect(CULTURE_COOKIE_LIFETIME_MS / 86_400_000).toBeCloseTo(182.5, 1);
  });
});
