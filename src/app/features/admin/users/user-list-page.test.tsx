import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiRequest } from '#shared/api-client.ts';
import type { RoleDto, UserDto } from '#shared/contracts/identity.ts';
import { ApiError } from '../../../lib/api.ts';
import { createFakeApi, renderWithProviders, type FakeHandler } from '../../../test/render.tsx';
import { emulateViewport } from '../../../components/list-page/testing.ts';
import { UserListPage } from './user-list-page.tsx';
import type { UserListSearch } from './user-search.ts';

const buildUser = (over: Partial<UserDto>): UserDto => ({
  id: 1, userName: 'admin', name: 'admin', surname: 'admin', fullName: 'admin', emailAddress: 'admin@example.com', phoneNumber: null,
  isActive: true, userType: 0, userCode: null, roleNames: ['ADMIN'], lastLoginTime: '2024-05-06T06:03:00Z', creationTime: '2024-01-02T01:00:00Z',
  ...over,
});
const buildRole = (over: Partial<RoleDto>): RoleDto => ({
  id: 1, name: 'Admin', displayName: '管理员', normalizedName: 'ADMIN', description: '全部后台权限', isStatic: true, isDefault: false, grantedPermissions: [], ...over,
});

const USERS = [
  buildUser({}),
  buildUser({ id: 2, userName: 'seller01', name: '王小明', surname: '', fullName: '王小明', userType: 1, userCode: 'S00001', roleNames: ['SELLER'], isActive: false, lastLoginTime: null, emailAddress: null }),
];

function fakeApi(extra: Record<string, FakeHandler> = {}) {
  return createFakeApi({
    'User.getAll': () => ({ totalCount: USERS.length, items: USERS }),
    'User.getRoles': () => ({ items: [buildRole({}), buildRole({ id: 2, name: 'Seller', displayName: '卖家', normalizedName: 'SELLER', isStatic: true, isDefault: true })] }),
    'Session.getCurrentLoginInformations': () => ({
      application: { version: '0.1.0', releaseDate: '2024-01-01', features: {} },
      user: { id: 1, name: 'admin', surname: 'admin', userName: 'admin', emailAddress: null, userType: 0, userCode: null },
      tenant: { id: 1, tenancyName: 'Default', name: 'Default' },
    }),
    ...extra,
  });
}

function Screen({ initial = {} }: { initial?: UserListSearch }) {
  const [search, setSearch] = useState<UserListSearch>(initial);
  return <UserListPage search={search} onSearchChange={setSearch} />;
}

/** The cell of a row under the column with this header. */
function cellOf(row: HTMLElement, header: string): HTMLElement {
  const headers = [...row.closest('table')!.querySelectorAll('thead th')].map((th) => th.textContent?.trim());
  return row.querySelectorAll('td')[headers.indexOf(header)] as HTMLElement;
}

const calls = (all: ApiRequest[], name: string) => all.filter((c) => `${c.service}.${c.action}` === name);

