// 店铺授权 and the authorisation callback: the list with its 授权 button (to the platform page), the
// order sync's answer, and the success screen completing the authorisation through ProcessAuthorizer.
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryHistory, createRouter } from '@tanstack/react-router';
import type { AuthorizationShopDto } from '#shared/contracts/shopee.ts';
import { zhHans } from '#shared/i18n/zh-Hans.ts';
import { routeTree } from '../../route-tree.gen.ts';
import { createAuthStore } from '../../lib/auth.ts';
import { ApiError } from '../../lib/http.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { fakeConfiguration } from '../../lib/test-config.ts';
import { createFakeApi, renderWithProviders, type FakeHandler } from '../../test/render.tsx';
import { emulateViewport } from '../../components/list-page/testing.ts';
import { ShopListPage } from './shop-list-page.tsx';
import type { ShopListSearch } from './shop-queries.ts';

const shop = (over: Partial<AuthorizationShopDto>): AuthorizationShopDto => ({
  id: 1, userId: 7, shopId: 700100, shopName: '阿明的台湾店', customShopName: null, country: 'TW', shopeeStatus: 1,
  authTime: '2026-11-01T02:00:00Z', expireTime: '2027-11-01T02:00:00Z', syncedUntil: null, ...over,
});
const AUTH_URL = 'http://localhost/shopee-sandbox/api/v2/shop/auth_partner?partner_id=1000001&timestamp=1&sign=ab&redirect=x';

function setup(handlers: Record<string, FakeHandler> = {}) {
  const opened: string[] = [];
  const fake = createFakeApi({
    'AbpUserConfiguration.getAll': () => fakeConfiguration({ userId: 7, tenantId: 1, values: zhHans }),
    'AuthorizationShop.getAuthorizationShopList': () => ({ totalCount: 2, items: [shop({}), shop({ id: 2, shopId: 700200, shopName: 'Old Shop', customShopName: '旧店', shopeeStatus: 2 })] }),
    'AuthorizationShop.getComeBackUrl': () => AUTH_URL,
    ...handlers,
  });
  function Screen() {
    const [search, setSearch] = useState<ShopListSearch>({});
    return <ShopListPage search={search} onSearchChange={setSearch} openPlatform={(url) => opened.push(url)} />;
  }
  renderWithProviders(<Screen />, { api: fake.api });
  return { ...fake, opened };
}

describe('店铺授权 (seller)', () => {
  beforeEach(() => emulateViewport(1440));

  it('lists the shops by name with their state, and 授权店铺 goes to the platform page', async () => {
    const { opened, calls } = setup();
    expect(await screen.findByText('阿明的台湾店')).toBeTruthy();
    const old = screen.getByText('旧店').closest('tr') as HTMLElement;
    expect(within(old).getByText('Old Shop')).toBeTruthy();
    expect(within(old).getByText('已过期')).toBeTruthy();
    expect(within(screen.getByText('阿明的台湾店').closest('tr') as HTMLElement).getByText('已授权')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: /授权店铺/ }));
    await waitFor(() => expect(opened).toEqual([AUTH_URL]));
    // 重新授权 of a row asks for an address naming its shop (the callback must then be for it).
    await userEvent.click(within(old).getByRole('button', { name: /重新授权/ }));
    await waitFor(() => expect(opened).toEqual([AUTH_URL, AUTH_URL]));
    expect(calls.filter((c) => c.action === 'getComeBackUrl').map((c) => c.query ?? {})).toEqual([{}, { shopId: 700200 }]);
  });

  it('syncs the orders and shows what was created, skipped and why some failed', async () => {
    const { calls } = setup({
      'ShopeeOrder.batchCreate': () => ({ created: 2, skipped: 1, failed: [{ orderSn: '2611200001', reason: '没有站点 TW 的启用店铺，请先联系仓库添加店铺。' }] }),
    });
    await screen.findByText('阿明的台湾店');
    const toolbarSync = screen.getAllByRole('button', { name: /同步订单/ })[0]!;
    await userEvent.click(toolbarSync);
    const result = await screen.findByTestId('sync-result');
    expect(result.textContent).toContain('新增 2 单，已存在跳过 1 单，失败 1 单。');
    expect(within(result).getByText('2611200001')).toBeTruthy();
    expect(within(result).getByText('没有站点 TW 的启用店铺，请先联系仓库添加店铺。')).toBeTruthy();
    expect(calls.filter((c) => c.action === 'batchCreate').map((c) => c.body)).toEqual([{}]);
  });

  it('shows a refusal of the sync instead of a result', async () => {
    setup({ 'ShopeeOrder.batchCreate': () => { throw new ApiError('店铺 旧店 未授权、已过期或已取消，不能同步订单。', 'http', 409, null, null, false); } });
    await screen.findByText('阿明的台湾店');
    await userEvent.click(screen.getAllByRole('button', { name: /同步订单/ })[0]!);
    expect(await screen.findByText('店铺 旧店 未授权、已过期或已取消，不能同步订单。')).toBeTruthy();
    expect(screen.queryByTestId('sync-result')).toBeNull();
  });
});

