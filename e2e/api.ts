// The app's API as the specs call it to set up their data: one helper instead of a copy per spec.
import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * `call(method, 'Service/Action', headers, data)`: the action's result; the test fails on an error
 * answer, naming the action and the server's error. A GET sends `data` as its query.
 */
export function apiCall(request: APIRequestContext) {
  return async function call(method: 'get' | 'post', path: string, headers: Record<string, string>, data?: unknown) {
    const r = method === 'get'
      ? await request.get(`/api/services/app/${path}`, { headers, params: data as Record<string, string> })
      : await request.post(`/api/services/app/${path}`, { headers, data });
    const body = await r.json();
    expect(r.ok(), `${path}: ${JSON.stringify(body.error)}`).toBe(true);
    return body.result;
  };
}
