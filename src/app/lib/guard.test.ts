import { describe, expect, it } from 'vitest';
import { decideAccess, safeRedirect, type AccessInput } from './guard.ts';

const base: AccessInput = {
  pathname: '/main/home', searchStr: '', signedIn: true, locked: false, metas: [{}, { title: '首页' }],
  granted: new Set(['Pages.Users']), side: 'staff',
};
const decide = (over: Partial<AccessInput>) => decideAccess({ ...base, ...over });

describe('access guard (spec 000 §2)', () => {
  it('sends an anonymous visitor of a deep route to sign-in, remembering where they were going', () => {
    expect(decide({ signedIn: false, granted: null, side: null, pathname: '/setting/user', searchStr: '?page=2' }))
      .toEqual({ type: 'redirect', to: '/', search: { redirect: '/setting/user?page=2' } });
    expect(decide({ signedIn: false, granted: null, side: null, pathname: '/main/home' })).toEqual({ type: 'redirect', to: '/', search: undefined });
  });

  it('lets an anonymous visitor open sign-in and the public pages', () => {
    expect(decide({ signedIn: false, pathname: '/' })).toEqual({ type: 'allow' });
    expect(decide({ signedIn: false, pathname: '/frontauthorization/cancel', metas: [{}, { public: true }] })).toEqual({ type: 'allow' });
  });

  it('sends a signed-in user who opens sign-in home, or back to a safe return address', () => {
    expect(decide({ pathname: '/' })).toEqual({ type: 'redirect', to: '/main/home' });
    expect(decide({ pathname: '/', searchStr: '?redirect=%2Fsetting%2Fuser' })).toEqual({ type: 'redirect', to: '/setting/user' });
    expect(decide({ pathname: '/', searchStr: '?redirect=https://evil.example' })).toEqual({ type: 'redirect', to: '/main/home' });
    expect(decide({ pathname: '/', searchStr: '?redirect=//evil.example' })).toEqual({ type: 'redirect', to: '/main/home' });
  });

  it('while the lock flag is 1, leads every route to the lock screen', () => {
    for (const pathname of ['/', '/main/home', '/setting/user', '/nowhere']) {
      expect(decide({ locked: true, pathname })).toEqual({ type: 'redirect', to: '/locking' });
    }
    expect(decide({ locked: true, pathname: '/locking' })).toEqual({ type: 'allow' });
  });

  it('the lock screen without a lock goes home, and without a session goes to sign-in', () => {
    expect(decide({ pathname: '/locking' })).toEqual({ type: 'redirect', to: '/main/home' });
    expect(decide({ pathname: '/locking', signedIn: false, locked: true })).toEqual({ type: 'redirect', to: '/' });
  });

  it('shows 403 for a route whose permission the user lacks', () => {
    const metas = [{}, { title: '用户管理', permission: 'Pages.Users' as const }];
    expect(decide({ pathname: '/setting/user', metas })).toEqual({ type: 'allow' });
    expect(decide({ pathname: '/setting/user', metas, granted: new Set() })).toEqual({ type: 'forbidden', missing: 'Pages.Users' });
  });

  it("shows 403 for a route of the other side (a seller on a staff screen and the reverse)", () => {
    expect(decide({ side: 'seller', metas: [{ side: 'staff' }] })).toEqual({ type: 'forbidden', missing: null });
    expect(decide({ side: 'staff', metas: [{ side: 'seller' }] })).toEqual({ type: 'forbidden', missing: null });
    expect(decide({ side: 'seller', metas: [{ side: 'any' }] })).toEqual({ type: 'allow' });
  });

  it('rewrites any address carrying shop_id and code to the authorisation success route', () => {
    const expected = { type: 'redirect', to: '/frontauthorization/success', search: { shop_id: '123456', code: '4c6f6e67' } };
    expect(decide({ pathname: '/frontauthorization', searchStr: '?shop_id=123456&code=4c6f6e67' })).toEqual(expected);
    expect(decide({ pathname: '/some/unknown/path', searchStr: 'code=4c6f6e67&shop_id=123456&extra=1', signedIn: false })).toEqual(expected);
    // The state the authorisation address carried goes along (ProcessAuthorizer checks it).
    expect(decide({ pathname: '/frontauthorization', searchStr: '?state=v1.a.b.c&shop_id=123456&code=4c6f6e67' }))
      .toEqual({ ...expected, search: { ...expected.search, state: 'v1.a.b.c' } });
    // Already there: no loop. Only one of the two: nothing to rewrite.
    expect(decide({ pathname: '/frontauthorization/success', searchStr: '?shop_id=1&code=2', metas: [{ public: true }] })).toEqual({ type: 'allow' });
    expect(decide({ pathname: '/main/home', searchStr: '?code=2' })).toEqual({ type: 'allow' });
  });

  it('accepts only same-site paths as return addresses', () => {
    expect(safeRedirect('/setting/user?x=1')).toBe('/setting/user?x=1');
    expect(safeRedirect('//evil.example/x')).toBeNull();
    expect(safeRedirect('/\\evil.example')).toBeNull();
    expect(safeRedirect('https://evil.example')).toBeNull();
    expect(safeRedirect('/locking')).toBeNull();
    expect(safeRedirect(undefined)).toBeNull();
  });
});
