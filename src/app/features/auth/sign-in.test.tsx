// Sign-in, the guard and the lock screen through the real route tree (memory history, fake api).
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
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

  it('注册 opens a form (租户, 用户名, 密码 twice, 姓名, 邮箱, 手机号) that names its errors, registers in the tenant, then signs in', async () => {
    let taken = true;
    const { router, auth, calls } = start('/', {
      'Account.isTenantAvailable': (r: ApiRequest) => ((r.body as { tenancyName: string }).tenancyName === 'Default' ? { state: 1, tenantId: 1 } : { state: 3, tenantId: null }),
      'Account.register': () => {
        if (taken) { taken = false; throw new ApiError('用户名 seller9 已被使用。', 'http', 409); }
        return { canLogin: true, userId: 9, userCode: 'S00009' };
      },
      'TokenAuth.authenticate': () => ({ accessToken: 'token-9', encryptedAccessToken: 'enc-9', expireInSeconds: 86400, userId: 9 }),
    });
    await userEvent.click(await screen.findByRole('button', { name: '注册' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: '注册卖家账号' });
    const field = (label: RegExp) => within(dialog).getByLabelText(label);
    await userEvent.click(within(dialog).getByRole('button', { name: '注册' }));
    expect(within(dialog).getByText('请输入租户名称')).toBeTruthy();
    expect(within(dialog).getByText('请输入用户名')).toBeTruthy();
    expect(within(dialog).getByText('请输入密码')).toBeTruthy();
    expect(within(dialog).getByText('请再次输入密码')).toBeTruthy();
    expect(within(dialog).getByText('请输入姓名')).toBeTruthy();

    await userEvent.type(field(/^租户/), 'Nope');
    await userEvent.type(field(/^用户名/), 'seller9');
    await userEvent.type(field(/^密码/), 'secret12');
    await userEvent.type(field(/^确认密码/), 'secret13');
    await userEvent.type(field(/^姓名/), '赵六');
    await userEvent.type(field(/^邮箱/), 'seller9@example.com');
    await userEvent.type(field(/^手机号/), '13800000009');
    await userEvent.click(within(dialog).getByRole('button', { name: '注册' }));
    expect(within(dialog).getByText('两次输入的密码不一致')).toBeTruthy();
    await userEvent.clear(field(/^确认密码/));
    await userEvent.type(field(/^确认密码/), 'secret12');
    await userEvent.click(within(dialog).getByRole('button', { name: '注册' }));
    expect(await within(dialog).findByText('没有名为 Nope 的租户')).toBeTruthy();
    expect(calls.some((c) => c.action === 'register')).toBe(false);

    await userEvent.clear(field(/^租户/));
    await userEvent.type(field(/^租户/), 'Default');
    await userEvent.click(within(dialog).getByRole('button', { name: '注册' }));
    expect(await within(dialog).findByText('用户名 seller9 已被使用。')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: '注册' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/main/home'));
    expect(auth.getToken()).toBe('token-9');
    expect(calls.filter((c) => c.action === 'register').at(-1)!.body).toEqual({
      userName: 'seller9', password: 'secret12', name: '赵六', emailAddress: 'seller9@example.com', phoneNumber: '13800000009',
    });
    expect((calls.find((c) => c.action === 'authenticate') as ApiRequest).body).toMatchObject({ userNameOrEmailAddress: 'seller9', password: 'secret12' });
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

  it('on a floor device (a phone, the installed app) 记住我 starts ticked: a device token kept in localStorage (decision 0068)', async () => {
    const wide = window.matchMedia;
    window.matchMedia = (query: string) => ({ ...wide(query), matches: query.includes('display-mode: standalone') });
    try {
      const { router, auth, calls } = start('/', {
        'TokenAuth.authenticate': () => ({ accessToken: 'token-d', encryptedAccessToken: 'enc-d', expireInSeconds: 7 * 86400, userId: 2 }),
      });
      expect(((await screen.findByLabelText('记住我', {}, { timeout: 5000 })) as HTMLInputElement).checked).toBe(true);
      await signIn('123qwe');
      await waitFor(() => expect(router.state.location.pathname).not.toBe('/'));
      expect(auth.getToken()).toBe('token-d');
      expect(localStorage.getItem('haicang.auth')).toContain('token-d');
      expect(sessionStorage.getItem('haicang.auth')).toBeNull();
      expect((calls.find((c) => c.action === 'authenticate') as ApiRequest).body).toMatchObject({ rememberClient: true });
    } finally {
      window.matchMedia = wide;
    }
  });

  it('says when this device holds offline work waiting for the one who did it', async () => {
    localStorage.setItem('haicang.outbox.open', '1');
    start('/', {});
    expect((await screen.findByTestId('sign-in-queued', {}, { timeout: 5000 })).textContent).toContain('由操作人本人登录后自动同步');
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
