// No escalation (security issue #12, decision 0018): a user may grant only roles and permissions it
// holds, and change only users and roles within its own permissions; the static Admin role's members
// (the tenant admin, the host admin) keep full power.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signIn, svc, type Caller, type TestApp } from '../helpers/test-app.ts';
import { buildUser, createUser } from '../factories/identity.ts';

describe('no escalation through users and roles', () => {
  let t: TestApp;
  let host: Caller;
  let admin: Caller;
  let roleIds: Record<string, number>;

  const createRole = async (who: Caller, name: string, grantedPermissions: string[]) =>
    call(t.app, 'POST', svc('Role', 'Create'), who, { name, displayName: name, grantedPermissions });
  const permissionsOf = async (who: Caller) =>
    Object.keys((await call(t.app, 'GET', '/AbpUserConfiguration/GetAll', who)).body.result.auth.grantedPermissions).sort();
  const userUpdate = (who: Caller, u: { id: number; userName: string }, roleNames: string[]) =>
    call(t.app, 'PUT', svc('User', 'Update'), who, { ...buildUser({ userName: u.userName, emailAddress: null }), id: u.id, roleNames });
  /** A staff user holding only the role `roleName`, signed in. */
  const staffWith = async (roleName: string) => {
    const u = await createUser(t.app, admin, { roleNames: [roleName] });
    return { ...u, caller: await signIn(t.app, u.userName, u.password, 1) };
  };

  beforeAll(async () => {
    t = await createTestApp();
    host = await signIn(t.app, 'admin', '123qwe', null);
    admin = await signIn(t.app, 'admin', '123qwe', 1);
    roleIds = {};
    for (const [name, perms] of [['UsersOnly', ['Pages.Users']], ['RolesOnly', ['Pages.Roles']], ['Stock', ['warehouse.Stock']]] as const) {
      const res = await createRole(admin, name, [...perms]);
      expect(res.status).toBe(200);
      roleIds[name] = res.body.result.id;
    }
    roleIds.Admin = (await call(t.app, 'GET', svc('Role', 'GetAll'), admin, { keyword: 'Admin' })).body.result.items[0].id;
  });
  afterAll(async () => t?.close());

  describe('holding only Pages.Users', () => {
    let me: Awaited<ReturnType<typeof staffWith>>;
    beforeAll(async () => { me = await staffWith('UsersOnly'); });

    it('cannot give themself the Admin role (by either spelling), nor a role with a permission they lack', async () => {
      for (const roleNames of [['UsersOnly', 'Admin'], ['USERSONLY', 'ADMIN'], ['UsersOnly', 'Stock']]) {
        const res = await userUpdate(me.caller, me, roleNames);
        expect(res.status, roleNames.join()).toBe(409);
        expect(res.body.error!.message).toContain('不能授予角色');
      }
      expect(await permissionsOf(me.caller)).toEqual(['Pages.Users']);
      expect((await call(t.app, 'GET', svc('User', 'Get'), admin, { id: me.id })).body.result.roleNames).toEqual(['USERSONLY']);
    });

    it('cannot create an admin, nor change, reset the password of, deactivate or delete a stronger user', async () => {
      expect((await call(t.app, 'POST', svc('User', 'Create'), me.caller, buildUser({ roleNames: ['Admin'] }))).status).toBe(409);
      const reset = await call(t.app, 'POST', svc('User', 'ResetPassword'), me.caller, { adminPassword: me.password, userId: admin.userId, newPassword: 'taken123' });
      expect(reset.status).toBe(409);
      expect(reset.body.error!.message).toContain('不能修改用户 admin');
      await signIn(t.app, 'admin', '123qwe', 1); // the admin's password is unchanged
      const adminRow = { id: admin.userId!, userName: 'admin' };
      expect((await userUpdate(me.caller, adminRow, [])).status).toBe(409);
      expect((await call(t.app, 'POST', svc('User', 'DeActivate'), me.caller, { id: admin.userId })).status).toBe(409);
      expect((await call(t.app, 'DELETE', svc('User', 'Delete'), me.caller, { id: admin.userId })).status).toBe(409);
      expect((await call(t.app, 'GET', svc('User', 'Get'), admin, { id: admin.userId })).body.result).toMatchObject({ isActive: true, roleNames: ['ADMIN'] });
    });

    it('still manages users within their own permissions', async () => {
      const peer = await call(t.app, 'POST', svc('User', 'Create'), me.caller, buildUser({ roleNames: ['UsersOnly'] }));
      expect(peer.status).toBe(200);
      expect(peer.body.result.roleNames).toEqual(['USERSONLY']);
      const plain = await createUser(t.app, me.caller);
      expect((await userUpdate(me.caller, plain, ['USERSONLY'])).status).toBe(200);
      expect((await call(t.app, 'POST', svc('User', 'DeActivate'), me.caller, { id: plain.id })).status).toBe(200);
      expect((await call(t.app, 'POST', svc('User', 'ResetPassword'), me.caller, { adminPassword: me.password, userId: plain.id, newPassword: 'newpass1' })).status).toBe(200);
      // Their own record, keeping their role.
      expect((await userUpdate(me.caller, me, ['UsersOnly'])).status).toBe(200);
    });
  });

  describe('holding only Pages.Roles', () => {
    let me: Awaited<ReturnType<typeof staffWith>>;
    beforeAll(async () => { me = await staffWith('RolesOnly'); });

    it('cannot add Amount.Manages to their own role, nor create a role with it', async () => {
      const res = await call(t.app, 'PUT', svc('Role', 'Update'), me.caller, {
        id: roleIds.RolesOnly, name: 'RolesOnly', displayName: 'RolesOnly', grantedPermissions: ['Pages.Roles', 'Amount.Manages'],
      });
      expect(res.status).toBe(409);
      expect(res.body.error!.details).toContain('Amount.Manages');
      expect(await permissionsOf(me.caller)).toEqual(['Pages.Roles']);
      const edit = await call(t.app, 'GET', svc('Role', 'GetRoleForEdit'), admin, { id: roleIds.RolesOnly });
      expect(edit.body.result.grantedPermissionNames).toEqual(['Pages.Roles']);
      expect((await createRole(me.caller, 'Cashier', ['Amount.Manages'])).status).toBe(409);
    });

    it('cannot change or delete a role carrying permissions they lack (the Admin role, say)', async () => {
      const strip = await call(t.app, 'PUT', svc('Role', 'Update'), me.caller, { id: roleIds.Admin, name: 'Admin', displayName: '管理员', grantedPermissions: [] });
      expect(strip.status).toBe(409);
      expect((await call(t.app, 'PUT', svc('Role', 'Update'), me.caller, { id: roleIds.Stock, name: 'Stock', displayName: '改名', grantedPermissions: [] })).status).toBe(409);
      expect((await call(t.app, 'DELETE', svc('Role', 'Delete'), me.caller, { id: roleIds.Stock })).status).toBe(409);
      expect((await call(t.app, 'GET', svc('Role', 'Get'), admin, { id: roleIds.Admin })).body.result.grantedPermissions).toContain('Amount.Manages');
    });

    it('still manages roles within their own permissions', async () => {
      const created = await createRole(me.caller, 'RoleClerk', ['Pages.Roles']);
      expect(created.status).toBe(200);
      const id = created.body.result.id;
      const renamed = await call(t.app, 'PUT', svc('Role', 'Update'), me.caller, { id, name: 'RoleClerk', displayName: '角色文员', grantedPermissions: [] });
      expect(renamed.status).toBe(200);
      expect((await call(t.app, 'DELETE', svc('Role', 'Delete'), me.caller, { id })).status).toBe(200);
    });
  });

  it('the tenant admin and the host admin keep full power', async () => {
    const u = await createUser(t.app, admin, { roleNames: ['Stock'] });
    const upd = await userUpdate(admin, u, ['Admin', 'Stock']);
    expect(upd.status).toBe(200);
    expect(upd.body.result.roleNames).toEqual(['ADMIN', 'STOCK']);
    const grant = await call(t.app, 'PUT', svc('Role', 'Update'), admin, { id: roleIds.Stock, name: 'Stock', displayName: 'Stock', grantedPermissions: ['warehouse.Stock', 'Amount.Manages'] });
    expect(grant.status).toBe(200);
    // A second member of the Admin role has the same power.
    const second = await signIn(t.app, u.userName, u.password, 1);
    expect((await createRole(second, 'Finance', ['Amount.Manages', 'Statistical.Manages'])).status).toBe(200);
    expect((await createRole(host, 'TenantKeeper', ['Pages.Tenants'])).status).toBe(200);
    const hostUser = await call(t.app, 'POST', svc('User', 'Create'), host, buildUser({ roleNames: ['Admin'] }));
    expect(hostUser.status).toBe(200);
    expect(hostUser.body.result.roleNames).toEqual(['ADMIN']);
  });
});
