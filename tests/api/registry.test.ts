// Walks the whole service registry: every action has a permission and an implementation, refuses
// anonymous callers with 401 (unless declared public) and a malformed input with 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { services } from '#shared/contracts/index.ts';
import { actionUrl, type ActionDef, type ServiceDef } from '#shared/contracts/define.ts';
import { PERMISSION_NAMES } from '#shared/permissions.ts';
import { XLSX_TYPE } from '#shared/contracts/file.ts';
import { implementations } from '#server/modules/index.ts';
import { sideOf } from '#server/plugins/services.ts';
import { call, createTestApp, signIn, type Caller, type TestApp } from '../helpers/test-app.ts';
import { registerSeller } from '../factories/identity.ts';

const PUBLIC_ACTIONS = new Set([
  'TokenAuth.authenticate', 'AbpUserConfiguration.getAll', 'Session.getCurrentLoginInformations',
  'Account.isTenantAvailable', 'Account.register',
]);

const all: { service: ServiceDef; key: string; def: ActionDef }[] = Object.values(services as Record<string, ServiceDef>)
  .flatMap((service) => Object.entries(service.actions).map(([key, def]) => ({ service, key, def })));

type Def = { type: string; shape?: Record<string, z.ZodType>; innerType?: z.ZodType };
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;
function shapeOf(schema: z.ZodType): Record<string, z.ZodType> {
  let s = schema;
  while (['optional', 'nullable', 'default'].includes(defOf(s).type)) s = defOf(s).innerType!;
  return defOf(s).type === 'object' ? defOf(s).shape ?? {} : {};
}

const BODY_CANDIDATES: unknown[] = [{ nested: true }, 'not-a-number-xyz', -999999999999, 'x'.repeat(5000), [1, 2]];
const QUERY_CANDIDATES = ['not-a-number-xyz', 'x'.repeat(5000), '-999999999999'];

/** For each field, a value its schema rejects: the registry test's malformed input. */
function malformed(def: ActionDef): { input: Record<string, unknown>; member: string } | null {
  const isGet = def.method === 'GET' || def.method === 'DELETE';
  for (const [member, field] of Object.entries(shapeOf(def.input))) {
    for (const candidate of isGet ? QUERY_CANDIDATES : BODY_CANDIDATES) {
      if (!field.safeParse(candidate).success && !(isGet && field.safeParse(Number(candidate)).success)) return { input: { [member]: candidate }, member };
    }
  }
  return null;
}

describe('service registry', () => {
  it('every action declares a known permission or an explicit access kind', () => {
    for (const { service, key, def } of all) {
      const label = `${service.name}.${key}`;
      const ok = PERMISSION_NAMES.has(def.permission) || ['seller', 'authenticated'].includes(def.permission) || (def.permission === 'public' && PUBLIC_ACTIONS.has(label));
      expect(ok, `${label} has permission ${def.permission}`).toBe(true);
    }
  });

  it('every declared service has exactly one implementation, and nothing undeclared is implemented', () => {
    const declared = Object.values(services as Record<string, ServiceDef>);
    const implemented = implementations.map((i) => i.service);
    for (const s of declared) expect(implemented.filter((i) => i === s), s.name).toHaveLength(1);
    for (const s of implemented) expect(declared, s.name).toContain(s);
  });

  it('Front* services are the seller\'s and Back* services the staff\'s', () => {
    for (const { service, def } of all) {
      if (/^Front/.test(service.name)) expect(sideOf(service.name, def.permission), service.name).toBe(1);
      if (/^Back/.test(service.name)) expect(sideOf(service.name, def.permission), service.name).toBe(0);
    }
  });

  it('every URL is unique ignoring case', () => {
    const urls = all.map(({ service, key }) => actionUrl(service, key).toLowerCase());
    expect(new Set(urls).size).toBe(urls.length);
  });
});

