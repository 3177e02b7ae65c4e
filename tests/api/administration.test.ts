// Users, roles, tenants, seller registration and the permission checks around them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signIn, svc, type Caller, type TestApp } from '../helpers/test-app.ts';
import { buildUser, createTenant, createUser, registerSeller } from '../factories/identity.ts';

describe('administration', () => {
  let t: TestApp;
  let host: Caller;
  let admin: Caller;
  beforeAll(async () => {
    t = await createTestApp();
    host = await signIn(t.app, 'admin', '123qwe', null);
    admin = await signIn(t.app, 'admin', '123qwe', 1);
  });
  afterAll(async () => t?.close());

  it('seeds roles Admin, Seller and Warehouse with the permissions of DOMAIN §1', async () => {
    const res = await call(t.app, 'GET', svc('Role', 'GetAll'), admin);
    const byName = Object.fromEntries(res.body.result.items.map((r: { name: string }) => [r.name, r]));
    expect(Object.keys(byName).sort()).toEqual(['Admin', 'Seller', 'Warehouse']);
    expect(byName.Admin.grantedPermissions).toContain('Pages.Users');
    expect(byName.Admin.grantedPermissions).not.toContain('Pages.Tenants');
    expect(byName.Seller.grantedPermissions).toEqual(expect.arrayContaining(['Front.Orders', 'Front.Stock', 'Front.Abroad', 'Front.Amount', 'Front.Shops', 'Urgent.Order']));
    expect(byName.Seller.isDefault).toBe(true);
    expect(byName.Warehouse.grantedPermissions).toEqual(expect.arrayContaining(['warehouse.Stock', 'OrderManage.ExpressShipmentDelivery']));
  });

  it('creates a staff user who is then refused User/GetAll with 403', async () => {
    const u = await createUser(t.app, admin, { roleNames: ['Warehouse'] });
    expect(u.roleNames).toEqual(['WAREHOUSE']);
    const staff = await signIn(t.app, u.userName, u.password, 1);
    const res = await call(t.app, 'GET', svc('User', 'GetAll'), staff);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, unAuthorizedRequest: true, error: { message: '未授予所需的权限。' } });
    // …but can use what the Warehouse role grants.
    expect((await call(t.app, 'GET', svc('BackOrder', 'GetUserList'), staff)).status).toBe(200);
  });

  it('User/Create: a seller sent without roleNames gets ["SELLER"]; roleNames sent (even []) are kept as they are', async () => {
    const plain = buildUser({ userType: 1 }) as Record<string, unknown>;
    delete plain.roleNames;
    const seller = await call(t.app, 'POST', svc('User', 'Create'), admin, plain);
    expect(seller.status, JSON.stringify(seller.body.error)).toBe(200);
    expect(seller.body.result).toMatchObject({ userType: 1, roleNames: ['SELLER'], userCode: expect.stringMatching(/^S\d+$/) });
    const signedIn = await signIn(t.app, plain.userName as string, plain.password as string, 1);
    expect((await call(t.app, 'GET', svc('FrontOrder', 'GetOrderList'), signedIn)).status).toBe(200);
    expect((await createUser(t.app, admin, { userType: 1, roleNames: [] })).roleNames).toEqual([]);
    expect((await createUser(t.app, admin, { userType: 1, roleNames: ['Warehouse'] })).roleNames).toEqual(['WAREHOUSE']);
    const staff = buildUser() as Record<string, unknown>;
    delete staff.roleNames;
    expect((await call(t.app, 'POST', svc('User', 'Create'), admin, staff)).body.result.roleNames).toEqual([]);
  });

  it('answers 400 with camelCase field names for a bad body, 404 for a missing id, 409 for a duplicate', async () => {
    const bad = await call(t.app, 'POST', svc('User', 'Create'), admin, { UserName: 'x', password: '1', emailAddress: 'not-an-email' });
    expect(bad.status).toBe(400);
    const members = bad.body.error!.validationErrors!.flatMap((e) => e.members);
    expect(members).toEqual(expect.arrayContaining(['userName', 'name', 'password', 'emailAddress']));
    expect(bad.body.error!.details).toContain('userName');
    const missing = await call(t.app, 'GET', svc('User', 'Get'), admin, { id: 999999 });
    expect(missing.status).toBe(404);
    const u = await createUser(t.app, admin);
    const dup = await call(t.app, 'POST', svc('User', 'Create'), admin, buildUser({ userName: u.userName }));
    expect(dup.status).toBe(409);
    expect(dup.body.error!.message).toContain(u.userName);
  });

  it('filters users by keyword, status and type, with both paging styles', async () => {
    const seller = await registerSeller(t.app, 1);
    const inactive = await createUser(t.app, admin, { isActive: false });
    const byKeyword = await call(t.app, 'GET', svc('User', 'GetAll'), admin, { keyword: seller.userCode });
    expect(byKeyword.body.result.items.map((u: { userName: string }) => u.userName)).toEqual([seller.userName]);
    const sellers = await call(t.app, 'GET', svc('User', 'GetAll'), admin, { userType: 1, pageSize: 100 });
    expect(sellers.body.result.items.every((u: { userType: number }) => u.userType === 1)).toBe(true);
    const off = await call(t.app, 'GET', svc('User', 'GetAll'), admin, { isActive: false, pageSize: 100 });
    expect(off.body.result.items.map((u: { id: number }) => u.id)).toContain(inactive.id);
    const page2 = await call(t.app, 'GET', svc('User', 'GetAll'), admin, { currentPage: 2, pageSize: 1 });
    const skip1 = await call(t.app, 'GET', svc('User', 'GetAll'), admin, { skipCount: 1, maxResultCount: 1 });
    expect(page2.body.result.items).toEqual(skip1.body.result.items);
    expect(page2.body.result.totalCount).toBeGreaterThan(2);
  });

  it('updates, deactivates, activates and deletes a user; an admin cannot delete themself', async () => {
    const u = await createUser(t.app, admin);
    const upd = await call(t.app, 'PUT', svc('User', 'Update'), admin, { ...buildUser({ userName: u.userName }), id: u.id, name: '新名字', roleNames: ['Warehouse'] });
    expect(upd.status).toBe(200);
    expect(upd.body.result).toMatchObject({ name: '新名字', roleNames: ['WAREHOUSE'] });
    await call(t.app, 'POST', svc('User', 'DeActivate'), admin, { id: u.id });
    expect((await call(t.app, 'GET', svc('User', 'Get'), admin, { id: u.id })).body.result.isActive).toBe(false);
    await call(t.app, 'POST', svc('User', 'Activate'), admin, { id: u.id });
    expect((await call(t.app, 'GET', svc('User', 'Get'), admin, { id: u.id })).body.result.isActive).toBe(true);
    expect((await call(t.app, 'DELETE', svc('User', 'Delete'), admin, { Id: u.id })).status).toBe(200);
    expect((await call(t.app, 'GET', svc('User', 'Get'), admin, { id: u.id })).status).toBe(404);
    const self = await call(t.app, 'DELETE', svc('User', 'Delete'), admin, { id: admin.userId! });
    expect(self.status).toBe(409);
  });

  it('a deactivated user\'s token stops working at once', async () => {
    const u = await createUser(t.app, admin, { roleNames: ['Admin'] });
    const me = await signIn(t.app, u.userName, u.password, 1);
    expect((await call(t.app, 'GET', svc('User', 'GetAll'), me)).status).toBe(200);
    await call(t.app, 'POST', svc('User', 'DeActivate'), admin, { id: u.id });
    expect((await call(t.app, 'GET', svc('User', 'GetAll'), me)).status).toBe(401);
  });

  it('creates a role with permissions and reads it back in the permission tree', async () => {
    const created = await call(t.app, 'POST', svc('Role', 'Create'), admin, { name: 'Packer', displayName: '打包员', grantedPermissions: ['Order.Manages', 'OrderManage.ExpressShipmentDelivery'] });
    expect(created.status).toBe(200);
    const id = created.body.result.id;
    const tree = await call(t.app, 'POST', `${svc('Role', 'GetAllPermissionManager')}?id=${id}`, admin);
    expect(tree.status).toBe(200);
    const order = tree.body.result.items.find((n: { name: string }) => n.name === 'Order.Manages');
    expect(order).toMatchObject({ isGranted: true, displayName: '订单管理' });
    expect(order.children.find((c: { name: string }) => c.name === 'OrderManage.ExpressShipmentDelivery').isGranted).toBe(true);
    expect(order.children.find((c: { name: string }) => c.name === 'OrderManage.CrossOrderManage').isGranted).toBe(false);
    expect(tree.body.result.items.find((n: { name: string }) => n.name === 'Pages.Tenants')).toBeUndefined();
    const unknown = await call(t.app, 'POST', svc('Role', 'Create'), admin, { name: 'Bad', displayName: 'x', grantedPermissions: ['Nope.Nothing'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error!.validationErrors![0]!.members).toEqual(['grantedPermissions']);
    // A user given the role gets its permissions.
    const u = await createUser(t.app, admin, { roleNames: ['Packer'] });
    const me = await signIn(t.app, u.userName, u.password, 1);
    const cfg = await call(t.app, 'GET', '/AbpUserConfiguration/GetAll', me);
    expect(Object.keys(cfg.body.result.auth.grantedPermissions).sort()).toEqual(['Order.Manages', 'OrderManage.ExpressShipmentDelivery']);
  });

  it('speaks ABP\'s role and user shapes: Role/GetRoleForEdit, normalized roleNames (either spelling accepted)', async () => {
    const me = await call(t.app, 'GET', svc('User', 'Get'), admin, { id: admin.userId });
    expect(me.body.result.roleNames).toEqual(['ADMIN']);
    const roles = (await call(t.app, 'GET', svc('User', 'GetRoles'), admin)).body.result.items as { id: number; name: string; normalizedName: string }[];
    const warehouse = roles.find((r) => r.name === 'Warehouse')!;
    expect(warehouse.normalizedName).toBe('WAREHOUSE');
    for (const spelling of ['Warehouse', 'WAREHOUSE', 'warehouse']) {
      expect((await createUser(t.app, admin, { roleNames: [spelling] })).roleNames, spelling).toEqual(['WAREHOUSE']);
    }
    // A role created with its own normalized name is found by either.
    const own = await call(t.app, 'POST', svc('Role', 'Create'), admin, { name: 'Checker', normalizedName: 'QC', displayName: '质检', grantedPermissions: [] });
    expect(own.status).toBe(200);
    expect((await createUser(t.app, admin, { roleNames: ['Checker'] })).roleNames).toEqual(['QC']);
    expect((await createUser(t.app, admin, { roleNames: ['QC', 'Warehouse'] })).roleNames).toEqual(['QC', 'WAREHOUSE']);

    const edit = await call(t.app, 'GET', svc('Role', 'GetRoleForEdit'), admin, { Id: warehouse.id });
    expect(edit.status).toBe(200);
    expect(edit.body.result.role).toEqual({ id: warehouse.id, name: 'Warehouse', displayName: '仓库作业', description: expect.any(String), isStatic: true });
    expect(edit.body.result.grantedPermissionNames).toEqual(expect.arrayContaining(['warehouse.Stock', 'OrderManage.ExpressShipmentDelivery']));
    expect(edit.body.result.grantedPermissionNames).not.toContain('Pages.Users');
    const names = edit.body.result.permissions.map((p: { name: string }) => p.name);
    expect(names).toEqual(expect.arrayContaining(['Pages.Users', 'Amount.Manages', 'Front.Orders']));
    expect(names).not.toContain('Pages.Tenants');
    expect(edit.body.result.permissions[0]).toMatchObject({ name: expect.any(String), displayName: expect.any(String), description: null });
    expect((await call(t.app, 'GET', svc('Role', 'GetRoleForEdit'), admin, { id: 999_999 })).status).toBe(404);
    const staff = await signIn(t.app, (await createUser(t.app, admin, { roleNames: ['Warehouse'], password: 'secret123' })).userName, 'secret123', 1);
    expect((await call(t.app, 'GET', svc('Role', 'GetRoleForEdit'), staff, { id: warehouse.id })).status).toBe(403);
  });

  it('refuses to delete or rename a static role', async () => {
    const roles = await call(t.app, 'GET', svc('Role', 'GetAll'), admin);
    const adminRole = roles.body.result.items.find((r: { name: string }) => r.name === 'Admin');
    expect((await call(t.app, 'DELETE', svc('Role', 'Delete'), admin, { id: adminRole.id })).status).toBe(409);
    const rename = await call(t.app, 'PUT', svc('Role', 'Update'), admin, { id: adminRole.id, name: 'Boss', displayName: 'x', grantedPermissions: [] });
    expect(rename.status).toBe(409);
  });

  it('registers sellers with consecutive S-codes and the Seller role; sellers are refused back-office services', async () => {
    const a = await registerSeller(t.app, 1);
    const b = await registerSeller(t.app, 1);
    expect(a.userCode).toMatch(/^S\d{5}$/);
    expect(Number(b.userCode.slice(1))).toBe(Number(a.userCode.slice(1)) + 1);
    const info = await call(t.app, 'GET', svc('Session', 'GetCurrentLoginInformations'), a);
    expect(info.body.result.user).toMatchObject({ userType: 1, userCode: a.userCode });
    const cfg = await call(t.app, 'GET', '/AbpUserConfiguration/GetAll', a);
    expect(cfg.body.result.auth.grantedPermissions['Front.Orders']).toBe('true');
    expect((await call(t.app, 'GET', svc('BackOrder', 'GetUserList'), a)).status).toBe(403);
    const list = await call(t.app, 'GET', svc('BackOrder', 'GetUserList'), admin, { keyword: a.userCode });
    expect(list.body.result).toEqual([{ id: a.userId, userCode: a.userCode, name: expect.any(String), userName: a.userName }]);
  });

  it('registers sellers only inside a tenant', async () => {
    const res = await call(t.app, 'POST', svc('Account', 'Register'), {}, { userName: 'hostseller', name: 'x', password: 'secret123' });
    expect(res.status).toBe(409);
  });

  it('lets only the host manage tenants; a new tenant gets its admin and roles and sees only its own users', async () => {
    expect((await call(t.app, 'GET', svc('Tenant', 'GetAll'), admin)).status).toBe(403);
    const tenant = await createTenant(t.app, host);
    const list = await call(t.app, 'GET', svc('Tenant', 'GetAll'), host);
    expect(list.body.result.items.map((x: { tenancyName: string }) => x.tenancyName)).toEqual(expect.arrayContaining(['Default', tenant.tenancyName]));
    const dup = await call(t.app, 'POST', svc('Tenant', 'Create'), host, { tenancyName: tenant.tenancyName.toLowerCase(), name: 'x' });
    expect(dup.status).toBe(409);
    const theirAdmin = await signIn(t.app, 'admin', '123qwe', tenant.id);
    const users = await call(t.app, 'GET', svc('User', 'GetAll'), theirAdmin, { pageSize: 100 });
    expect(users.body.result.items.map((u: { userName: string }) => u.userName)).toEqual(['admin']);
    const roles = await call(t.app, 'GET', svc('Role', 'GetAll'), theirAdmin);
    expect(roles.body.result.items.map((r: { name: string }) => r.name).sort()).toEqual(['Admin', 'Seller', 'Warehouse']);
    const firstSeller = await registerSeller(t.app, tenant.id);
    expect(firstSeller.userCode).toBe('S00001');
  });

  it('a deactivated tenant cannot sign in, and its tokens stop working', async () => {
    const tenant = await createTenant(t.app, host);
    const theirAdmin = await signIn(t.app, 'admin', '123qwe', tenant.id);
    await call(t.app, 'PUT', svc('Tenant', 'Update'), host, { id: tenant.id, tenancyName: tenant.tenancyName, name: 'x', isActive: false });
    expect((await call(t.app, 'GET', svc('User', 'GetAll'), theirAdmin)).status).toBe(401);
    const res = await call(t.app, 'POST', '/api/TokenAuth/Authenticate', { tenantId: tenant.id }, { userNameOrEmailAddress: 'admin', password: '123qwe' });
    expect(res.status).toBe(401);
    expect(res.body.error!.details).toContain('未激活');
    const avail = await call(t.app, 'POST', svc('Account', 'IsTenantAvailable'), {}, { tenancyName: tenant.tenancyName });
    expect(avail.body.result.state).toBe(2);
  });

  it('lists the seeded warehouse and city to any signed-in user', async () => {
    const seller = await registerSeller(t.app, 1);
    const cities = await call(t.app, 'GET', svc('WarehouseCity', 'GetWarehouseCity'), seller);
    expect(cities.body.result).toEqual([{ id: expect.any(Number), cityName: '深圳' }]);
    const list = await call(t.app, 'GET', svc('WarehouseInfo', 'GetWarehouseInfoList'), seller);
    expect(list.body.result.totalCount).toBe(1);
    expect(list.body.result.items[0]).toMatchObject({ warehouseName: '深圳大陆仓', kind: 1, cityName: '深圳', isEnabled: true });
    const detail = await call(t.app, 'GET', svc('WarehouseInfo', 'GetWarehouseInfoDetail'), seller, { id: list.body.result.items[0].id });
    expect(detail.body.result.warehouseName).toBe('深圳大陆仓');
    expect((await call(t.app, 'GET', svc('WarehouseInfo', 'GetWarehouseInfoDetail'), seller, { id: 424242 })).status).toBe(404);
  });
});

