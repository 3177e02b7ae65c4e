// jsdom lacks what Mantine reads at mount.
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { markFirstScreenShown } from '../lib/first-screen.ts';

// Menus, selects and modals open with transitions, and the app project shares two cores with the
// database tests: give async queries room so a slow moment is not a failure.
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => cleanup());

// No root layout marks the first screen in a component test: work that waits for it runs at once.
markFirstScreenShown();

if (!window.matchMedia) {
  window.matchMedia = (query: string) => ({
    matches: false, media: query, onchange: null,
    addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false,
  }) as MediaQueryList;
}
class NoopResizeObserver { observe() {} unobserve() {} disconnect() {} }
(globalThis as { ResizeObserver?: unknown }).ResizeObserver ??= NoopResizeObserver;
