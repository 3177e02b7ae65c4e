// Sign-in (throttling: sign-in-throttle.test.ts), session, configuration, password change, unlock (spec 000 §7, DOMAIN §1).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signIn, svc, type Caller, type TestApp } from '../helpers/test-app.ts';
import { createUser } from '../factories/identity.ts';

const AUTH = '/api/TokenAuth/Authenticate';

describe('sign-in and session', () => {
  let t: TestApp;
  let admin: Caller;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, 'admin', '123qwe', 1);
  });
  afterAll(async () => t?.close());

  it('signs in the host admin and the Default tenant admin with ABP-shaped results', async () => {
    for (const tenantId of [null, 1]) {
      const res = await call(t.app, 'POST', AUTH, { tenantId }, { userNameOrEmailAddress: 'admin', password: '123qwe', rememberClient: true });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, error: null, unAuthorizedRequest: false, __abp: true, targetUrl: null });
      // 记住我 (rememberClient): the device token of decision 0068, a week by default.
      expect(res.body.result).toMatchObject({ accessToken: expect.any(String), encryptedAccessToken: expect.any(String), expireInSeconds: 7 * 86400, userId: expect.any(Number) });
    }
  });

  it('a sign-in without 记住我 gets the short token, one with it (rememberClient or rememberMe) the device token', async () => {
    const plain = await call(t.app, 'POST', AUTH, { tenantId: 1 }, { userNameOrEmailAddress: 'admin', password: '123qwe' });
    expect(plain.body.result.expireInSeconds).toBe(86400);
    const off = await call(t.app, 'POST', AUTH, { tenantId: 1 }, { userNameOrEmailAddress: 'admin', password: '123qwe', rememberClient: false });
    expect(off.body.result.expireInSeconds).toBe(86400);
    const me = await call(t.app, 'POST', AUTH, { tenantId: 1 }, { userNameOrEmailAddress: 'admin', password: '123qwe', rememberMe: true });
    expect(me.body.result.expireInSeconds).toBe(7 * 86400);
    // The device token is a token like any other: the session answers with it.
    const session = await call(t.app, 'GET', svc('Session', 'GetCurrentLoginInformations'), { tenantId: 1, token: me.body.result.accessToken });
    expect(session.body.result.user.userName).toBe('admin');
  });

  it('accepts rememberMe as well as rememberClient, and an email address as the login', async () => {
    const res = await call(t.app, 'POST', AUTH, { tenantId: 1 }, { userNameOrEmailAddress: 'ADMIN@default.haicang.local', password: '123qwe', rememberMe: true });
    expect(res.status).toBe(200);
  });

  it('refuses a wrong password with 登录失败! and the reason', async () => {
    const res = await call(t.app, 'POST', AUTH, { tenantId: 1 }, { userNameOrEmailAddress: 'admin', password: 'wrong' });
    expect(res.status).toBe(401);
    expect(res.body.error).toMatchObject({ message: '登录失败!', details: '用户名或密码无效。' });
    const unknown = await call(t.app, 'POST', AUTH, { tenantId: 1 }, { userNameOrEmailAddress: 'nobody', password: 'wrong' });
    expect(unknown.body.error?.details).toBe('用户名或密码无效。');
  });

  it('refuses inactive users and inactive tenants with the reason', async () => {
    const u = await createUser(t.app, admin, { isActive: false });
    const res = await call(t.app, 'POST', AUTH, { tenantId: 1 }, { userNameOrEmailAddress: u.userName, password: u.password });
    expect(res.status).toBe(401);
    expect(res.body.error?.details).toContain('未激活');
  });

  it('refuses a token used with another tenant header, and an expired or forged token', async () => {
    const res = await call(t.app, 'GET', svc('User', 'GetAll'), { token: admin.token, tenantId: null });
    expect(res.status).toBe(401);
    expect(res.body.unAuthorizedRequest).toBe(true);
    const forged = await call(t.app, 'GET', svc('User', 'GetAll'), { token: `${admin.token}x`, tenantId: 1 });
    expect(forged.status).toBe(401);
  });

  it('tells an anonymous caller the configuration: culture, Warehouse source, realtime features, no permissions', async () => {
    const res = await call(t.app, 'GET', '/AbpUserConfiguration/GetAll', { tenantId: 1 });
    expect(res.status).toBe(200);
    const c = res.body.result;
    expect(c.multiTenancy.isEnabled).toBe(true);
    expect(c.session).toMatchObject({ userId: null, tenantId: 1, multiTenancySide: 1 });
    expect(c.localization.currentCulture.name).toBe('zh-Hans');
    expect(c.localization.sources).toEqual([{ name: 'Warehouse', type: expect.any(String) }]);
    expect(c.localization.values.Warehouse.AppName).toBe('海仓');
    // Accounts are never locked (decision 0017): an ABP client must not tell users they are.
    expect(c.setting.values['Abp.Zero.UserManagement.UserLockOut.IsEnabled']).toBe('false');
    expect(c.localization.languages.map((l: { name: string }) => l.name)).toEqual(['zh-Hans', 'en']);
    expect(c.features.allFeatures).toMatchObject({ SignalR: { value: 'true' }, 'SignalR.AspNetCore': { value: 'true' } });
    expect(c.auth.grantedPermissions).toEqual({});
    expect(c.auth.allPermissions['Pages.Users']).toBe('true');
    for (const k of ['nav', 'setting', 'clock', 'timing', 'security', 'custom']) expect(c).toHaveProperty(k);
    expect(c.timing.timeZoneInfo.iana.timeZoneId).toBe('Asia/Shanghai');
  });

  it('gives a signed-in user their granted permissions and the language they chose', async () => {
    const res = await call(t.app, 'GET', '/AbpUserConfiguration/GetAll', admin);
    expect(res.body.result.auth.grantedPermissions['Pages.Users']).toBe('true');
    expect(res.body.result.auth.grantedPermissions['Pages.Tenants']).toBeUndefined();
    const u = await createUser(t.app, admin);
    const me = await signIn(t.app, u.userName, u.password, 1);
    expect((await call(t.app, 'POST', svc('User', 'ChangeLanguage'), me, { languageName: 'en' })).status).toBe(200);
    const en = await call(t.app, 'GET', '/AbpUserConfiguration/GetAll', me);
    expect(en.body.result.localization.currentCulture.name).toBe('en');
    expect(en.body.result.localization.values.Warehouse.AppName).toBe('Haicang');
  });

  it('reads the culture cookie of an anonymous client', async () => {
    const res = await call(t.app, 'GET', '/AbpUserConfiguration/GetAll', { tenantId: 1 }, undefined, { cookie: 'Abp.Localization.CultureName=en' });
    expect(res.body.result.localization.currentLanguage.name).toBe('en');
  });

  it('tells the session: user with type and code, tenant, application; null user when anonymous', async () => {
    const anon = await call(t.app, 'GET', svc('Session', 'GetCurrentLoginInformations'), { tenantId: 1 });
    expect(anon.body.result).toMatchObject({ user: null, tenant: { id: 1, tenancyName: 'Default' } });
    const res = await call(t.app, 'GET', svc('Session', 'GetCurrentLoginInformations'), admin);
    expect(res.body.result.user).toMatchObject({ userName: 'admin', userType: 0, userCode: null });
    expect(res.body.result.application.version).toEqual(expect.any(String));
  });

  it('changes a password: the old one stops working, a wrong current password is refused', async () => {
    const u = await createUser(t.app, admin);
    const me = await signIn(t.app, u.userName, u.password, 1);
    const wrong = await call(t.app, 'POST', svc('User', 'ChangePassword'), me, { currentPassword: 'nope', newPassword: 'brandnew1' });
    expect(wrong.status).toBe(409);
    expect(wrong.body.error?.message).toBe('当前密码不正确。');
    const tooShort = await call(t.app, 'POST', svc('User', 'ChangePassword'), me, { currentPassword: u.password, newPassword: '123' });
    expect(tooShort.status).toBe(400);
    expect(tooShort.body.error?.validationErrors?.[0]?.members).toEqual(['newPassword']);
    const ok = await call(t.app, 'POST', svc('User', 'ChangePassword'), me, { currentPassword: u.password, newPassword: 'brandnew1' });
    expect(ok.status).toBe(200);
    expect(ok.body.result).toBe(true);
    expect((await call(t.app, 'POST', AUTH, { tenantId: 1 }, { userNameOrEmailAddress: u.userName, password: u.password })).status).toBe(401);
    await signIn(t.app, u.userName, 'brandnew1', 1);
  });

  it('unlocks the lock screen only with the right password', async () => {
    expect((await call(t.app, 'POST', svc('Session', 'Unlock'), admin, { password: 'wrong' })).status).toBe(409);
    const ok = await call(t.app, 'POST', svc('Session', 'Unlock'), admin, { password: '123qwe' });
    expect(ok.body.result).toBe(true);
  });

  it('lets an admin reset a password only with their own password', async () => {
    const u = await createUser(t.app, admin);
    const bad = await call(t.app, 'POST', svc('User', 'ResetPassword'), admin, { adminPassword: 'nope', userId: u.id, newPassword: 'reset123' });
    expect(bad.status).toBe(409);
    const ok = await call(t.app, 'POST', svc('User', 'ResetPassword'), admin, { adminPassword: '123qwe', userId: u.id, newPassword: 'reset123' });
    expect(ok.status).toBe(200);
    await signIn(t.app, u.userName, 'reset123', 1);
  });

  it('checks tenant availability by name', async () => {
    const ok = await call(t.app, 'POST', svc('Account', 'IsTenantAvailable'), {}, { tenancyName: 'default' });
    expect(ok.body.result).toEqual({ state: 1, tenantId: 1 });
    const missing = await call(t.app, 'POST', svc('Account', 'IsTenantAvailable'), {}, { tenancyName: 'nosuch' });
    expect(missing.body.result).toEqual({ state: 3, tenantId: null });
  });
});
