// What the browser keeps about the session (spec 000 §2, §7):
// - the access token: with its expiry in localStorage when "记住我" is chosen, else in sessionStorage
//   (gone when the browser closes);
// - the encrypted token in the cookie enc_auth_token (the realtime connection sends it);
// - the chosen tenant in the cookie Abp.TenantId, the culture in Abp.Localization.CultureName;
// - the lock flag (1 locked / 0 unlocked) and the page to return to after unlocking.
// Nothing here renders or navigates; the guard and the screens read it.
import { getCookie, removeCookie, setCookie } from './cookies.ts';
import type { RequestContextSource } from './http.ts';
import {
  CULTURE_COOKIE, CULTURE_COOKIE_LIFETIME_MS, DEFAULT_CULTURE, ENC_AUTH_TOKEN_COOKIE, LOCK_FLAG, TENANT_COOKIE,
} from './constants.ts';

const TOKEN_KEY = 'haicang.auth';
const LOCK_KEY = 'haicang.locking';
const LAST_PAGE_KEY = 'haicang.lastPage';

interface StoredToken { accessToken: string; expiresAt: number | null }

export interface SignInResult { accessToken: string; encryptedAccessToken: string; expireInSeconds: number }

type Listener = () => void;

/** The session's token and lock flag, with change notification (the shell re-renders on both). */
export interface AuthStore extends RequestContextSource {
  isSignedIn(): boolean;
  signIn(result: SignInResult, remember: boolean, now?: number): void;
  signOut(): void;
  isLocked(): boolean;
  lock(lastPage: string): void;
  unlock(): string | null;
  lastPage(): string | null;
  subscribe(listener: Listener): () => void;
  /** Only changes made in another tab (its lock, unlock or sign-out). */
  onOtherTab(listener: Listener): () => void;
}

function readToken(storage: Storage, now: number): string | null {
  const raw = storage.getItem(TOKEN_KEY);
  if (!raw) return null;
  try {
    const t = JSON.parse(raw) as StoredToken;
    if (typeof t.accessToken !== 'string' || !t.accessToken) return null;
    if (t.expiresAt !== null && t.expiresAt <= now) {
      storage.removeItem(TOKEN_KEY);
      return null;
    }
    return t.accessToken;
  } catch {
    storage.removeItem(TOKEN_KEY);
    return null;
  }
}

export function createAuthStore(local: Storage = localStorage, session: Storage = sessionStorage): AuthStore {
  const listeners = new Set<Listener>();
  const otherTab = new Set<Listener>();
  const emit = () => { for (const l of listeners) l(); };
  // Another tab locking, unlocking or signing out.
  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (e) => {
      if (e.key !== null && e.key !== TOKEN_KEY && e.key !== LOCK_KEY) return;
      emit();
      for (const l of otherTab) l();
    });
  }

  const store: AuthStore = {
    getToken: () => readToken(session, Date.now()) ?? readToken(local, Date.now()),
    getTenantId: () => readTenantId(),
    getCulture: () => readCulture(),
    isSignedIn: () => store.getToken() !== null,
    signIn(result, remember, now = Date.now()) {
      const expiresAt = now + result.expireInSeconds * 1000;
      local.removeItem(TOKEN_KEY);
      session.removeItem(TOKEN_KEY);
      (remember ? local : session).setItem(TOKEN_KEY, JSON.stringify({ accessToken: result.accessToken, expiresAt } satisfies StoredToken));
      setCookie(ENC_AUTH_TOKEN_COOKIE, result.encryptedAccessToken, remember ? new Date(expiresAt) : undefined);
      local.setItem(LOCK_KEY, LOCK_FLAG.unlocked);
      emit();
    },
    signOut() {
      local.removeItem(TOKEN_KEY);
      session.removeItem(TOKEN_KEY);
      removeCookie(ENC_AUTH_TOKEN_COOKIE);
      // A lock screen without a session could never be unlocked.
      local.setItem(LOCK_KEY, LOCK_FLAG.unlocked);
      local.removeItem(LAST_PAGE_KEY);
      emit();
    },
    isLocked: () => local.getItem(LOCK_KEY) === LOCK_FLAG.locked,
    lock(lastPage) {
      local.setItem(LAST_PAGE_KEY, lastPage);
      local.setItem(LOCK_KEY, LOCK_FLAG.locked);
      emit();
    },
    unlock() {
      const last = local.getItem(LAST_PAGE_KEY);
      local.setItem(LOCK_KEY, LOCK_FLAG.unlocked);
      local.removeItem(LAST_PAGE_KEY);
      emit();
      return last;
    },
    lastPage: () => local.getItem(LAST_PAGE_KEY),
    subscribe(listener) {
      listeners.add(listener);
      return () => { listeners.delete(listener); };
    },
    onOtherTab(listener) {
      otherTab.add(listener);
      return () => { otherTab.delete(listener); };
    },
  };
  return store;
}

/** The chosen tenant (null = host), as ABP clients keep it. */
export function readTenantId(): number | null {
  const raw = getCookie(TENANT_COOKIE);
  if (!raw || raw === 'null') return null;
  const n = Number(raw);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

export function writeTenantId(tenantId: number | null): void {
  if (tenantId === null) removeCookie(TENANT_COOKIE);
  else setCookie(TENANT_COOKIE, String(tenantId), new Date(Date.now() + CULTURE_COOKIE_LIFETIME_MS));
}

export type Culture = 'zh-Hans' | 'en';

export function readCulture(): Culture {
  return getCookie(CULTURE_COOKIE) === 'en' ? 'en' : DEFAULT_CULTURE;
}

export function writeCulture(culture: Culture, now = Date.now()): void {
  setCookie(CULTURE_COOKIE, culture, new Date(now + CULTURE_COOKIE_LIFETIME_MS));
}

/** Start-up (spec §2): simplified Chinese unless a language was already chosen; either way the
 * cookie's lifetime starts again. */
export function ensureCultureCookie(now = Date.now()): void {
  writeCulture(readCulture(), now);
}
