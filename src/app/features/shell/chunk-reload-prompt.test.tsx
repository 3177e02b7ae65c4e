import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { Outlet, RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { createFakeApi, renderWithProviders } from '../../test/render.tsx';
import { fakeConfiguration } from '../../lib/test-config.ts';
import { ChunkReloadPrompt, reportChunkError } from './chunk-reload-prompt.tsx';

async function renderPrompt() {
  const root = createRootRoute({ component: () => <><Outlet /><ChunkReloadPrompt /></> });
  const index = createRoute({ getParentRoute: () => root, path: '/', component: () => <div data-testid="page" /> });
  const router = createRouter({ routeTree: root.addChildren([index]), history: createMemoryHistory() });
  renderWithProviders(<RouterProvider router={router} />, { api: createFakeApi({ 'AbpUserConfiguration.getAll': () => fakeConfiguration() }).api });
  await screen.findByTestId('page');
}

describe('<ChunkReloadPrompt>', () => {
  it("offers a reload when Vite reports a chunk that failed after a deploy, and handles Vite's event", async () => {
    await renderPrompt();
    expect(screen.queryByTestId('reload-prompt')).toBeNull();
    const event = new Event('vite:preloadError', { cancelable: true });
    act(() => { window.dispatchEvent(event); });
    expect(await screen.findByTestId('reload-prompt')).toBeTruthy();
    expect(screen.getByRole('button', { name: '刷新页面' })).toBeTruthy();
    expect(event.defaultPrevented).toBe(true);
  });

  it('opens when a screen reports a failed dynamic import', async () => {
    await renderPrompt();
    act(() => reportChunkError());
    expect(await screen.findByText('系统已更新')).toBeTruthy();
  });
});
