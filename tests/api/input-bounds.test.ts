// Issue 42 items 4 and 5a–c: inputs past what the database holds are the caller's 400, never a 500
// nor a wrong day charged — impossible calendar days, whole numbers past their column, JSON nested
// beyond any use, U+0000 in a body whatever route it was sent to.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { services } from '#shared/contracts/index.ts';
import { EXPORT_SELECTED_MAX } from '#shared/contracts/file.ts';
import { actionUrl, INT4_MAX, type ActionDef, type ServiceDef } from '#shared/contracts/define.ts';
import { sideOf } from '#server/plugins/services.ts';
import { call, createTestApp, rowsOf, signIn, svc, type Caller, type TestApp } from '../helpers/test-app.ts';
import { registerSeller } from '../factories/identity.ts';

type Def = { type: string; shape?: Record<string, z.ZodType>; innerType?: z.ZodType; element?: z.ZodType; checks?: { _zod: { def: { check: string; value?: number } } }[] };
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;
const unwrap = (s: z.ZodType): z.ZodType => (['optional', 'nullable', 'default'].includes(defOf(s).type) ? unwrap(defOf(s).innerType!) : s);
const isInt = (s: z.ZodType) => defOf(s).type === 'number' && (s as z.ZodNumber).isInt === true;
/** An int its contract declares wider than INT4 on purpose (stored as bigint): a clean answer is enough. */
const SMALLINT_MAX = 32_767;
const declaredWide = (s: z.ZodType) => (defOf(s).checks ?? []).some((c) => c._zod.def.check === 'less_than' && (c._zod.def.value ?? 0) > INT4_MAX);

/** Every top-level whole-number field of every action, or list of them, with the value just past INT4. */
function intFields(): { service: ServiceDef; key: string; def: ActionDef; member: string; value: unknown; wide: boolean }[] {
  const out = [];
  for (const service of Object.values(services as Record<string, ServiceDef>)) {
    for (const [key, def] of Object.entries(service.actions)) {
      const top = unwrap(def.input);
      for (const [member, field] of Object.entries(defOf(top).type === 'object' ? defOf(top).shape ?? {} : {})) {
        const f = unwrap(field);
        if (isInt(f)) out.push({ service, key, def, member, value: INT4_MAX + 1, wide: declaredWide(f) });
        else if (defOf(f).type === 'array' && isInt(unwrap(defOf(f).element!))) {
          out.push({ service, key, def, member, value: [INT4_MAX + 1], wide: declaredWide(unwrap(defOf(f).element!)) });
        }
      }
    }
  }
  return out;
}

