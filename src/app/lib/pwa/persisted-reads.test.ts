// The floor's reads survive a reload for the signed-in user only.
import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { READS_KEY, READS_MAX_AGE_MS, persistReads, readsOwner, restoreReads } from './persisted-reads.ts';
import { memoryStorage } from '../../test/memory-storage.ts';

const ME = readsOwner(1, 'token-of-user-5');

const config = (userId: number | null) => ({ session: { userId }, auth: { grantedPermissions: {} } });
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));


describe('persisted reads', () => {
  it('keeps configuration, session and warehouses of a signed-in user, and nothing else', async () => {
    const storage = memoryStorage();
    const a = new QueryClient();
    const off = persistReads(a, () => ME, storage);
    a.setQueryData(['AbpUserConfiguration', 'getAll'], config(5));
    a.setQueryData(['Session', 'getCurrentLoginInformations'], { user: { id: 5 }, tenant: { id: 1 } });
    a.setQueryData(['WarehouseInfo', 'getWarehouseInfoList', { isEnabled: true }], { items: [{ id: 7 }] });
    a.setQueryData(['Order', 'getAll', {}], { items: [{ id: 1 }] });
    await wait(700);
    off();

    const b = new QueryClient();
    expect(restoreReads(b, ME, storage)).toBe(true);
    expect(b.getQueryData(['Session', 'getCurrentLoginInformations'])).toEqual({ user: { id: 5 }, tenant: { id: 1 } });
    expect(b.getQueryData(['WarehouseInfo', 'getWarehouseInfoList', { isEnabled: true }])).toEqual({ items: [{ id: 7 }] });
    expect(b.getQueryData(['AbpUserConfiguration', 'getAll'])).toEqual(config(5));
    expect(b.getQueryData(['Order', 'getAll', {}])).toBeUndefined();
  });

  it('never keeps the anonymous configuration, and drops everything when nobody is signed in', async () => {
    const storage = memoryStorage();
    const a = new QueryClient();
    let signedIn = true;
    const off = persistReads(a, () => (signedIn ? ME : null), storage);
    a.setQueryData(['AbpUserConfiguration', 'getAll'], config(null));
    a.setQueryData(['Session', 'getCurrentLoginInformations'], { user: { id: 5 } });
    await wait(700);
    const saved = JSON.parse(storage.getItem(READS_KEY)!) as { state: { queries: { queryKey: unknown[] }[] } };
    expect(saved.state.queries.map((q) => q.queryKey[0])).toEqual(['Session']);
    signedIn = false;
    a.setQueryData(['Session', 'getCurrentLoginInformations'], { user: null });
    await wait(700);
    off();
    expect(storage.getItem(READS_KEY)).toBeNull();
    expect(restoreReads(new QueryClient(), null, storage)).toBe(false);
  });

  it('forgets reads older than a week, and reads of a session that ended', () => {
    const storage = memoryStorage();
    const state = { mutations: [], queries: [{ queryKey: ['Session', 'x'], queryHash: '["Session","x"]', state: { data: { user: { id: 1 } }, status: 'success', dataUpdatedAt: 1, error: null, errorUpdatedAt: 0, fetchFailureCount: 0, fetchFailureReason: null, fetchMeta: null, isInvalidated: false, fetchStatus: 'idle', dataUpdateCount: 1, errorUpdateCount: 0 } }] };
    storage.setItem(READS_KEY, JSON.stringify({ savedAt: 1_000, owner: ME, state }));
    expect(restoreReads(new QueryClient(), ME, storage, 1_000 + READS_MAX_AGE_MS + 1)).toBe(false);
    expect(storage.getItem(READS_KEY)).toBeNull();
    storage.setItem(READS_KEY, JSON.stringify({ savedAt: 1_000, owner: ME, state }));
    expect(restoreReads(new QueryClient(), null, storage, 2_000)).toBe(false);
    expect(storage.getItem(READS_KEY)).toBeNull();
  });

  it('belong to the token that saved them: another sign-in (or tenant) finds none', () => {
    const storage = memoryStorage();
    const state = { mutations: [], queries: [{ queryKey: ['Session', 'x'], queryHash: '["Session","x"]', state: { data: { user: { id: 1 } }, status: 'success', dataUpdatedAt: 1, error: null, errorUpdatedAt: 0, fetchFailureCount: 0, fetchFailureReason: null, fetchMeta: null, isInvalidated: false, fetchStatus: 'idle', dataUpdateCount: 1, errorUpdateCount: 0 } }] };
    expect(readsOwner(1, 'a')).not.toBe(readsOwner(2, 'a'));
    expect(readsOwner(1, 'a')).not.toBe(readsOwner(1, 'b'));
    expect(readsOwner(1, null)).toBeNull();
    storage.setItem(READS_KEY, JSON.stringify({ savedAt: 1_000, owner: ME, state }));
    expect(restoreReads(new QueryClient(), readsOwner(1, 'token-of-someone-else'), storage, 2_000)).toBe(false);
    expect(storage.getItem(READS_KEY)).toBeNull();
    storage.setItem(READS_KEY, JSON.stringify({ savedAt: 1_000, owner: ME, state }));
    const b = new QueryClient();
    expect(restoreReads(b, ME, storage, 2_000)).toBe(true);
    expect(b.getQueryData(['Session', 'x'])).toEqual({ user: { id: 1 } });
  });
});
