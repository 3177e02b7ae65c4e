import { afterEach, describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { createFakeApi, renderWithProviders } from '../../test/render.tsx';
import { fakeConfiguration } from '../../lib/test-config.ts';
import { readWedgeSettings, WEDGE_SETTINGS_KEY } from '../../lib/scanner/index.ts';
import { FloorHome, FloorOutboxSummary } from './floor-home.tsx';

const TILES = [
  { path: '/back/intoLogistics', title: '包裹签收' },
  { path: '/back/packStation', title: '打包称重' },
  { path: '/takephone/abnormalphoto', title: '异常拍照' },
];

function renderHome(ui: ReactNode) {
  const root = createRootRoute({ component: () => <Outlet /> });
  const index = createRoute({ getParentRoute: () => root, path: '/', component: () => <>{ui}</> });
  const router = createRouter({ routeTree: root.addChildren([index]), history: createMemoryHistory() });
  renderWithProviders(<RouterProvider router={router} />, { api: createFakeApi({ 'AbpUserConfiguration.getAll': () => fakeConfiguration() }).api });
}

afterEach(() => localStorage.clear());

describe('FloorHome', () => {
  it('one big link per floor screen, in the order given', async () => {
    renderHome(<FloorHome tiles={TILES} />);
    const tiles = await screen.findAllByTestId('floor-tile');
    expect(tiles.map((a) => a.getAttribute('href'))).toEqual(['/back/intoLogistics', '/back/packStation', '/takephone/abnormalphoto']);
    expect(tiles[0]!.textContent).toContain('扫码签收到仓包裹');
  });

  it('the scanner settings of this device are saved, clamped to what a wedge can be', async () => {
    renderHome(<FloorHome tiles={TILES} />);
    await userEvent.click(await screen.findByTestId('scanner-settings-toggle'));
    const gap = await screen.findByTestId('wedge-max-gap');
    await userEvent.clear(gap);
    await userEvent.type(gap, '120');
    await userEvent.click(screen.getByTestId('wedge-save'));
    await waitFor(() => expect(JSON.parse(localStorage.getItem(WEDGE_SETTINGS_KEY)!)).toEqual({ maxGapMs: 120, minLength: 4 }));
    localStorage.setItem(WEDGE_SETTINGS_KEY, JSON.stringify({ maxGapMs: 99999, minLength: 0 }));
    expect(readWedgeSettings()).toEqual({ maxGapMs: 50, minLength: 4 });
  });

  it('shows what the outbox still holds, and nothing when it is empty', async () => {
    renderHome(<FloorHome tiles={TILES} badge={<FloorOutboxSummary waiting={3} attention={1} />} />);
    expect((await screen.findByTestId('floor-outbox')).textContent).toBe('3 待同步 · 1 需处理');
  });

  it('an empty outbox shows no summary', async () => {
    renderHome(<FloorHome tiles={[]} badge={<FloorOutboxSummary waiting={0} attention={0} />} />);
    await screen.findByTestId('floor-home');
    expect(screen.queryByTestId('floor-outbox')).toBeNull();
    expect(screen.getByText('没有可用的作业页面，请联系管理员分配权限')).toBeTruthy();
  });
});
