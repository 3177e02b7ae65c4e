// The outbox asks for persistent storage when it first loads (issue 45 §3): the queue and its photos
// should not be evicted as best-effort data while the phone waits for the network.
import 'fake-indexeddb/auto';
import { expect, it, vi } from 'vitest';
import { configureOutbox, loadOutbox } from './index.ts';

it('loading the outbox asks navigator.storage.persist() once', async () => {
  const persist = vi.fn(async () => true);
  Object.defineProperty(navigator, 'storage', { configurable: true, value: { persist } });
  configureOutbox({ getToken: () => 'tok', getTenantId: () => 1, getCulture: () => 'zh-Hans', getOwner: () => '1:1' });
  const outbox = await loadOutbox();
  await loadOutbox();
  expect(persist).toHaveBeenCalledTimes(1);
  // start() began a run; the database closes after it, not under it (else Dexie rejects it unhandled).
  await outbox.run();
  outbox.close();
});
