import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient, type ApiRequest } from '#shared/api-client.ts';
import { services } from '#shared/contracts/index.ts';
import { clientKey, invalidateService, queryOf, type ServiceName } from './query-of.ts';

/** The real client over a transport that records what was asked and answers `answer`. */
function recordingApi(answer: unknown = { totalCount: 3, items: [] }) {
  const sent: ApiRequest[] = [];
  const transport = vi.fn(async (request: ApiRequest) => {
    sent.push(request);
    return answer;
  });
  return { api: createApiClient(transport), sent, transport };
}

describe('queryOf', () => {
  it('keys a query [service, action, input], and [service, action] without an input', () => {
    const { api } = recordingApi();
    const input = { maxResultCount: 10, skipCount: 0 };
    expect(queryOf(api, 'User', 'getAll', input).queryKey).toEqual(['User', 'getAll', input]);
    expect(queryOf(api, 'User', 'getRoles').queryKey).toEqual(['User', 'getRoles']);
    expect(queryOf(api, 'AbpUserConfiguration', 'getAll', undefined, { staleTime: 1 }).queryKey).toEqual(['AbpUserConfiguration', 'getAll']);
  });

  it('calls that service and action of the client with the input, and nothing else', async () => {
    const { api, sent } = recordingApi();
    const queryClient = new QueryClient();
    const input = { keyword: 'a', maxResultCount: 10, skipCount: 0 };
    await expect(queryClient.fetchQuery(queryOf(api, 'Role', 'getAll', input))).resolves.toEqual({ totalCount: 3, items: [] });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ service: 'Role', action: 'getAll', url: '/api/services/app/Role/GetAll', query: input });
    // A name whose client key is not the name with a lower-case first letter.
    await queryClient.fetchQuery(queryOf(api, 'YNRefusalOrder', 'getRefusalOrderList', {}));
    expect(sent[1]).toMatchObject({ service: 'YNRefusalOrder', action: 'getRefusalOrderList' });
  });

  it('calls without an input when none is given (as api.user.getRoles() does)', async () => {
    const getRoles = vi.fn(async () => ({ items: [] }));
    const { api } = recordingApi();
    const fake = { ...api, user: { ...api.user, getRoles } };
    await new QueryClient().fetchQuery(queryOf(fake, 'User', 'getRoles'));
    expect(getRoles).toHaveBeenCalledWith();
  });

  it('keeps the call site\'s options: staleTime, enabled, select (typed from the answer)', async () => {
    const { api } = recordingApi();
    const options = queryOf(api, 'User', 'getAll', {}, { staleTime: 60_000, enabled: false, select: (r) => r.totalCount });
    expect(options).toMatchObject({ staleTime: 60_000, enabled: false });
    expect(options.select?.({ totalCount: 7, items: [] })).toBe(7);
  });

  it('finds every service of the registry under its client key', () => {
    for (const [key, service] of Object.entries(services)) expect(clientKey(service.name as ServiceName)).toBe(key);
  });

  it('refuses, at compile time, a service or an action the registry does not have, and a wrong input', () => {
    const { api } = recordingApi();
    // @ts-expect-error not a service of the registry
    queryOf(api, 'Users', 'getAll', {});
    // @ts-expect-error the client key, not the service name
    queryOf(api, 'user', 'getAll', {});
    // @ts-expect-error not an action of User
    queryOf(api, 'User', 'getEverything', {});
    // @ts-expect-error a file answer is a link, not a query
    queryOf(api, 'File', 'getPdf', {});
    // @ts-expect-error the input's type comes from the contract
    queryOf(api, 'BackOrder', 'getOrderInfo', { id: 'seven' });
    // @ts-expect-error an action whose input is required needs one
    queryOf(api, 'BackOrder', 'getOrderInfo');
    // @ts-expect-error not a service to invalidate
    void invalidateService(new QueryClient(), 'Roles');
    expect(true).toBe(true); // the assertions above are the compiler's (npx tsc -p . --noEmit)
  });
});

describe('invalidateService', () => {
  it('invalidates that service\'s queries (or one action\'s) and no other', async () => {
    const queryClient = new QueryClient();
    for (const key of [['Role', 'getAll', {}], ['Role', 'getAllPermissions'], ['User', 'getAll', {}]]) queryClient.setQueryData(key, 1);
    const invalid = () => queryClient.getQueryCache().getAll().filter((q) => q.state.isInvalidated).map((q) => q.queryKey);
    await invalidateService(queryClient, 'Role', 'getAllPermissions');
    expect(invalid()).toEqual([['Role', 'getAllPermissions']]);
    await invalidateService(queryClient, 'Role');
    expect(invalid()).toEqual([['Role', 'getAll', {}], ['Role', 'getAllPermissions']]);
  });
});

const APP = path.resolve(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

/** Hand-written keys that are not one registry call as queryOf makes it; each says why beside it. */
const HAND_WRITTEN_KEYS: Record<string, number> = {
  'features/admin/groups/group-queries.ts': 1, // one call for all groups, paged and filtered here
  'features/statistics/statistic-page.tsx': 1, // the definition picks the action and unwraps the answer
  'features/shops/shop-authorization-callback.tsx': 1, // answers refusals as values, keyed by the callback's code
};

describe('query keys in src/app', () => {
  it('come from queryOf (or #shared/query-key.ts), not from a hand-written literal outside the allow-list', () => {
    const found: Record<string, number> = {};
    for (const file of sources(APP)) {
      const n = readFileSync(file, 'utf8').match(/queryKey:\s*\[/g)?.length ?? 0;
      if (n) found[path.relative(APP, file).split(path.sep).join('/')] = n;
    }
    expect(found).toEqual(HAND_WRITTEN_KEYS);
  });

  it('query-of.ts loads nothing of the registry (floor chunks stay small): its registry imports are types only', () => {
    const source = readFileSync(path.join(import.meta.dirname, 'query-of.ts'), 'utf8');
    const registryImports = source.match(/^import .*from '#shared\/(contracts\/[^']*|api-client\.ts)';$/gm) ?? [];
    expect(registryImports.length).toBeGreaterThan(0);
    for (const line of registryImports) expect(line).toMatch(/^import type /);
  });
});