describe('用户管理', () => {
  beforeEach(() => {
    emulateViewport(1280);
  });

  it('lists users with their code, type, roles and status', async () => {
    const { api, calls: all } = fakeApi();
    renderWithProviders(<Screen initial={{ userType: 1, page: 2 }} />, { api });

    const row = (await screen.findByText('seller01')).closest('tr')!;
    expect(within(row).getByText('王小明')).toBeTruthy();
    expect(within(row).getByText('S00001')).toBeTruthy();
    expect(cellOf(row, '类型').textContent).toBe('卖家');
    expect(cellOf(row, '角色').textContent).toBe('卖家');
    expect(cellOf(row, '状态').textContent).toBe('停用');
    expect(cellOf(row, '最后登录').textContent).toBe('—');
    expect(within(row).getByRole('button', { name: '启用' })).toBeTruthy();
    const adminRow = screen.getByText('admin@example.com').closest('tr')!;
    expect(cellOf(adminRow, '角色').textContent).toBe('管理员');
    expect(cellOf(adminRow, '最后登录').textContent).toBe('2024-05-06 14:03');
    // One cannot delete oneself: the action is disabled for the signed-in admin.
    await waitFor(() => expect(within(adminRow).getByRole('button', { name: '删除' }).hasAttribute('disabled')).toBe(true));

    expect(calls(all, 'User.getAll')[0]!.query).toEqual({ currentPage: 2, pageSize: 10, userType: 1 });
  });

  it('checks the new-user form in Chinese before calling the server', async () => {
    const { api, calls: all } = fakeApi();
    renderWithProviders(<Screen />, { api });
    await userEvent.click(await screen.findByRole('button', { name: '新建用户' }));
    const dialog = await screen.findByRole('dialog', { name: '新建用户' });

    await userEvent.click(within(dialog).getByRole('button', { name: '创建' }));
    expect(within(dialog).getByText('请输入用户名')).toBeTruthy();
    expect(within(dialog).getByText('请输入姓名')).toBeTruthy();
    expect(within(dialog).getByText('请输入密码')).toBeTruthy();

    await userEvent.type(within(dialog).getByLabelText(/用户名/), '张 三');
    await userEvent.type(within(dialog).getByLabelText(/^邮箱/), 'not-an-email');
    await userEvent.type(within(dialog).getByLabelText(/^密码/), '123');
    await userEvent.click(within(dialog).getByRole('button', { name: '创建' }));
    expect(within(dialog).getByText('用户名只能包含字母、数字和 _ . @ -')).toBeTruthy();
    expect(within(dialog).getByText('邮箱格式不正确')).toBeTruthy();
    expect(within(dialog).getByText('密码长度为 6–32 个字符')).toBeTruthy();
    expect(calls(all, 'User.create')).toHaveLength(0);
  });

  it('creates a user with the chosen type and roles, then refreshes the list', async () => {
    const { api, calls: all } = fakeApi({ 'User.create': (req) => buildUser({ id: 3, ...(req.body as object) }) });
    renderWithProviders(<Screen />, { api });
    await screen.findByText('seller01');
    await userEvent.click(screen.getByRole('button', { name: '新建用户' }));
    const dialog = await screen.findByRole('dialog', { name: '新建用户' });

    await userEvent.type(within(dialog).getByLabelText(/用户名/), 'seller02');
    await userEvent.type(within(dialog).getByLabelText(/^姓名/), '李四');
    await userEvent.type(within(dialog).getByLabelText(/^密码/), 'secret12');
    await userEvent.click(within(dialog).getByRole('radio', { name: '卖家' }));
    // 卖家 brings the Seller role, preselected.
    expect((await within(dialog).findByRole('checkbox', { name: /卖家/ }) as HTMLInputElement).checked).toBe(true);
    const before = calls(all, 'User.getAll').length;
    await userEvent.click(within(dialog).getByRole('button', { name: '创建' }));

    await waitFor(() => expect(calls(all, 'User.create')).toHaveLength(1));
    expect(calls(all, 'User.create')[0]!.body).toEqual({
      userName: 'seller02', name: '李四', surname: '', emailAddress: null, phoneNumber: null,
      userType: 1, isActive: true, roleNames: ['SELLER'], password: 'secret12',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(calls(all, 'User.getAll').length).toBeGreaterThan(before));
  });

  it('a new 卖家 keeps the roles the admin picks, and 员工 again drops the preselected Seller role', async () => {
    const { api, calls: all } = fakeApi({ 'User.create': (req) => buildUser({ id: 3, ...(req.body as object) }) });
    renderWithProviders(<Screen />, { api });
    await userEvent.click(await screen.findByRole('button', { name: '新建用户' }));
    const dialog = await screen.findByRole('dialog', { name: '新建用户' });
    const seller = await within(dialog).findByRole('checkbox', { name: /卖家/ }) as HTMLInputElement;
    expect(seller.checked).toBe(false);
    await userEvent.click(within(dialog).getByRole('radio', { name: '卖家' }));
    expect(seller.checked).toBe(true);
    await userEvent.click(within(dialog).getByRole('radio', { name: '仓库员工' }));
    expect(seller.checked).toBe(false);
    await userEvent.click(within(dialog).getByRole('radio', { name: '卖家' }));
    await userEvent.click(seller);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /管理员/ }));
    await userEvent.type(within(dialog).getByLabelText(/用户名/), 'seller03');
    await userEvent.type(within(dialog).getByLabelText(/^姓名/), '王五');
    await userEvent.type(within(dialog).getByLabelText(/^密码/), 'secret12');
    await userEvent.click(within(dialog).getByRole('button', { name: '创建' }));
    await waitFor(() => expect(calls(all, 'User.create')).toHaveLength(1));
    expect(calls(all, 'User.create')[0]!.body).toMatchObject({ userType: 1, roleNames: ['ADMIN'] });
  });

  it('edits a user\'s roles by their normalized names, as ABP\'s UserDto carries them', async () => {
    const { api, calls: all } = fakeApi({ 'User.update': (req) => buildUser({ id: 2, ...(req.body as object) }) });
    renderWithProviders(<Screen />, { api });
    const row = (await screen.findByText('seller01')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog', { name: '编辑用户 seller01' });
    const seller = await within(dialog).findByRole('checkbox', { name: /卖家/ });
    const admin = within(dialog).getByRole('checkbox', { name: /管理员/ });
    expect((seller as HTMLInputElement).checked).toBe(true);
    expect((admin as HTMLInputElement).checked).toBe(false);
    await userEvent.click(admin);
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls(all, 'User.update')).toHaveLength(1));
    expect((calls(all, 'User.update')[0]!.body as { roleNames: string[] }).roleNames).toEqual(['SELLER', 'ADMIN']);
  });

  it('shows a 400 from the server next to the field it names, and a 409 on the form', async () => {
    let answer: ApiError = new ApiError('您的请求无效!', 'http', 400, 'emailAddress: 邮箱已被占用', [{ message: '邮箱已被占用', members: ['emailAddress'] }]);
    const { api } = fakeApi({ 'User.update': () => { throw answer; } });
    renderWithProviders(<Screen />, { api });
    const row = (await screen.findByText('seller01')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog', { name: '编辑用户 seller01' });
    expect((within(dialog).getByLabelText(/用户名/) as HTMLInputElement).value).toBe('seller01');
    expect(within(dialog).queryByLabelText(/^密码/)).toBeNull();

    await userEvent.type(within(dialog).getByLabelText(/^邮箱/), 'taken@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    const email = within(dialog).getByLabelText(/^邮箱/);
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('邮箱已被占用')).toBeTruthy();

    answer = new ApiError('用户名 seller01 已被使用。', 'http', 409);
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', '用户名 seller01 已被使用。');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('resets a password with the admin’s own password', async () => {
    const { api, calls: all } = fakeApi({ 'User.resetPassword': () => true });
    renderWithProviders(<Screen />, { api });
    const row = (await screen.findByText('seller01')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: '重置密码' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/您的密码/), '123qwe');
    await userEvent.type(within(dialog).getByLabelText(/^新密码/), 'newpass1');
    await userEvent.type(within(dialog).getByLabelText(/确认新密码/), 'newpass2');
    await userEvent.click(within(dialog).getByRole('button', { name: '重置密码' }));
    expect(within(dialog).getByText('两次输入的新密码不一致')).toBeTruthy();

    await userEvent.clear(within(dialog).getByLabelText(/确认新密码/));
    await userEvent.type(within(dialog).getByLabelText(/确认新密码/), 'newpass1');
    await userEvent.click(within(dialog).getByRole('button', { name: '重置密码' }));
    await waitFor(() => expect(calls(all, 'User.resetPassword')).toHaveLength(1));
    expect(calls(all, 'User.resetPassword')[0]!.body).toEqual({ adminPassword: '123qwe', userId: 2, newPassword: 'newpass1' });
  });

  it('deletes only after confirming, and invalidates only the User queries', async () => {
    const { api, calls: all } = fakeApi({ 'User.delete': () => null });
    const { queryClient } = renderWithProviders(<Screen />, { api });
    queryClient.setQueryData(['Role', 'getAll', {}], { totalCount: 0, items: [] });
    const row = (await screen.findByText('seller01')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: '删除' }));
    const dialog = await screen.findByRole('dialog', { name: '删除用户' });
    expect(calls(all, 'User.delete')).toHaveLength(0);
    const listBefore = calls(all, 'User.getAll').length;
    const rolesBefore = calls(all, 'User.getRoles').length;
    await userEvent.click(within(dialog).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(calls(all, 'User.delete')).toHaveLength(1));
    expect(calls(all, 'User.delete')[0]!.query).toEqual({ id: 2 });
    // The User queries on screen are fetched again; another service's cached query is left alone.
    await waitFor(() => expect(calls(all, 'User.getRoles').length).toBeGreaterThan(rolesBefore));
    expect(calls(all, 'User.getAll').length).toBeGreaterThan(listBefore);
    expect(queryClient.getQueryState(['Role', 'getAll', {}])?.isInvalidated).toBe(false);
  });
});
