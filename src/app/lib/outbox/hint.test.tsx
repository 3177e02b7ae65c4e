// The floor home and the badges open the outbox (and Dexie) only when something may be queued; a
// hint in localStorage says so without opening IndexedDB.
import 'fake-indexeddb/auto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../test/render.tsx';
import { createApiClient } from '#shared/api-client.ts';
import { OUTBOX_HINT_KEY, configureOutbox, outboxMayHaveRows, peekOutbox, useOutboxState } from './index.ts';
import { lazyOfflineApi } from './offline-api.ts';

let online = false;

beforeAll(() => {
  localStorage.removeItem(OUTBOX_HINT_KEY);
  configureOutbox({ getToken: () => 'tok', getTenantId: () => 1, getCulture: () => 'zh-Hans', getOwner: () => '1:1' });
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ success: true, result: { action: 'UNCLAIMED' } }), { status: 200 })));
});

function Watcher() {
  const state = useOutboxState({ onlyIfQueued: true });
  return <div data-testid="watch">{state ? `${state.waiting}` : 'none'}</div>;
}

describe('the outbox hint', () => {
  it('nothing queued: the badge does not open the outbox; a scan opens it and the badge follows', async () => {
    renderWithProviders(<Watcher />);
    await new Promise((r) => setTimeout(r, 300));
    expect(peekOutbox()).toBeNull();
    expect(screen.getByTestId('watch').textContent).toBe('none');

    // Offline, a scan is queued: the hint is set before the row is written, and the watcher attaches.
    const offlineApi = lazyOfflineApi(createApiClient(() => Promise.reject(new Error('offline: nothing is sent'))), () => Promise.reject(new Error('no upload')));
    const sent = await offlineApi.logistics.signByScan({ shipment: 'YT9001', warehouseInfoId: 1 }, { group: 'YT9001', label: 'YT9001' });
    expect(sent).toMatchObject({ kind: 'queued', waiting: 1 });
    // The hint follows the queue's state as the outbox reads it back (on a loaded machine, a moment later).
    await waitFor(() => expect(outboxMayHaveRows()).toBe(true));
    await waitFor(() => expect(screen.getByTestId('watch').textContent).toBe('1'));

    // Back online, the row is sent: the queue is empty and the hint is gone.
    online = true;
    await peekOutbox()!.run({ force: true });
    await waitFor(() => expect(screen.getByTestId('watch').textContent).toBe('0'));
    await waitFor(() => expect(outboxMayHaveRows()).toBe(false));
  });
});
