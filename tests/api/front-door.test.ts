// The front door (issue #10, #12 item 7; decision 0019): what ABP's own clients send (a tenant
// header that is no number, the culture header), CORS, NUL characters, oversized requests, headers.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signIn, svc, type Caller, type TestApp } from '../helpers/test-app.ts';
import { createUser, registerSeller } from '../factories/identity.ts';

describe('the front door', () => {
  let t: TestApp;
  let admin: Caller;
  beforeAll(async () => {
    t = await createTestApp({}, { corsOrigins: ['http://localhost:4200'] });
    admin = await signIn(t.app, 'admin', '123qwe', 1);
  });
  afterAll(async () => t?.close());

  describe('Abp.TenantId', () => {
    it('means the host when it is no tenant number, as ABP\'s client sends it on a first visit', async () => {
      for (const value of ['[object Object]', 'null', '', 'undefined', '1.5', '-1']) {
        const res = await call(t.app, 'GET', svc('Session', 'GetCurrentLoginInformations'), {}, undefined, { 'abp.tenantid': value });
        expect(res.status, value).toBe(200);
        expect(res.body.result.tenant, value).toBeNull();
      }
    });

    it('falls back to the Abp.TenantId cookie when the header names no tenant', async () => {
      const headers = { 'abp.tenantid': 'null', cookie: 'Abp.TenantId=1' };
      const res = await call(t.app, 'GET', svc('Session', 'GetCurrentLoginInformations'), {}, undefined, headers);
      expect(res.body.result.tenant).toMatchObject({ id: 1, tenancyName: 'Default' });
    });
  });

  it('answers 403 with unAuthorizedRequest true, as ABP does for 401 and 403', async () => {
    const seller = await registerSeller(t.app, 1);
    const res = await call(t.app, 'GET', svc('Role', 'GetAll'), seller);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, unAuthorizedRequest: true, error: { message: '未授予所需的权限。' } });
  });

  describe('the language of messages', () => {
    const notFound = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/services/app/Nope/Nothing', headers });

    it('follows the .AspNetCore.Culture header, written by ASP.NET Core or bare as ABP\'s client sends it', async () => {
      for (const culture of ['c=en|uic=en', 'en', 'en-US', 'uic=en-GB']) {
        const res = await notFound({ '.aspnetcore.culture': culture });
        expect(res.statusCode).toBe(404);
        expect(res.json().error, culture).toMatchObject({
          message: 'There is no such entity.', details: 'There is no GET /api/services/app/Nope/Nothing endpoint.',
        });
      }
      expect((await notFound({ '.aspnetcore.culture': 'c=zh-Hans|uic=zh-Hans' })).json().error.message).toBe('没有找到对应的实体');
    });

    it('follows the .AspNetCore.Culture cookie, then Abp.Localization.CultureName; Chinese otherwise', async () => {
      expect((await notFound({ cookie: '.AspNetCore.Culture=c%3Den%7Cuic%3Den' })).json().error.message).toBe('There is no such entity.');
      expect((await notFound({ cookie: 'Abp.Localization.CultureName=en-US' })).json().error.message).toBe('There is no such entity.');
      // The header wins over the cookie; a culture we do not have counts as none.
      const cookie = 'Abp.Localization.CultureName=en';
      expect((await notFound({ '.aspnetcore.culture': 'zh-Hans', cookie })).json().error.message).toBe('没有找到对应的实体');
      expect((await notFound({ '.aspnetcore.culture': 'fr', cookie })).json().error.message).toBe('There is no such entity.');
      expect((await notFound({})).json().error.message).toBe('没有找到对应的实体');
    });

    it('says 401, 403 and validation errors in English too', async () => {
      const en = { '.aspnetcore.culture': 'c=en|uic=en' };
      const anonymous = await call(t.app, 'GET', svc('User', 'GetAll'), { tenantId: 1 }, undefined, en);
      expect(anonymous.body.error!.message).toBe('Current user did not login to the application!');
      const seller = await registerSeller(t.app, 1);
      const forbidden = await call(t.app, 'GET', svc('User', 'GetAll'), seller, undefined, en);
      expect(forbidden.body.error!.message).toBe('Required permissions are not granted.');
      const input = { userName: 'x', password: '1', emailAddress: 'not-an-email' };
      const bad = await call(t.app, 'POST', svc('User', 'Create'), admin, input, en);
      expect(bad.status).toBe(400);
      expect(bad.body.error!.message).toBe('Your request is not valid!');
      expect(bad.body.error!.details).toMatch(/^The following errors were detected during validation\./);
      // zod's own messages in English; none of them Chinese.
      expect(bad.body.error!.validationErrors!.map((e) => e.message).join(' ')).not.toMatch(/[\u4e00-\u9fff]/);
    });

    it('prefers the user\'s own language setting, as ABP does', async () => {
      const staff = await createUser(t.app, admin, { roleNames: ['Warehouse'] });
      const me = await signIn(t.app, staff.userName, staff.password, 1);
      expect((await call(t.app, 'POST', svc('User', 'ChangeLanguage'), me, { languageName: 'en' })).status).toBe(200);
      const res = await call(t.app, 'GET', svc('User', 'GetAll'), me, undefined, { '.aspnetcore.culture': 'zh-Hans' });
      expect(res.status).toBe(403);
      expect(res.body.error!.message).toBe('Required permissions are not granted.');
    });
  });

  describe('CORS', () => {
    const preflight = (origin: string) => t.app.inject({
      method: 'OPTIONS', url: svc('Session', 'GetCurrentLoginInformations'),
      headers: {
        origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization,abp.tenantid,.aspnetcore.culture',
      },
    });

    it('answers the preflight of a configured origin, allowing ABP\'s headers', async () => {
      const res = await preflight('http://localhost:4200');
      expect(res.statusCode).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe('http://localhost:4200');
      const allowed = String(res.headers['access-control-allow-headers']).toLowerCase().split(/,\s*/);
      expect(allowed).toEqual(expect.arrayContaining([
        'authorization', 'content-type', 'abp.tenantid', '.aspnetcore.culture', 'idempotency-key',
      ]));
      expect(res.headers['access-control-allow-methods']).toContain('POST');
    });

    it('lets that origin read answers, errors included', async () => {
      const origin = { origin: 'http://localhost:4200' };
      const ok = await call(t.app, 'GET', svc('Session', 'GetCurrentLoginInformations'), {}, undefined, origin);
      expect(ok.headers['access-control-allow-origin']).toBe('http://localhost:4200');
      const refused = await call(t.app, 'GET', svc('User', 'GetAll'), { tenantId: 1 }, undefined, origin);
      expect(refused.status).toBe(401);
      expect(refused.headers['access-control-allow-origin']).toBe('http://localhost:4200');
    });

    it('gives another origin no Access-Control-Allow-Origin', async () => {
      const res = await preflight('http://evil.example');
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      const get = await call(t.app, 'GET', svc('Session', 'GetCurrentLoginInformations'), {}, undefined, { origin: 'http://evil.example' });
      expect(get.status).toBe(200);
      expect(get.headers['access-control-allow-origin']).toBeUndefined();
    });
  });

  describe('NUL characters', () => {
    it('refuses U+0000 in a query string with 400 naming the field', async () => {
      const headers = { authorization: `Bearer ${admin.token}`, 'abp.tenantid': '1' };
      const res = await t.app.inject({ method: 'GET', url: `${svc('User', 'GetAll')}?Keyword=a%00b`, headers });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.validationErrors).toEqual([{ message: '不能包含空字符 (U+0000)', members: ['keyword'] }]);
    });

    it('refuses it anywhere in a body, nested fields and unknown fields alike, and writes nothing', async () => {
      const input = {
        userName: 'nul\u0000user', name: 'N', surname: '', emailAddress: 'nul@example.com', password: 'secret123',
        roleNames: ['Ware\u0000house'],
      };
      const res = await call(t.app, 'POST', svc('User', 'Create'), admin, input);
      expect(res.status).toBe(400);
      expect(res.body.error!.validationErrors!.map((e) => e.members[0])).toEqual(['userName', 'roleNames[0]']);
      const found = await call(t.app, 'GET', svc('User', 'GetAll'), admin, { keyword: 'nul' });
      expect(found.body.result.items).toEqual([]);
    });
  });

  describe('oversized requests', () => {
    it('answers a 30 MB body with 413 in the envelope', async () => {
      const res = await t.app.inject({
        method: 'POST', url: svc('User', 'Create'),
        headers: { authorization: `Bearer ${admin.token}`, 'abp.tenantid': '1', 'content-type': 'application/json' },
        payload: JSON.stringify({ userName: 'x'.repeat(30 * 1024 * 1024) }),
      });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ success: false, __abp: true, error: { message: '您的请求无效!', details: '请求体过大。' } });
    });

    it('answers a URL the router cannot decode with 400 in the envelope, with the security headers', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/services/app/User/GetAll%zz', headers: { '.aspnetcore.culture': 'en' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, __abp: true, error: { message: 'Your request is not valid!' } });
      expect(res.json().error.details).toBe('The request URL is not valid.');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    });

    it('answers a 20 KB header with 431 in the envelope (a real listening server: Node parses the headers)', async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const res = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const path = svc('Session', 'GetCurrentLoginInformations');
        const req = http.get({ host: '127.0.0.1', port, path, headers: { 'x-big': 'a'.repeat(20 * 1024) } }, (r) => {
          let body = '';
          r.setEncoding('utf8').on('data', (c: string) => { body += c; }).on('end', () => resolve({ status: r.statusCode ?? 0, body }));
        });
        req.on('error', reject);
      });
      expect(res.status).toBe(431);
      expect(JSON.parse(res.body)).toMatchObject({ success: false, __abp: true, error: { message: '您的请求无效!', details: '请求头过大。' } });
    });
  });

  describe('security headers', () => {
    it('puts a CSP, nosniff and a Referrer-Policy on API answers', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/AbpUserConfiguration/GetAll' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    });

    it('adds HSTS when the request came over TLS through the proxy', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/AbpUserConfiguration/GetAll', headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    });

    it('gives Swagger UI a policy of its own that still runs its scripts', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/swagger/' });
      expect(res.statusCode).toBe(200);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
    });
  });
});
