// The administration reads and the tenant removal ABP's console calls (issue #10 found them named
// by no test): User/GetRoles, Role/Get, Role/GetAllPermissions, Tenant/Get, Tenant/Delete.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signIn, svc, type Caller, type TestApp } from '../helpers/test-app.ts';
import { createTenant, createUser } from '../factories/identity.ts';

describe('administration reads', () => {
  let t: TestApp;
  let host: Caller;
  let admin: Caller;
  beforeAll(async () => {
    t = await createTestApp();
    host = await signIn(t.app, 'admin', '123qwe', null);
    admin = await signIn(t.app, 'admin', '123qwe', 1);
  });
  afterAll(async () => t?.close());

  it('User/GetRoles lists the tenant\'s roles with their permissions, for the user form', async () => {
    const packer = { name: 'Packer', displayName: '打包员', grantedPermissions: ['Order.Manages'] };
    const created = await call(t.app, 'POST', svc('Role', 'Create'), admin, packer);
    expect(created.status).toBe(200);
    const res = await call(t.app, 'GET', svc('User', 'GetRoles'), admin);
    expect(res.status).toBe(200);
    const byName = Object.fromEntries(res.body.result.items.map((r: { name: string }) => [r.name, r]));
    expect(Object.keys(byName)).toEqual(expect.arrayContaining(['Admin', 'Seller', 'Warehouse', 'Packer']));
    expect(byName.Packer).toMatchObject({ displayName: '打包员', isStatic: false, grantedPermissions: ['Order.Manages'] });
    // Another tenant's roles are not listed.
    const other = await createTenant(t.app, host);
    const otherAdmin = await signIn(t.app, 'admin', '123qwe', other.id);
    const theirs = await call(t.app, 'GET', svc('User', 'GetRoles'), otherAdmin);
    expect(theirs.body.result.items.map((r: { name: string }) => r.name)).not.toContain('Packer');
  });

  it('Role/Get reads one role with its permissions; a missing one is 404, a picker is refused', async () => {
    const all = await call(t.app, 'GET', svc('Role', 'GetAll'), admin, { keyword: 'Warehouse' });
    const warehouse = all.body.result.items.find((r: { name: string }) => r.name === 'Warehouse');
    const res = await call(t.app, 'GET', svc('Role', 'Get'), admin, { id: warehouse.id });
    expect(res.body.result).toMatchObject({ id: warehouse.id, name: 'Warehouse', isStatic: true });
    expect(res.body.result.grantedPermissions).toEqual(expect.arrayContaining(['warehouse.Stock', 'OrderManage.ExpressShipmentDelivery']));
    expect((await call(t.app, 'GET', svc('Role', 'Get'), admin, { id: 999_999 })).status).toBe(404);
    const p = await createUser(t.app, admin, { roleNames: ['Warehouse'] });
    const picker = await signIn(t.app, p.userName, p.password, 1);
    expect((await call(t.app, 'GET', svc('Role', 'Get'), picker, { id: warehouse.id })).status).toBe(403);
  });

  it('Role/GetAllPermissions lists what a tenant may grant (no tenant management), in the caller\'s language', async () => {
    const res = await call(t.app, 'GET', svc('Role', 'GetAllPermissions'), admin);
    const names = res.body.result.items.map((p: { name: string }) => p.name);
    expect(names).toEqual(expect.arrayContaining(['Pages.Users', 'Pages.Roles', 'Order.Manages', 'Front.Orders']));
    expect(names).not.toContain('Pages.Tenants');
    const users = res.body.result.items.find((p: { name: string }) => p.name === 'Pages.Users');
    expect(users).toMatchObject({ displayName: '用户管理', level: expect.any(Number) });
    const english = await call(t.app, 'GET', svc('Role', 'GetAllPermissions'), admin, undefined, { '.aspnetcore.culture': 'c=en|uic=en' });
    expect(english.body.result.items.find((p: { name: string }) => p.name === 'Pages.Users').displayName).toBe('Users');
    // The host grants tenant management.
    const hostList = await call(t.app, 'GET', svc('Role', 'GetAllPermissions'), host);
    expect(hostList.body.result.items.map((p: { name: string }) => p.name)).toContain('Pages.Tenants');
  });

  it('Tenant/Get reads a tenant for the host only', async () => {
    const tenant = await createTenant(t.app, host, { adminEmailAddress: 'boss@example.com' });
    const res = await call(t.app, 'GET', svc('Tenant', 'Get'), host, { id: tenant.id });
    expect(res.body.result).toMatchObject({
      id: tenant.id, tenancyName: tenant.tenancyName, isActive: true, adminEmailAddress: 'boss@example.com',
    });
    expect((await call(t.app, 'GET', svc('Tenant', 'Get'), host, { id: 999_999 })).status).toBe(404);
    expect((await call(t.app, 'GET', svc('Tenant', 'Get'), admin, { id: tenant.id })).status).toBe(403);
  });

  it('Tenant/Delete removes a tenant: no longer listed, available or able to sign in', async () => {
    const tenant = await createTenant(t.app, host);
    const tenantAdmin = await signIn(t.app, 'admin', '123qwe', tenant.id);
    expect((await call(t.app, 'DELETE', svc('Tenant', 'Delete'), admin, { id: tenant.id })).status).toBe(403);
    expect((await call(t.app, 'DELETE', svc('Tenant', 'Delete'), host, { id: tenant.id })).status).toBe(200);

    expect((await call(t.app, 'GET', svc('Tenant', 'Get'), host, { id: tenant.id })).status).toBe(404);
    const listed = await call(t.app, 'GET', svc('Tenant', 'GetAll'), host, { keyword: tenant.tenancyName });
    expect(listed.body.result.items).toEqual([]);
    const available = await call(t.app, 'POST', svc('Account', 'IsTenantAvailable'), {}, { tenancyName: tenant.tenancyName });
    expect(available.body.result.state).not.toBe(1);
    const credentials = { userNameOrEmailAddress: 'admin', password: '123qwe' };
    expect((await call(t.app, 'POST', '/api/TokenAuth/Authenticate', { tenantId: tenant.id }, credentials)).status).not.toBe(200);
    // Tokens issued before stop working at once.
    expect((await call(t.app, 'GET', svc('User', 'GetAll'), tenantAdmin)).status).toBe(401);
    expect((await call(t.app, 'DELETE', svc('Tenant', 'Delete'), host, { id: 999_999 })).status).toBe(404);
  });
});
