// The banner: offline it says scans are kept; a 401 pauses the queue and asks to sign in again,
// keeping every row; after signing in again the queue goes on.
import 'fake-indexeddb/auto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { createFakeApi, renderWithProviders } from '../../test/render.tsx';
import { fakeConfiguration } from '../test-config.ts';
import { createAuthStore } from '../auth.ts';
import { configureOutbox, loadOutbox } from './index.ts';
import { OfflineBanner } from './outbox-status.tsx';

const auth = createAuthStore();
let online = true;
let status = 401;
const sent: string[] = [];

beforeAll(() => {
  auth.signIn({ accessToken: 'old', encryptedAccessToken: 'x', expireInSeconds: 3600 }, false);
  configureOutbox({ getToken: auth.getToken, getTenantId: () => 1, getCulture: () => 'zh-Hans', getOwner: () => (auth.isSignedIn() ? '1:1' : null) });
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  vi.stubGlobal('fetch', vi.fn(async (_url: string, init: RequestInit) => {
    sent.push((init.headers as Record<string, string>).Authorization ?? '');
    return status === 401
      ? new Response(JSON.stringify({ success: false, error: { message: '未登录' }, unAuthorizedRequest: true }), { status: 401 })
      : new Response(JSON.stringify({ success: true, result: { action: 'SIGNED' } }), { status: 200 });
  }));
});

async function renderBanner() {
  const root = createRootRoute({ component: () => <><OfflineBanner /><Outlet /></> });
  const station = createRoute({ getParentRoute: () => root, path: '/back/intoLogistics', component: () => <div data-testid="station" /> });
  const signIn = createRoute({ getParentRoute: () => root, path: '/', component: () => <div data-testid="sign-in" /> });
  const router = createRouter({ routeTree: root.addChildren([station, signIn]), history: createMemoryHistory({ initialEntries: ['/back/intoLogistics'] }), context: { auth } });
  renderWithProviders(<RouterProvider router={router} />, { api: createFakeApi({ 'AbpUserConfiguration.getAll': () => fakeConfiguration() }).api });
  await screen.findByTestId('station');
  return router;
}

describe('<OfflineBanner>', () => {
  it('offline: says scans are kept on this device', async () => {
    online = false;
    await renderBanner();
    expect(await screen.findByTestId('offline-banner')).toBeTruthy();
    expect(screen.getByText('网络已断开：扫码等操作先保存在本机，联网后自动同步')).toBeTruthy();
    online = true;
    act(() => { window.dispatchEvent(new Event('online')); });
    await waitFor(() => expect(screen.queryByTestId('offline-banner')).toBeNull());
  });

  it('a 401 pauses the queue and asks to sign in again; nothing is dropped, and it goes on afterwards', async () => {
    const router = await renderBanner();
    const outbox = await loadOutbox();
    await outbox.enqueue({ service: 'Logistics', action: 'signByScan', method: 'POST', url: '/x', body: { shipment: 'YT1' } }, { group: 'a', label: 'YT1' });
    await outbox.enqueue({ service: 'Logistics', action: 'signByScan', method: 'POST', url: '/x', body: { shipment: 'YT2' } }, { group: 'b', label: 'YT2' });
    await act(() => outbox.run());
    expect(outbox.isPaused()).toBe(true);
    expect(await screen.findByTestId('outbox-paused')).toBeTruthy();
    expect(screen.getByText('2 条待同步的操作已保留在本机，重新登录后继续同步。')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: '重新登录' }));
    await screen.findByTestId('sign-in');
    expect(auth.isSignedIn()).toBe(false);
    expect(router.state.location.search).toEqual({ redirect: '/back/intoLogistics' });
    expect(await outbox.db.entries.count()).toBe(2);

    // Signed in again (the session answer resumes the queue, see lib/pwa): both go, with the new token.
    status = 200;
    auth.signIn({ accessToken: 'new', encryptedAccessToken: 'y', expireInSeconds: 3600 }, false);
    outbox.resume();
    await waitFor(async () => expect(await outbox.counts()).toEqual({ waiting: 0, attention: 0 }));
    expect(sent).toEqual(['Bearer old', 'Bearer new', 'Bearer new']);
  });
});