describe('inputs past what the database holds', () => {
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

  const namesField = (body: { error: { validationErrors: { members: string[] }[] | null } | null }, member: string) =>
    body.error?.validationErrors?.some((e) => e.members.some((m) => m === member || m.startsWith(`${member}[`))) ?? false;

  describe('StorageFee/RunDaily?day', () => {
    const runDaily = (day: string) => call(t.app, 'POST', `${svc('StorageFee', 'RunDaily')}?day=${day}`, admin);

    it('refuses a day the calendar does not have with 400 naming day, and charges nothing', async () => {
      const flows = async () => t.database.withTenant(1, async (tx) => rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from account_flows`))[0]!.n);
      const flowsBefore = await flows();
      // 09-31 would be read as 10-01 and charged under a second name; 02-31 was a 200; 00 and year 0 were 500s.
      for (const day of ['2026-09-31', '2026-02-31', '2026-02-29', '2026-11-00', '2026-13-01', '0000-01-01', '2026-9-30']) {
        const res = await runDaily(day);
        expect(res.status, `${day}: ${JSON.stringify(res.body.error)}`).toBe(400);
        expect(res.body).toMatchObject({ success: false, __abp: true, error: { message: '您的请求无效!' } });
        expect(namesField(res.body, 'day'), day).toBe(true);
      }
      expect(await flows()).toBe(flowsBefore);
    });

    it('still runs a real day, a leap day included', async () => {
      for (const day of ['2024-02-29', '2026-09-30']) {
        const res = await runDaily(day);
        expect(res.status, `${day}: ${JSON.stringify(res.body.error)}`).toBe(200);
        expect(res.body.result.day).toBe(day);
      }
    });

    it('holds every date-only and dated filter to the calendar: statistics days and list times alike', async () => {
      const stats = await call(t.app, 'GET', svc('StatisticalRecords', 'GetSignForLogisticsStatisticalList'), admin, { startTime: '2026-02-31', endTime: '2026-03-01' });
      expect(stats.status).toBe(400);
      expect(namesField(stats.body, 'startTime')).toBe(true);
      // Year 0 in an instant: PostgreSQL refuses it (a 500 before).
      const list = await call(t.app, 'GET', svc('BackOrder', 'GetOrderList'), admin, { timeFrom: '0000-01-01T00:00:00Z' });
      expect(list.status, JSON.stringify(list.body.error)).toBe(400);
      expect(namesField(list.body, 'timeFrom')).toBe(true);
    });
  });

  describe('whole numbers past their column', () => {
    it('BackOrder and FrontOrder GetOrderList refuse orderType 2147483648 with 400 naming it', async () => {
      for (const [service, who] of [['BackOrder', admin], ['FrontOrder', seller]] as const) {
        const res = await call(t.app, 'GET', svc(service, 'GetOrderList'), who, { orderType: 2147483648 });
        expect(res.status, `${service}: ${JSON.stringify(res.body.error)}`).toBe(400);
        expect(namesField(res.body, 'orderType')).toBe(true);
        const low = await call(t.app, 'GET', svc(service, 'GetOrderList'), who, { orderType: -2147483649 });
        expect(low.status).toBe(400);
        // Its column is a smallint: past it is a 400 too, inside it a list (empty: no such type).
        expect((await call(t.app, 'GET', svc(service, 'GetOrderList'), who, { orderType: 32768 })).status).toBe(400);
        expect((await call(t.app, 'GET', svc(service, 'GetOrderList'), who, { orderType: 32767 })).status).toBe(200);
      }
    });

    /** One field's value to one action, in the query or the body as the action takes it; the status, and the envelope if any. */
    const send = async (service: ServiceDef, key: string, def: ActionDef, member: string, value: unknown) => {
      const who = def.permission === 'Pages.Tenants' ? host : sideOf(service.name, def.permission) === 1 ? seller : admin;
      const url = actionUrl(service, key);
      const isGet = def.method === 'GET' || def.method === 'DELETE' || !!def.upload;
      const query = new URLSearchParams([[member, String(value)]]).toString();
      const raw = await t.app.inject({
        method: def.upload ? 'POST' : def.method, url: isGet ? `${url}?${query}` : url,
        headers: { authorization: `Bearer ${who.token}`, ...(who.tenantId ? { 'abp.tenantid': String(who.tenantId) } : {}) },
        ...(isGet ? {} : { payload: { [member]: value } }),
      });
      // File actions answer bytes; refusals come in the envelope.
      const json = String(raw.headers['content-type'] ?? '').includes('json');
      return { status: raw.statusCode, body: json ? raw.json() : { error: null } };
    };

    it('every integer field of every action: 2147483648 is a 400 naming the field (a field declared wider: no 500)', async () => {
      const fields = intFields();
      expect(fields.length).toBeGreaterThan(100);
      const failures: string[] = [];
      for (const { service, key, def, member, value, wide } of fields) {
        const res = await send(service, key, def, member, value);
        const label = `${service.name}.${key} ${member}: ${res.status}`;
        if (res.status === 500 || (!wide && (res.status !== 400 || !namesField(res.body, member)))) failures.push(label);
        // Inside integer but past a smallint column (a type or status code): refused or answered, never a 500.
        const small = await send(service, key, def, member, Array.isArray(value) ? [SMALLINT_MAX + 1] : SMALLINT_MAX + 1);
        if (small.status === 500) failures.push(`${service.name}.${key} ${member}=${SMALLINT_MAX + 1}: 500`);
      }
      expect(failures).toEqual([]);
    });
  });

  describe('GetExpressExportSelected', () => {
    const url = (ids: number[]) => `/api/File/GetExpressExportSelected?${new URLSearchParams(ids.map((id) => ['ids', String(id)])).toString()}`;
    const headers = () => ({ authorization: `Bearer ${admin.token}`, 'abp.tenantid': '1' });

    it('takes as many ids as travel in a URL, over a real socket (10 000 answered 431), and refuses more with 400', async () => {
      // The longest ids there are, each in its own ids= (the longest way to write them): still under Node's 16 KB.
      const most = Array.from({ length: EXPORT_SELECTED_MAX }, (_, i) => INT4_MAX - i);
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const status = await new Promise<number>((resolve, reject) => {
        http.get({ host: '127.0.0.1', port, path: url(most), headers: headers() }, (res) => { res.resume(); resolve(res.statusCode ?? 0); }).on('error', reject);
      });
      expect(status).toBe(200);

      const more = await t.app.inject({ method: 'GET', url: url([...most, 1]), headers: headers() });
      expect(more.statusCode).toBe(400);
      expect(namesField(more.json(), 'ids')).toBe(true);
    });
  });

  describe('JSON bodies', () => {
    const post = (payload: string, who: Caller = {}) => t.app.inject({
      method: 'POST', url: svc('User', 'Create'), payload,
      headers: { 'content-type': 'application/json', 'abp.tenantid': '1', ...(who.token ? { authorization: `Bearer ${who.token}` } : {}) },
    });

    it('a body of 100 000 nested [ is a 400, anonymous or signed in', async () => {
      const deep = '['.repeat(100_000) + ']'.repeat(100_000);
      for (const payload of [deep, `{"userName":${deep}}`]) {
        for (const who of [{}, admin]) {
          const res = await post(payload, who);
          expect(res.statusCode).toBe(400);
          expect(res.json()).toMatchObject({ success: false, __abp: true, error: { message: '您的请求无效!', validationErrors: [{ members: ['body'] }] } });
          expect(res.json().error.details).toContain('64');
        }
      }
    });

    it('64 levels are still read (the action answers on its merits)', async () => {
      const nested = (n: number): string => (n === 0 ? '1' : `[${nested(n - 1)}]`);
      const res = await post(`{"roleNames":${nested(63)}}`, admin);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).not.toContain('64 层');
      expect((await post(`{"roleNames":${nested(64)}}`, admin)).json().error.details).toContain('64 层');
    });

    it('U+0000 in any JSON body is a 400, on routes outside the registry too (the Shopee fake\'s __seed was a 500)', async () => {
      const res = await t.app.inject({
        method: 'POST', url: '/shopee-sandbox/__seed', headers: { authorization: `Bearer ${host.token}` },
        payload: { shop_id: 990001, shop_name: 'nul\u0000shop', orders: [] },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, error: { validationErrors: [{ message: '不能包含空字符 (U+0000)', members: ['shop_name'] }] } });
      const anonymous = await post(JSON.stringify({ userName: 'a\u0000b' }));
      expect(anonymous.statusCode).toBe(400);
    });
  });
});
