// Factories: build* returns an input, create* makes it through the API and returns the result.
import type { FastifyInstance } from 'fastify';
import { call, signIn, svc, type Caller } from '../helpers/test-app.ts';

let seq = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(seq++).toString(36)}`;

export function buildUser(overrides: Record<string, unknown> = {}) {
  const userName = unique('u');
  return { userName, name: `用户${userName}`, surname: '', emailAddress: `${userName}@example.com`, password: 'secret123', isActive: true, userType: 0, roleNames: [] as string[], ...overrides };
}

export async function createUser(app: FastifyInstance, admin: Caller, overrides: Record<string, unknown> = {}) {
  const input = buildUser(overrides);
  const res = await call(app, 'POST', svc('User', 'Create'), admin, input);
  if (res.status !== 200) throw new Error(`User/Create failed: ${res.status} ${JSON.stringify(res.body.error)}`);
  return { ...res.body.result, password: input.password } as { id: number; userName: string; userCode: string | null; password: string; roleNames: string[] };
}

export async function registerSeller(app: FastifyInstance, tenantId: number, overrides: Record<string, unknown> = {}) {
  const userName = unique('seller');
  const input = { userName, name: `卖家${userName}`, password: 'secret123', emailAddress: `${userName}@example.com`, ...overrides };
  const res = await call(app, 'POST', svc('Account', 'Register'), { tenantId }, input);
  if (res.status !== 200) throw new Error(`Register failed: ${res.status} ${JSON.stringify(res.body.error)}`);
  const caller = await signIn(app, input.userName, input.password, tenantId);
  return { ...caller, userCode: res.body.result.userCode as string, userName: input.userName };
}

export async function createTenant(app: FastifyInstance, host: Caller, overrides: Record<string, unknown> = {}) {
  const tenancyName = unique('T');
  const res = await call(app, 'POST', svc('Tenant', 'Create'), host, { tenancyName, name: `租户 ${tenancyName}`, ...overrides });
  if (res.status !== 200) throw new Error(`Tenant/Create failed: ${res.status} ${JSON.stringify(res.body.error)}`);
  return res.body.result as { id: number; tenancyName: string };
}
