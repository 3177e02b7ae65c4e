// Sessions end when they should (issue 12 §4, decision 0017): the security stamp in every token,
// sign-out, tokens without exp, the cached current user and its invalidation, /signalr's Origin
// check and sockets of a deactivated user.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { call, createSecondServer, createTestApp, rowsOf, signIn, svc, TEST_TOKEN_SECRET, type Caller, type TestApp } from '../helpers/test-app.ts';
import { connect, encryptedToken, listen } from '../helpers/realtime.ts';
import { createTenant, createUser } from '../factories/identity.ts';

const AUTH = '/api/TokenAuth/Authenticate';
const SIGN_OUT = '/api/TokenAuth/SignOut';
const WHO_AM_I = svc('Session', 'GetCurrentLoginInformations');

/** A call any signed-in user may make: 200 while the token is good, 401 once it is not. */
const probe = (app: TestApp['app'], who: Caller) => call(app, 'GET', svc('Notification', 'GetUserNotifications'), who);

describe('sessions', () => {
  let t: TestApp;
  let admin: Caller;
  let host: Caller;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, 'admin', '123qwe', 1);
    host = await signIn(t.app, 'admin', '123qwe', null);
  });
  afterAll(async () => t?.close());

  it('ends the old token when the user changes their password; the new password signs in', async () => {
    const u = await createUser(t.app, admin);
    const old = await signIn(t.app, u.userName, u.password, 1);
    const changed = await call(t.app, 'POST', svc('User', 'ChangePassword'), old, { currentPassword: u.password, newPassword: 'brandnew1' });
    expect(changed.status).toBe(200);
    const refused = await probe(t.app, old);
    expect(refused.status).toBe(401);
    expect(refused.body.unAuthorizedRequest).toBe(true);
    expect((await probe(t.app, await signIn(t.app, u.userName, 'brandnew1', 1))).status).toBe(200);
  });

  it('ends the user\'s tokens when an admin resets their password', async () => {
    const u = await createUser(t.app, admin);
    const old = await signIn(t.app, u.userName, u.password, 1);
    expect((await probe(t.app, old)).status).toBe(200);
    const reset = await call(t.app, 'POST', svc('User', 'ResetPassword'), admin, { adminPassword: '123qwe', userId: u.id, newPassword: 'reset1234' });
    expect(reset.status).toBe(200);
    expect((await probe(t.app, old)).status).toBe(401);
  });

  it('ends the user\'s tokens when their roles change, not when only their phone number does', async () => {
    const u = await createUser(t.app, admin);
    const me = await signIn(t.app, u.userName, u.password, 1);
    const base = { id: u.id, userName: u.userName, name: 'n', emailAddress: `${u.userName}@example.com`, isActive: true, userType: 0 };
    expect((await call(t.app, 'PUT', svc('User', 'Update'), admin, { ...base, phoneNumber: '13800000000', roleNames: [] })).status).toBe(200);
    expect((await probe(t.app, me)).status).toBe(200);
    expect((await call(t.app, 'PUT', svc('User', 'Update'), admin, { ...base, roleNames: ['Admin'] })).status).toBe(200);
    expect((await probe(t.app, me)).status).toBe(401);
  });

  it('TokenAuth/SignOut ends the token it is called with, and only that one', async () => {
    const u = await createUser(t.app, admin);
    const desk = await signIn(t.app, u.userName, u.password, 1);
    const phone = await signIn(t.app, u.userName, u.password, 1);
    expect((await probe(t.app, desk)).status).toBe(200); // cached now: the sign-out must reach the cache
    const out = await call(t.app, 'POST', SIGN_OUT, desk, {});
    expect(out.status).toBe(200);
    expect(out.body.success).toBe(true);
    expect((await probe(t.app, desk)).status).toBe(401);
    expect((await probe(t.app, phone)).status).toBe(200);
    // Signing out again with the ended token is a 401 like any call; anonymous too.
    expect((await call(t.app, 'POST', SIGN_OUT, desk, {})).status).toBe(401);
    expect((await call(t.app, 'POST', SIGN_OUT, {}, {})).status).toBe(401);
    // A password change later ends the rest, and forgets the list.
    await call(t.app, 'POST', svc('User', 'ChangePassword'), phone, { currentPassword: u.password, newPassword: 'brandnew1' });
    expect((await probe(t.app, phone)).status).toBe(401);
    const [row] = rowsOf<{ n: number }>(await t.database.root.execute(sql`select cardinality(signed_out_sessions) as n from users where id = ${u.id}`));
    expect(Number(row!.n)).toBe(0);
  });

  it('refuses a correctly signed token that has no exp, no security stamp or no id', async () => {
    const u = await createUser(t.app, admin);
    const [row] = rowsOf<{ stamp: string }>(await t.database.root.execute(sql`select security_stamp as stamp from users where id = ${u.id}`));
    const key = createHash('sha256').update(`haicang-sign:${TEST_TOKEN_SECRET}`).digest();
    const token = (claims: Record<string, unknown>, exp: boolean) => {
      const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setSubject(String(u.id)).setIssuer('haicang').setIssuedAt();
      return (exp ? jwt.setExpirationTime('1h') : jwt).sign(key);
    };
    // The full token is accepted: only the missing claim is refused.
    expect((await probe(t.app, { token: await token({ tid: 1, sst: row!.stamp, jti: 'a1' }, true), tenantId: 1 })).status).toBe(200);
    expect((await probe(t.app, { token: await token({ tid: 1, sst: row!.stamp, jti: 'a2' }, false), tenantId: 1 })).status).toBe(401);
    expect((await probe(t.app, { token: await token({ tid: 1, jti: 'a3' }, true), tenantId: 1 })).status).toBe(401);
    expect((await probe(t.app, { token: await token({ tid: 1, sst: row!.stamp }, true), tenantId: 1 })).status).toBe(401);
  });

  it('signs in while the client still sends a token of another tenant (ABP ignores it)', async () => {
    const res = await call(t.app, 'POST', AUTH, { token: host.token, tenantId: 1 }, { userNameOrEmailAddress: 'admin', password: '123qwe' });
    expect(res.status).toBe(200);
    const stale = await call(t.app, 'POST', AUTH, { token: 'not-a-token', tenantId: 1 }, { userNameOrEmailAddress: 'admin', password: '123qwe' });
    expect(stale.status).toBe(200);
  });

  it('keeps the signed-in user cached, and reloads it when the user or a role of theirs changes', async () => {
    const u = await createUser(t.app, admin);
    const me = await signIn(t.app, u.userName, u.password, 1);
    expect((await call(t.app, 'GET', WHO_AM_I, me)).body.result.user.name).toBe(`用户${u.userName}`);
    // Written behind the services' back (no identity event): the cached copy is still served.
    await t.database.root.execute(sql`update users set name = '改了名' where id = ${u.id}`);
    expect((await call(t.app, 'GET', WHO_AM_I, me)).body.result.user.name).toBe(`用户${u.userName}`);
    // Any change through the services drops it on every server.
    await call(t.app, 'POST', svc('User', 'ChangeLanguage'), me, { languageName: 'en' });
    expect((await call(t.app, 'GET', WHO_AM_I, me)).body.result.user.name).toBe('改了名');

    // A role's permissions: granted and withdrawn take effect on the next call.
    const roleName = `r${u.id}`;
    const role = await call(t.app, 'POST', svc('Role', 'Create'), admin, { name: roleName, displayName: roleName, grantedPermissions: ['Pages.Users'] });
    const base = { id: u.id, userName: u.userName, name: 'n', emailAddress: `${u.userName}@example.com`, isActive: true, userType: 0 };
    await call(t.app, 'PUT', svc('User', 'Update'), admin, { ...base, roleNames: [roleName] });
    const again = await signIn(t.app, u.userName, u.password, 1);
    expect((await call(t.app, 'GET', svc('User', 'GetAll'), again)).status).toBe(200);
    await call(t.app, 'PUT', svc('Role', 'Update'), admin, { id: role.body.result.id, name: roleName, displayName: roleName, grantedPermissions: [] });
    expect((await call(t.app, 'GET', svc('User', 'GetAll'), again)).status).toBe(403);
  });

  it('ends the tokens of a deactivated tenant\'s users at once', async () => {
    const tenant = await createTenant(t.app, host);
    const theirAdmin = await signIn(t.app, 'admin', '123qwe', tenant.id);
    expect((await probe(t.app, theirAdmin)).status).toBe(200);
    const off = await call(t.app, 'PUT', svc('Tenant', 'Update'), host, { id: tenant.id, tenancyName: tenant.tenancyName, name: 'x', isActive: false });
    expect(off.status).toBe(200);
    expect((await probe(t.app, theirAdmin)).status).toBe(401);
  });

  describe('/signalr', () => {
    let base: string;
    beforeAll(async () => { base = await listen(t.app); });

    it('refuses a socket from another site, accepts the app\'s own origin and CORS-less clients', async () => {
      const u = await createUser(t.app, admin);
      const token = await encryptedToken(t.app, u.userName, u.password, 1);
      await expect(connect(base, token, { origin: 'https://evil.example' })).rejects.toThrow(/refused 403/);
      const own = await connect(base, token, { origin: base.replace(/^ws/, 'http') });
      own.ws.close();
      const app = await connect(base, token);
      app.ws.close();
    });

    it('closes the open sockets of a user who is deactivated', async () => {
      const u = await createUser(t.app, admin);
      const socket = await connect(base, await encryptedToken(t.app, u.userName, u.password, 1));
      expect((await call(t.app, 'POST', svc('User', 'DeActivate'), admin, { id: u.id })).status).toBe(200);
      expect(await socket.closed).toBe(4401);
    });
  });

  it.runIf(!!process.env.DATABASE_URL)('ends a session on every server: deactivated on one, refused on the other', async () => {
    const second = await createSecondServer(t);
    try {
      const u = await createUser(t.app, admin);
      const me = await signIn(t.app, u.userName, u.password, 1);
      // Server two caches the user now.
      expect((await probe(second.app, me)).status).toBe(200);
      expect((await call(t.app, 'POST', svc('User', 'DeActivate'), admin, { id: u.id })).status).toBe(200);
      // Server two hears the NOTIFY shortly after the commit.
      let status = 200;
      for (let i = 0; i < 50 && status === 200; i++) {
        status = (await probe(second.app, me)).status;
        if (status === 200) await new Promise((r) => setTimeout(r, 100));
      }
      expect(status).toBe(401);
    } finally {
      await second.close();
    }
  });
});
