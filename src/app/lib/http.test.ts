import { describe, expect, it } from 'vitest';
import axios, { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { buildRequest } from '#shared/api-client.ts';
import { services } from '#shared/contracts/index.ts';
import { ApiError, createHttpTransport, REQUEST_TIMEOUT_MS } from './http.ts';
import { presentError } from './error-catalogue.ts';

const source = { getToken: () => 'tok', getTenantId: () => 1, getCulture: () => 'zh-Hans' };
const reply = (status: number, data: unknown): AxiosAdapter => async (config) => {
  if (status >= 400) throw new AxiosError('x', 'ERR_BAD_RESPONSE', config, null, { status, data, statusText: '', headers: {}, config });
  return { status, data, statusText: 'OK', headers: {}, config };
};

describe('http transport (spec 000 §7)', () => {
  it('sends the bearer token, the tenant and culture headers, a 30 s timeout, and reads result', async () => {
    let seen: InternalAxiosRequestConfig | undefined;
    const adapter: AxiosAdapter = async (config) => { seen = config; return reply(200, { result: { ok: 1 }, success: true })(config); };
    const send = createHttpTransport(source, axios.create({ adapter }));
    await expect(send(buildRequest(services.user, 'getAll', { currentPage: 1 }))).resolves.toEqual({ ok: 1 });
    expect(seen!.headers.Authorization).toBe('Bearer tok');
    expect(seen!.headers['Abp.TenantId']).toBe('1');
    expect(seen!.headers['.AspNetCore.Culture']).toBe('c=zh-Hans|uic=zh-Hans');
    expect(seen!.timeout).toBe(REQUEST_TIMEOUT_MS);
    expect(seen!.url).toBe('/api/services/app/User/GetAll');
  });

  it('turns the ABP error envelope into an ApiError with message, details and the 401 flag', async () => {
    const send = createHttpTransport(source, axios.create({ adapter: reply(401, { error: { message: '登录失败!', details: '用户名或密码无效。' }, unAuthorizedRequest: true }) }));
    const error = await send(buildRequest(services.tokenAuth, 'authenticate', { userNameOrEmailAddress: 'a', password: 'b' })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'http', status: 401, message: '登录失败!', details: '用户名或密码无效。', unAuthorizedRequest: true });
  });

  it('a 403 is no sign-out, though the server flags it unAuthorizedRequest as ABP does', async () => {
    const forbidden = reply(403, { error: { message: '未授予所需的权限。' }, unAuthorizedRequest: true });
    const send = createHttpTransport(source, axios.create({ adapter: forbidden }));
    const error = await send(buildRequest(services.role, 'getAll', {})).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'http', status: 403, unAuthorizedRequest: false });
    expect(presentError(error)).toMatchObject({ type: 'dialog', title: '业务错误：', content: '未授予所需的权限。' });
  });

  it('no response and a timeout are their own kinds', async () => {
    const down: AxiosAdapter = async (config) => { throw new AxiosError('Network Error', 'ERR_NETWORK', config); };
    const slow: AxiosAdapter = async (config) => { throw new AxiosError('timeout', 'ECONNABORTED', config); };
    const req = buildRequest(services.session, 'getCurrentLoginInformations', {});
    await expect(createHttpTransport(source, axios.create({ adapter: down }))(req)).rejects.toMatchObject({ kind: 'network', status: null });
    await expect(createHttpTransport(source, axios.create({ adapter: slow }))(req)).rejects.toMatchObject({ kind: 'timeout' });
  });
});
