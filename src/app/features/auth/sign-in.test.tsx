// Sign-in, the guard and the lock screen through the real route tree (memory history, fake api).
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryHistory, createRouter } from '@tanstack/react-router';
import type { ApiRequest } from '#shared/api-client.ts';
import { routeTree } from '../../route-tree.gen.ts';
import { createFakeApi, renderWithProviders, type FakeHandler } from '../../test/render.tsx';
import { createAuthStore } from '../../lib/auth.ts';
import { removeCookie } from '../../lib/cookies.ts';
import { ApiError } from '../../lib/http.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { fakeConfiguration } from '../../lib/test-config.ts';

const user = { id: 2, name: '管理员', surname: '', userName: 'admin', emailAddress: null, userType: 0 as const, userCode: null };

function start(path: string, handlers: Record<string, FakeHandler>) {
  const auth = createAuthStore();
  const { api, calls } = createFakeApi({
    'AbpUserConfiguration.getAll': () => fakeConfiguration(auth.isSignedIn() ? { userId: 2, tenantId: 1, granted: ['Pages.Users'], features: {} } : { tenantId: 1 }),
    'Session.getCurrentLoginInformations': () => ({
      application: { version: '1', releaseDate: '2026-11-22', features: {} },
      user: auth.isSignedIn() ? user : null,
      tenant: { id: 1, tenancyName: 'Default', name: 'Default' },
    }),
    'Notification.getUserNotifications': () => ({ totalCount: 0, unreadCount: 0, items: [] }),
    ...handlers,
  });
  const queryClient = createQueryClient();
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [path] }), context: { queryClient, api, auth } });
  renderWithProviders(<RouterProvider router={router} />, { api, queryClient });
  return { router, auth, calls };
}

const signIn = async (password: string) => {
  await userEvent.type(await screen.findByLabelText('用户名', {}, { timeout: 5000 }), 'admin');
  await userEvent.type(screen.getByLabelText('密码'), password);
  await userEvent.click(screen.getByRole('button', { name: '登录' }));
};

describe('sign-in and the guard, through the route tree', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    for (const c of ['enc_auth_token', 'Abp.TenantId']) removeCookie(c);
  });

  it('an anonymous visit to a deep route lands on sign-in; a refused sign-in shows why', async () => {
    const { router } = start('/nowhere/deep?x=1', {
      'TokenAuth.authenticate': () => { throw new ApiError('登录失败!', 'http', 401, '由于多次登录失败，您的账户已被临时锁定，请 5 分钟后再试。', null, true); },
    });
    await screen.findByRole('heading', { name: '欢迎登录' }, { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/');
    expect(new URLSearchParams(router.state.location.searchStr).get('redirect')).toBe('/nowhere/deep?x=1');
    await signIn('wrong');
    const alert = await screen.findByTestId('sign-in-error');
    expect(alert.textContent).toContain('登录失败');
    expect(alert.textContent).toContain('由于多次登录失败，您的账户已被临时锁定，请 5 分钟后再试。');
  });

  it('empty fields are reported before anything is sent', async () => {
    const { calls } = start('/', {});
    await userEvent.click(await screen.findByRole('button', { name: '登录' }));
    expect(await screen.findByText('用户名不能为空')).toBeTruthy();
    expect(screen.getByText('密码不能为空')).toBeTruthy();
    expect(calls.some((c) => c.service === 'TokenAuth')).toBe(false);
  });

  it('signing in keeps the token for the session only without 记住我 and goes where it was asked for', async () => {
    const { router, auth, calls } = start('/nowhere/deep', {
      'TokenAuth.authenticate': () => ({ accessToken: 'token-1', encryptedAccessToken: 'enc-1', expireInSeconds: 86400, userId: 2 }),
    });
    await signIn('123qwe');
    await waitFor(() => expect(router.state.location.pathname).toBe('/nowhere/deep'));
    expect(auth.getToken()).toBe('token-1');
    expect(sessionStorage.getItem('haicang.auth')).toContain('token-1');
    expect(localStorage.getItem('haicang.auth')).toBeNull();
    expect((calls.find((c) => c.action === 'authenticate') as ApiRequest).body).toEqual({ userNameOrEmailAddress: 'admin', password: '123qwe', rememberClient: false });
    expect(await screen.findByText('页面不存在')).toBeTruthy();
  });

  it('a signed-in user opening / is sent home; while locked every route leads to /locking until the right password', async () => {
    const auth = createAuthStore();
    auth.signIn({ accessToken: 't', encryptedAccessToken: 'e', expireInSeconds: 3600 }, true);
    auth.lock('/nowhere/last?tab=2');
    const { router } = start('/', {
      'Session.unlock': (r: ApiRequest) => {
        if ((r.body as { password: string }).password !== '123qwe') throw new ApiError('密码不正确，无法解锁。', 'http', 409);
        return true;
      },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/locking'));
    await router.navigate({ href: '/nowhere/else' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/locking'));

    await userEvent.type(await screen.findByLabelText('登录密码'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: '解锁' }));
    expect(await screen.findByText('密码不正确，无法解锁。')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/locking');

    await userEvent.clear(screen.getByLabelText('登录密码'));
    await userEvent.type(screen.getByLabelText('登录密码'), '123qwe');
    await userEvent.click(screen.getByRole('button', { name: '解锁' }));
    await waitFor(() => expect(router.state.location.href).toBe('/nowhere/last?tab=2'));
    expect(localStorage.getItem('haicang.locking')).toBe('0');

    await router.navigate({ href: '/' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/main/home'));
  });

  it('the shop-authorisation callback keeps shop_id and code', async () => {
    const { router } = start('/frontauthorization?shop_id=998877&code=0123e5', {});
    await waitFor(() => expect(router.state.location.pathname).toBe('/frontauthorization/success'));
    expect((await screen.findByTestId('shop-id')).textContent).toBe('998877');
    expect(screen.getByTestId('shop-code').textContent).toBe('0123e5');
  });
});
