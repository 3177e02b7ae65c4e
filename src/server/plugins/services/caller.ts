// Who is calling (the tenant, the token or the cookie) and in which language he is answered.
import type { FastifyRequest } from 'fastify';
import type { CurrentUser, Deps, Language } from '../../framework.ts';
import { unauthorized } from '../../lib/errors.ts';
import type { Principal } from '../../lib/tokens.ts';
import { parseCookies } from '../../lib/cookies.ts';
import type { TenantId } from '../../db/client.ts';

export const TENANT_HEADERS = ['abp.tenantid', 'abp-tenantid'] as const;
export const TENANT_COOKIE = 'Abp.TenantId';
export const CULTURE_COOKIE = 'Abp.Localization.CultureName';
/** ASP.NET Core's culture cookie; ABP reads a header of the same name first. */
export const ASPNET_CULTURE_COOKIE = '.AspNetCore.Culture';
export const CULTURE_HEADER = '.aspnetcore.culture';

/**
 * The tenant a request names (ABP's HttpHeaderTenantResolveContributor, then the cookie): the
 * Abp.TenantId header, else the cookie. A value that is not a tenant number (`null`, empty,
 * `[object Object]` — what ABP's own clients send before a tenant is chosen) names no tenant: the host.
 */
export function requestedTenant(req: FastifyRequest): TenantId {
  const tenantOf = (raw: string | undefined) => (raw !== undefined && /^\s*\d{1,15}\s*$/.test(raw) && Number(raw) > 0 ? Number(raw) : null);
  for (const h of TENANT_HEADERS) {
    const v = req.headers[h];
    const id = typeof v === 'string' ? tenantOf(v) : null;
    if (id !== null) return id;
  }
  return tenantOf(parseCookies(req.headers.cookie)[TENANT_COOKIE]);
}

export async function authenticate(deps: Deps, req: FastifyRequest): Promise<{ principal: Principal | null; tokenInvalid: boolean }> {
  const header = req.headers.authorization;
  if (!header || !/^Bearer\s+/i.test(header)) return { principal: null, tokenInvalid: false };
  const principal = await deps.tokens.verify(header.replace(/^Bearer\s+/i, '').trim());
  return { principal, tokenInvalid: principal === null };
}

const ENC_AUTH_COOKIE = 'enc_auth_token';

/**
 * Who is calling, for every registry route: a bearer token whose tenant
 * matches Abp.TenantId. `allowCookie`: GET links opened by <img> or a new window carry the
 * enc_auth_token cookie instead (never for uploads, so a foreign page cannot post with it).
 * `optional`: anonymous callers pass (an invalid token then counts as none). Otherwise 401.
 */
export async function identifyCaller(
  deps: Deps, req: FastifyRequest, options: { allowCookie?: boolean; optional?: boolean; ignoreToken?: boolean } = {},
): Promise<{ tenantId: TenantId; principal: Principal | null }> {
  const tenantId = requestedTenant(req);
  if (options.ignoreToken) return { tenantId, principal: null };
  let { principal, tokenInvalid } = await authenticate(deps, req);
  if (!principal && !tokenInvalid && options.allowCookie) {
    const encrypted = parseCookies(req.headers.cookie)[ENC_AUTH_COOKIE];
    if (encrypted) {
      principal = await deps.tokens.verifyEncrypted(encrypted);
      tokenInvalid = principal === null;
    }
  }
  if (principal && principal.tenantId !== tenantId) throw unauthorized('登录令牌与请求的租户 (Abp.TenantId) 不一致，请重新登录。');
  if (tokenInvalid && !options.optional) throw unauthorized('登录已过期或令牌无效，请重新登录。');
  if (!principal && !options.optional) throw unauthorized();
  (req as FastifyRequest & { principal?: Principal | null }).principal = principal;
  return { tenantId, principal };
}

/**
 * A culture name as ASP.NET Core writes it (`c=en|uic=en`, the .AspNetCore.Culture cookie and ABP's
 * header of the same name) or bare (`en-US`, `zh-Hans`, what ABP's clients put in that header): the
 * UI culture decides. A culture we do not have counts as none, so the next source is asked.
 */
export function cultureLanguage(raw: string | undefined): Language | null {
  if (!raw) return null;
  const parts = raw.split('|').map((p) => p.trim());
  const uic = parts.find((p) => p.startsWith('uic='))?.slice(4);
  const c = parts.find((p) => p.startsWith('c='))?.slice(2);
  const name = (uic || c || (parts.length === 1 && !raw.includes('=') ? parts[0] : '') || '').toLowerCase();
  if (name === 'en' || name.startsWith('en-')) return 'en';
  if (name === 'zh' || name.startsWith('zh-')) return 'zh-Hans';
  return null;
}

const LANGUAGE = new WeakMap<FastifyRequest, Language>();

/**
 * The language of a request's messages, in ABP's order (UseAbpRequestLocalization): the user's own
 * setting, the .AspNetCore.Culture header, the .AspNetCore.Culture cookie, then the
 * Abp.Localization.CultureName cookie (abp.js); simplified Chinese when none names one we have.
 * Accept-Language is not asked: the console is Chinese unless someone chose English.
 */
export function requestLanguage(req: FastifyRequest, user?: CurrentUser | null): Language {
  if (user === undefined) {
    const known = LANGUAGE.get(req);
    if (known) return known;
  }
  const header = req.headers[CULTURE_HEADER];
  const cookies = parseCookies(req.headers.cookie);
  const language = cultureLanguage(user?.language ?? undefined) ?? cultureLanguage(typeof header === 'string' ? header : undefined)
    ?? cultureLanguage(cookies[ASPNET_CULTURE_COOKIE]) ?? cultureLanguage(cookies[CULTURE_COOKIE]) ?? 'zh-Hans';
  if (user !== undefined) LANGUAGE.set(req, language);
  return language;
}
