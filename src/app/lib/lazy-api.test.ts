import { describe, expect, it, vi } from 'vitest';
import { buildRequest, type ApiRequest } from '#shared/api-client.ts';
import { services } from '#shared/contracts/index.ts';
import { CONFIGURATION_REQUEST, SESSION_REQUEST, authenticateRequest, createLazyApi, tenantAvailableRequest } from './lazy-api.ts';

describe('the lazily loaded api', () => {
  it('the start-up requests are exactly what the registry would send', () => {
    expect(CONFIGURATION_REQUEST).toEqual(buildRequest(services.abpUserConfiguration, 'getAll', undefined));
    expect(SESSION_REQUEST).toEqual(buildRequest(services.session, 'getCurrentLoginInformations', undefined));
    const input = { userNameOrEmailAddress: 'admin', password: '123qwe', rememberClient: true };
    expect(authenticateRequest(input)).toEqual(buildRequest(services.tokenAuth, 'authenticate', input));
    expect(tenantAvailableRequest({ tenancyName: 'Default' })).toEqual(buildRequest(services.account, 'isTenantAvailable', { tenancyName: 'Default' }));
  });

  it('switches tenant and signs in without loading the registry (the sign-in page never runs zod or the contracts)', async () => {
    const transport = vi.fn(async () => ({ accessToken: 't' }));
    const loadRegistry = vi.fn(() => import('#shared/api-client.ts'));
    const { api } = createLazyApi(transport, loadRegistry);
    const input = { userNameOrEmailAddress: 'admin', password: '123qwe', rememberClient: false };
    await api.account.isTenantAvailable({ tenancyName: 'Default' });
    await expect(api.tokenAuth.authenticate(input)).resolves.toEqual({ accessToken: 't' });
    expect(loadRegistry).not.toHaveBeenCalled();
    expect(transport).toHaveBeenNthCalledWith(1, tenantAvailableRequest({ tenancyName: 'Default' }), undefined);
    expect(transport).toHaveBeenNthCalledWith(2, authenticateRequest(input), undefined);
  });

  it('fetches the configuration without loading the registry', async () => {
    const transport = vi.fn(async () => ({ ok: true }));
    const loadRegistry = vi.fn(() => import('#shared/api-client.ts'));
    const { api } = createLazyApi(transport, loadRegistry);
    await expect(api.abpUserConfiguration.getAll()).resolves.toEqual({ ok: true });
    expect(loadRegistry).not.toHaveBeenCalled();
    expect(transport).toHaveBeenCalledWith(CONFIGURATION_REQUEST, undefined);
  });

  it('fetches the session without loading the registry (a signed-in start needs no contracts)', async () => {
    const transport = vi.fn(async () => ({ user: null }));
    const loadRegistry = vi.fn(() => import('#shared/api-client.ts'));
    const { api } = createLazyApi(transport, loadRegistry);
    await expect(api.session.getCurrentLoginInformations({})).resolves.toEqual({ user: null });
    expect(loadRegistry).not.toHaveBeenCalled();
    expect(transport).toHaveBeenCalledWith(SESSION_REQUEST, undefined);
  });

  it('loads the registry once, on the first other call, and sends what the registry builds', async () => {
    const sent: ApiRequest[] = [];
    const transport = vi.fn(async (r: ApiRequest) => { sent.push(r); return null; });
    const loadRegistry = vi.fn(() => import('#shared/api-client.ts'));
    const { api } = createLazyApi(transport, loadRegistry);
    await api.user.changePassword({ currentPassword: 'a', newPassword: 'bbbbbb' });
    await api.session.unlock({ password: 'x' });
    expect(loadRegistry).toHaveBeenCalledTimes(1);
    expect(sent.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /api/services/app/User/ChangePassword', 'POST /api/services/app/Session/Unlock']);
    expect(sent[0]!.body).toEqual({ currentPassword: 'a', newPassword: 'bbbbbb' });
  });

  it('a failed registry load is retried on the next call (a flaky network after a deploy)', async () => {
    let fail = true;
    const loadRegistry = vi.fn(() => (fail ? Promise.reject(new TypeError('Failed to fetch dynamically imported module')) : import('#shared/api-client.ts')));
    const { api } = createLazyApi(async () => true, loadRegistry);
    await expect(api.session.unlock({ password: 'x' })).rejects.toThrow('dynamically imported');
    fail = false;
    await expect(api.session.unlock({ password: 'x' })).resolves.toBe(true);
  });
});

describe('the configuration while signed out', () => {
  it('waits for the first screen to paint; signed in, or once painted, it goes at once', async () => {
    vi.resetModules();
    const fs = await import('./first-screen.ts');
    const { configurationAfterFirstScreen: defer, CONFIGURATION_REQUEST: CONFIG, SESSION_REQUEST: SESSION } = await import('./lazy-api.ts');
    let signedIn = false;
    const transport = vi.fn(async (r: ApiRequest) => r.url);
    const deferred = defer(transport, { isSignedIn: () => signedIn });

    const config = deferred(CONFIG);
    await deferred(SESSION);
    signedIn = true;
    await deferred(CONFIG);
    expect(transport.mock.calls.map(([r]) => r.url)).toEqual([SESSION.url, CONFIG.url]);

    fs.markFirstScreenShown();
    await expect(config).resolves.toBe(CONFIG.url);
    signedIn = false;
    await deferred(CONFIG);
    expect(transport).toHaveBeenCalledTimes(4);
  });
});