describe('/frontauthorization/success', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  function start(path: string, handlers: Record<string, FakeHandler>, signedIn: boolean) {
    const auth = createAuthStore();
    if (signedIn) auth.signIn({ accessToken: 'token', encryptedAccessToken: 'enc', expireInSeconds: 3600 }, false);
    const { api, calls } = createFakeApi({
      'AbpUserConfiguration.getAll': () => fakeConfiguration(signedIn ? { userId: 7, tenantId: 1, granted: ['Front.Shops'], features: {} } : { tenantId: 1 }),
      'Session.getCurrentLoginInformations': () => ({
        application: { version: '1', releaseDate: '2026-11-22', features: {} },
        user: signedIn ? { id: 7, name: '阿明', surname: '', userName: 'aming', emailAddress: null, userType: 1, userCode: 'S00007' } : null,
        tenant: { id: 1, tenancyName: 'Default', name: 'Default' },
      }),
      ...handlers,
    });
    const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [path] }), context: { queryClient: createQueryClient(), api, auth } });
    renderWithProviders(<RouterProvider router={router} />, { api });
    return { calls };
  }

  it('completes the authorisation with the code, shop_id and state it was given and names the shop', async () => {
    const { calls } = start('/frontauthorization/success?state=v1.n.t.b&code=00ab12&shop_id=700100', {
      'AuthorizationShop.processAuthorizer': () => shop({}),
    }, true);
    expect((await screen.findByTestId('authorised-shop', {}, { timeout: 5000 })).textContent).toContain('阿明的台湾店');
    expect(screen.getByTestId('shop-id').textContent).toBe('700100');
    const made = calls.filter((c) => c.action === 'processAuthorizer');
    expect(made).toHaveLength(1);
    expect(made[0]!.body).toEqual({ code: '00ab12', shop_id: 700100, state: 'v1.n.t.b' });
    expect(screen.getByRole('link', { name: '查看我的店铺' }).getAttribute('href')).toBe('/authorizationshops/authorizationshoplist');
  });

  it('says why when the platform refuses the code', async () => {
    start('/frontauthorization/success?code=bad&shop_id=700100', {
      'AuthorizationShop.processAuthorizer': () => { throw new ApiError('授权码无效或已过期，请重新授权店铺。', 'http', 409, null, null, false); },
    }, true);
    expect(await screen.findByText('授权码无效或已过期，请重新授权店铺。', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('asks a visitor who is not signed in to sign in, and spends no code', async () => {
    const { calls } = start('/frontauthorization/success?code=00ab12&shop_id=700100', {}, false);
    expect(await screen.findByText('请先登录', {}, { timeout: 5000 })).toBeTruthy();
    expect(calls.some((c) => c.action === 'processAuthorizer')).toBe(false);
  });
});
