// Start-up painted from the last visit's reads, then checked with the server (lib/start-up.ts).
import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '#shared/api-client.ts';
import { ApiError } from './http.ts';
import { createAuthStore } from './auth.ts';
import { configurationQuery, sessionQuery } from './queries.ts';
import { loadStartUp, revalidateStartUp } from './start-up.ts';
import { fakeConfiguration } from './test-config.ts';
import { memoryStorage } from '../test/memory-storage.ts';


function signedInAuth() {
  const auth = createAuthStore(memoryStorage(), memoryStorage());
  auth.signIn({ accessToken: 'tok', encryptedAccessToken: 'enc', expireInSeconds: 3600 }, true);
  return auth;
}

const staff = (id: number) => ({
  application: { version: '1', releaseDate: '2026-11-22', features: {} },
  user: { id, userType: 0 as const, name: 'A', surname: '', userName: 'a', emailAddress: '', userCode: null },
  tenant: { id: 1, tenancyName: 'Default', name: 'Default' },
});

function fakeApi(answers: { config: () => unknown; session: () => unknown }) {
  const calls: string[] = [];
  const api = {
    abpUserConfiguration: { getAll: async () => { calls.push('config'); return answers.config(); } },
    session: { getCurrentLoginInformations: async () => { calls.push('session'); return answers.session(); } },
  } as unknown as ApiClient;
  return { api, calls };
}

/** A query client holding what the last visit saved: user 5 with one permission. */
function restored(api: ApiClient) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(configurationQuery(api).queryKey, fakeConfiguration({ userId: 5, tenantId: 1, granted: ['Pages.Old'] }));
  queryClient.setQueryData(sessionQuery(api).queryKey, staff(5));
  return queryClient;
}

describe('start-up from the last visit', () => {
  it('decides at once from the saved answers, without asking the server', async () => {
    const { api, calls } = fakeApi({ config: () => { throw new Error('not asked'); }, session: () => { throw new Error('not asked'); } });
    const state = await loadStartUp(restored(api), api, signedInAuth());
    expect(state.signedIn).toBe(true);
    expect([...state.granted!]).toEqual(['Pages.Old']);
    expect(calls).toEqual([]);
  });

  it('then asks the server; the fresh permissions are what the guard sees next', async () => {
    const { api, calls } = fakeApi({ config: () => fakeConfiguration({ userId: 5, tenantId: 1, granted: ['Pages.New'] }), session: () => staff(5) });
    const queryClient = restored(api);
    const auth = signedInAuth();
    expect(await revalidateStartUp(queryClient, api, auth)).toBe('changed');
    expect(calls.sort()).toEqual(['config', 'session']);
    const state = await loadStartUp(queryClient, api, auth);
    expect([...state.granted!]).toEqual(['Pages.New']);
  });

  it('the same answers again are \'current\' (nothing to run again)', async () => {
    const { api } = fakeApi({ config: () => fakeConfiguration({ userId: 5, tenantId: 1, granted: ['Pages.Old'] }), session: () => staff(5) });
    expect(await revalidateStartUp(restored(api), api, signedInAuth())).toBe('current');
  });

  it('a token the server no longer accepts signs out, and forgets the saved answers', async () => {
    const { api } = fakeApi({
      config: () => { throw new ApiError('未登录', 'http', 401, null, null, true); },
      session: () => staff(5),
    });
    const queryClient = restored(api);
    const auth = signedInAuth();
    expect(await revalidateStartUp(queryClient, api, auth)).toBe('signed-out');
    expect(auth.isSignedIn()).toBe(false);
    expect(queryClient.getQueryData(sessionQuery(api).queryKey)).toBeUndefined();
  });

  it('an answer with no user (expired or deactivated) signs out too', async () => {
    const { api } = fakeApi({ config: () => fakeConfiguration({ userId: null }), session: () => ({ user: null, tenant: null }) });
    const auth = signedInAuth();
    expect(await revalidateStartUp(restored(api), api, auth)).toBe('signed-out');
    expect(auth.isSignedIn()).toBe(false);
  });

  it('a server that does not answer changes nothing: the floor keeps working from what it has', async () => {
    const { api } = fakeApi({ config: () => { throw new ApiError('网络错误', 'network', null); }, session: () => staff(5) });
    const queryClient = restored(api);
    const auth = signedInAuth();
    expect(await revalidateStartUp(queryClient, api, auth)).toBe('unreachable');
    expect(auth.isSignedIn()).toBe(true);
    expect(queryClient.getQueryData(sessionQuery(api).queryKey)).toEqual(staff(5));
  });
});
