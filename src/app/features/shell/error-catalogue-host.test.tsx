import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMutation, useQuery } from '@tanstack/react-query';
import { createFakeApi, renderWithProviders } from '../../test/render.tsx';
import { ApiError, useApi } from '../../lib/http.ts';
import { fakeConfiguration } from '../../lib/test-config.ts';
import { ErrorCatalogueHost } from './error-catalogue-host.tsx';

function FailingQuery({ local = false }: { local?: boolean }) {
  const api = useApi();
  useQuery({ queryKey: ['User', 'getAll'], queryFn: () => api.user.getAll({}), meta: local ? { errorHandling: 'local' } : undefined });
  return null;
}

function FailingMutation() {
  const api = useApi();
  const m = useMutation({ mutationFn: () => api.user.delete({ id: 5 }) });
  useEffect(() => { m.mutate(); }, []); // eslint-disable-line react-hooks/exhaustive-deps
  return null;
}

const apiFailing = (error: ApiError) => createFakeApi({
  'AbpUserConfiguration.getAll': () => fakeConfiguration({ userId: 2, tenantId: 1 }),
  'User.getAll': () => { throw error; },
  'User.delete': () => { throw error; },
}).api;

describe('<ErrorCatalogueHost>', () => {
  it('a failed query with message and details opens a dialog titled with the message', async () => {
    renderWithProviders(<><ErrorCatalogueHost onUnauthorized={() => {}} /><FailingQuery /></>, {
      api: apiFailing(new ApiError('未授予所需的权限。', 'http', 403, '缺少权限：Pages.Users')),
    });
    expect((await screen.findByTestId('error-dialog-title')).textContent).toBe('未授予所需的权限。');
    expect(screen.getByTestId('error-dialog-content').textContent).toBe('缺少权限：Pages.Users');
    await userEvent.click(screen.getByRole('button', { name: '知道了' }));
    await waitFor(() => expect(screen.queryByTestId('error-dialog-title')).toBeNull());
  });

  it('a failed mutation with only a message opens 业务错误：', async () => {
    renderWithProviders(<><ErrorCatalogueHost onUnauthorized={() => {}} /><FailingMutation /></>, {
      api: apiFailing(new ApiError('用户已有订单，不能删除。', 'http', 409)),
    });
    expect((await screen.findByTestId('error-dialog-title')).textContent).toBe('业务错误：');
    expect(screen.getByTestId('error-dialog-content').textContent).toBe('用户已有订单，不能删除。');
  });

  it('no response opens 未知错误', async () => {
    renderWithProviders(<><ErrorCatalogueHost onUnauthorized={() => {}} /><FailingQuery /></>, { api: apiFailing(new ApiError('未知错误', 'network', null)) });
    expect((await screen.findByTestId('error-dialog-title')).textContent).toBe('未知错误');
  });

  it('in English the catalogue\'s own words are English (the title and what to do)', async () => {
    const values = {
      未知错误: 'Unknown error', '无法连接服务器，请检查网络后重试。': 'Cannot reach the server. Check the network and try again.', 知道了: 'OK',
    };
    const { api } = createFakeApi({
      'AbpUserConfiguration.getAll': () => fakeConfiguration({ userId: 2, tenantId: 1, values }),
      'User.getAll': () => { throw new ApiError('未知错误', 'network', null); },
    });
    renderWithProviders(<><ErrorCatalogueHost onUnauthorized={() => {}} /><FailingQuery /></>, { api });
    expect((await screen.findByTestId('error-dialog-title')).textContent).toBe('Unknown error');
    expect(screen.getByTestId('error-dialog-content').textContent).toBe('Cannot reach the server. Check the network and try again.');
  });

  it('401 signs out instead of opening a dialog', async () => {
    const onUnauthorized = vi.fn();
    renderWithProviders(<><ErrorCatalogueHost onUnauthorized={onUnauthorized} /><FailingQuery /></>, {
      api: apiFailing(new ApiError('当前用户没有登录到系统！', 'http', 401, '登录已过期或令牌无效，请重新登录。', null, true)),
    });
    await waitFor(() => expect(onUnauthorized).toHaveBeenCalledWith('登录已过期或令牌无效，请重新登录。'));
    expect(screen.queryByTestId('error-dialog-title')).toBeNull();
  });

  it('a screen that shows its own errors (meta errorHandling: local) gets no dialog', async () => {
    const user = vi.fn(() => { throw new ApiError('用户名已被使用。', 'http', 409); });
    const { api } = createFakeApi({ 'AbpUserConfiguration.getAll': () => fakeConfiguration(), 'User.getAll': user });
    renderWithProviders(<><ErrorCatalogueHost onUnauthorized={() => {}} /><FailingQuery local /></>, { api });
    await waitFor(() => expect(user).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('error-dialog-title')).toBeNull();
  });
});