describe('warehouse administration', () => {
  let t: TestApp;
  let admin: Caller;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, 'admin', '123qwe', 1);
  });
  afterAll(async () => t?.close());

  it('creates cities and warehouses, edits them, toggles them; overseas ones need a site', async () => {
    const city = await call(t.app, 'POST', svc('WarehouseCity', 'AddWarehouseCity'), admin, { cityName: '义乌' });
    expect(city.body.result).toMatchObject({ cityName: '义乌' });
    expect((await call(t.app, 'POST', svc('WarehouseCity', 'AddWarehouseCity'), admin, { cityName: '义乌' })).status).toBe(409);
    const noSite = await call(t.app, 'POST', svc('WarehouseInfo', 'EditWarehouseInfo'), admin, { warehouseName: '台北仓', kind: 2 });
    expect(noSite.status).toBe(400);
    expect(noSite.body.error!.validationErrors![0]!.members).toEqual(['site']);
    const overseas = await call(t.app, 'POST', svc('WarehouseInfo', 'EditWarehouseInfo'), admin, { warehouseName: '台北仓', kind: 2, site: 'TW', address: '台北市' });
    expect(overseas.body.result).toMatchObject({ warehouseName: '台北仓', kind: 2, site: 'TW', isEnabled: true });
    const mainland = await call(t.app, 'POST', svc('WarehouseInfo', 'EditWarehouseInfo'), admin, { warehouseName: '义乌仓', kind: 1, warehouseCityId: city.body.result.id, site: 'TW' });
    expect(mainland.body.result).toMatchObject({ cityName: '义乌', site: null });
    const renamed = await call(t.app, 'POST', svc('WarehouseInfo', 'EditWarehouseInfo'), admin, { id: mainland.body.result.id, warehouseName: '义乌一号仓', kind: 1 });
    expect(renamed.body.result.warehouseName).toBe('义乌一号仓');
    expect((await call(t.app, 'POST', svc('WarehouseInfo', 'EditWarehouseInfo'), admin, { warehouseName: '台北仓', kind: 1 })).status).toBe(409);
    const off = await call(t.app, 'POST', `${svc('WarehouseInfo', 'EditStatus')}?id=${overseas.body.result.id}`, admin);
    expect(off.body.result.isEnabled).toBe(false);
    const enabled = await call(t.app, 'GET', svc('WarehouseInfo', 'GetWarehouseInfoList'), admin, { isEnabled: true, pageSize: 50 });
    expect(enabled.body.result.items.map((w: { warehouseName: string }) => w.warehouseName)).toEqual(['深圳大陆仓', '义乌一号仓']);
  });

  it('lets only staff with warehouse.Manages change warehouses', async () => {
    const seller = await registerSeller(t.app, 1);
    expect((await call(t.app, 'POST', svc('WarehouseInfo', 'EditWarehouseInfo'), seller, { warehouseName: 'x', kind: 1 })).status).toBe(403);
    const picker = await createUser(t.app, admin, { roleNames: ['Warehouse'] });
    const pickerCaller = await signIn(t.app, picker.userName, picker.password, 1);
    expect((await call(t.app, 'POST', svc('WarehouseInfo', 'EditWarehouseInfo'), pickerCaller, { warehouseName: 'x', kind: 1 })).status).toBe(403);
  });
});