describe('every action over HTTP', () => {
  let t: TestApp;
  let host: Caller;
  let admin: Caller;
  let seller: Caller;

  beforeAll(async () => {
    t = await createTestApp();
    host = await signIn(t.app, 'admin', '123qwe', null);
    admin = await signIn(t.app, 'admin', '123qwe', 1);
    seller = await registerSeller(t.app, 1);
  });
  afterAll(async () => t?.close());

  const callerFor = (service: ServiceDef, def: ActionDef): Caller => {
    if (def.permission === 'Pages.Tenants') return host;
    if (sideOf(service.name, def.permission) === 1) return seller;
    return admin;
  };

  it('refuses anonymous callers with 401 and the ABP envelope', async () => {
    for (const { service, key, def } of all) {
      if (def.permission === 'public') continue;
      const res = await call(t.app, def.method, actionUrl(service, key), { tenantId: 1 }, def.method === 'GET' || def.method === 'DELETE' ? undefined : {});
      expect(res.status, `${service.name}.${key}`).toBe(401);
      expect(res.body).toMatchObject({ success: false, unAuthorizedRequest: true, __abp: true, error: { message: '当前用户没有登录到系统！' } });
    }
  });

  it('refuses a malformed input with 400 naming the field', async () => {
    let checked = 0;
    for (const { service, key, def } of all) {
      const bad = malformed(def);
      if (!bad) continue; // no fields to get wrong (e.g. GetAll with no input)
      const res = await call(t.app, def.method, actionUrl(service, key), callerFor(service, def), bad.input);
      expect(res.status, `${service.name}.${key} with ${JSON.stringify(bad.input).slice(0, 80)}`).toBe(400);
      expect(res.body.error?.message).toBe('您的请求无效!');
      // The field itself, or an element of it (a list in a query string is read item by item: ids[0]).
      const names = (m: string) => m === bad.member || m.startsWith(`${bad.member}[`);
      expect(res.body.error?.validationErrors?.some((e) => e.members.some(names)), `${service.name}.${key} names ${bad.member}`).toBe(true);
      checked++;
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('refuses a caller of the other side with 403 before looking at the input', async () => {
    let checked = 0;
    for (const { service, key, def } of all) {
      const side = sideOf(service.name, def.permission);
      if (side === null || def.permission === 'Pages.Tenants') continue;
      const wrong = side === 1 ? admin : seller;
      const res = await call(t.app, def.method, actionUrl(service, key), wrong, def.method === 'GET' || def.method === 'DELETE' ? undefined : {});
      expect(res.status, `${service.name}.${key}`).toBe(403);
      expect(res.body).toMatchObject({ success: false, __abp: true, error: { message: '未授予所需的权限。' } });
      checked++;
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('refuses a POST body that is not a JSON object with 400, and bad JSON with 400', async () => {
    const arr = await call(t.app, 'POST', '/api/services/app/User/Create', admin, [1, 2, 3]);
    expect(arr.status).toBe(400);
    const res = await t.app.inject({ method: 'POST', url: '/api/services/app/User/Create', headers: { authorization: `Bearer ${admin.token}`, 'abp.tenantid': '1', 'content-type': 'application/json' }, payload: '{"userName": ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: { message: '您的请求无效!' } });
  });

  it('matches service and action names case-insensitively and takes ABP paging', async () => {
    const res = await call(t.app, 'GET', '/api/services/app/user/getall', admin, { SkipCount: 0, MaxResultCount: 1 });
    expect(res.status).toBe(200);
    expect(res.body.result.items).toHaveLength(1);
    expect(res.body.result.totalCount).toBeGreaterThanOrEqual(2);
  });

  it('answers an unknown API path with a 404 envelope', async () => {
    const res = await call(t.app, 'GET', '/api/services/app/Nope/Nothing', admin);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, __abp: true });
  });

  it('publishes an OpenAPI document listing the services', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/swagger/v1/swagger.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    for (const { service, key } of all) expect(Object.keys(doc.paths)).toContain(actionUrl(service, key));
    // File answers are described by their content type, uploads by their multipart body.
    const paths = doc.paths as Record<string, Record<string, { responses: Record<string, { content: Record<string, unknown> }>; requestBody?: { content: Record<string, unknown> } }>>;
    expect(Object.keys(paths['/api/File/GetExcelFlow']!.get!.responses['200']!.content)).toEqual([XLSX_TYPE]);
    expect(Object.keys(paths['/api/File/GetPdfbyte']!.get!.responses['200']!.content)).toEqual(['application/pdf']);
    expect(Object.keys(paths['/api/File/GetLogisticsImage']!.get!.responses['200']!.content)).toContain('image/jpeg');
    expect(Object.keys(paths['/api/File/UploadFile']!.post!.requestBody!.content)).toEqual(['multipart/form-data']);
  });
});
