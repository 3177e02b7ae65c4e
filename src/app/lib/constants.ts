// The console's global constants (spec 000 §9). One place, so a test or a screen never repeats a number.

/** Left menu width, expanded and collapsed (spec §2, §9). */
export const SIDEBAR_WIDTH = 256;
export const SIDEBAR_COLLAPSED_WIDTH = 80;

/** A lazily loaded chunk that has not arrived after this long is treated as failed (spec §9). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** The notice panel's spinner hides after this long even when the list is still loading (spec §2). */
export const NOTICE_SPINNER_MS = 2_000;

/** Every toast is cleared after this long (spec §8). */
export const TOAST_AUTO_CLOSE_MS = 1_000;

/**
 * The culture cookie's lifetime. The spec says "about 182 days" and quotes 157,680,000,000 ms, which
 * is five years (ABP's own default); "about 182 days" is the stated fact, 15,768,000,000 ms is 182.5
 * days (the quoted digits with one zero fewer). See the report of issue 3.
 */
export const CULTURE_COOKIE_LIFETIME_MS = 15_768_000_000;

/**
 * The localisation source (spec §9). Equal to LOCALIZATION_SOURCE in shared/i18n (a test checks it);
 * not imported from there, since that module carries both dictionaries into the entry chunk.
 */
export const LOCALIZATION_SOURCE_NAME = 'Warehouse';

export const CULTURE_COOKIE = 'Abp.Localization.CultureName';
export const DEFAULT_CULTURE = 'zh-Hans';
export const TENANT_COOKIE = 'Abp.TenantId';
export const ENC_AUTH_TOKEN_COOKIE = 'enc_auth_token';

/** Lock flag values in storage (spec §4, §9). */
export const LOCK_FLAG = { locked: '1', unlocked: '0' } as const;

/** Where a signed-in user lands. */
export const HOME_PATH = '/main/home';
/** 作业首页: the floor app's home (the manifest's start URL). */
export const FLOOR_HOME_PATH = '/floor';
export const SIGN_IN_PATH = '/';
export const LOCK_PATH = '/locking';
export const SHOP_AUTH_SUCCESS_PATH = '/frontauthorization/success';
export const SHOP_AUTH_CANCEL_PATH = '/frontauthorization/cancel';
