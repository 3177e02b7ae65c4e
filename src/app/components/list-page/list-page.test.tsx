import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient, ApiRequest } from '#shared/api-client.ts';
import type { UserDto } from '#shared/contracts/identity.ts';
import { createFakeApi, renderWithProviders } from '../../test/render.tsx';
import { useApi, ApiError } from '../../lib/api.ts';
import { emulateViewport } from './testing.ts';
import { ListPage, filter, listSearchSchema, pagingInput, type BulkAction, type RowAction } from './index.ts';

const searchSchema = listSearchSchema({ keyword: filter.text(), isActive: filter.boolean() });
type Search = ReturnType<typeof searchSchema>;

describe('listSearchSchema', () => {
  it('keeps valid params and drops what a hand-edited URL gets wrong', () => {
    expect(searchSchema({ page: 3, pageSize: 20, keyword: ' alice ', isActive: false })).toEqual({ page: 3, pageSize: 20, keyword: 'alice', isActive: false });
    expect(searchSchema({ page: 0, pageSize: 15, keyword: 123, isActive: 'yes' })).toEqual({ page: undefined, pageSize: undefined, keyword: '123', isActive: undefined });
    expect(pagingInput(searchSchema({}))).toEqual({ currentPage: 1, pageSize: 10 });
  });

  it('reads a sorting over the list\'s fields, written back as "field dir", and drops any other', () => {
    const sorted = listSearchSchema({ sorting: filter.sorting(['creationTime', 'tradeNo']) });
    expect(sorted({ sorting: 'creationtime DESC' })).toEqual({ sorting: 'creationTime desc' });
    expect(sorted({ sorting: 'tradeNo' })).toEqual({ sorting: 'tradeNo asc' });
    for (const bad of ['password desc', 'creationTime sideways', 'creationTime desc x', '', 5]) expect(sorted({ sorting: bad })).toEqual({});
  });
});

const user = (id: number): UserDto => ({
  id, userName: `user${id}`, name: `用户${id}`, surname: '', fullName: `用户${id}`, emailAddress: null, phoneNumber: null,
  isActive: true, userType: 0, userCode: null, roleNames: [], lastLoginTime: null, creationTime: '2024-01-01T00:00:00Z',
});

const listQuery = (api: ApiClient, search: Search) => {
  const input = { ...pagingInput(search), keyword: search.keyword, isActive: search.isActive };
  return queryOptions({ queryKey: ['User', 'getAll', input], queryFn: () => api.user.getAll(input) });
};

function Screen(props: { initial?: Search; rowActions?: RowAction<UserDto>[]; bulkActions?: BulkAction<UserDto>[]; onSearch?: (s: Search) => void }) {
  const api = useApi();
  const [search, setSearch] = useState<Search>(props.initial ?? {});
  return (
    <ListPage
      label="用户"
      search={search}
      onSearchChange={(s) => { props.onSearch?.(s); setSearch(s); }}
      query={listQuery(api, search)}
      columns={[{ accessor: 'userName', title: '用户名' }, { accessor: 'name', title: '姓名' }]}
      filters={[
        { kind: 'text', key: 'keyword', label: '关键字' },
        { kind: 'select', key: 'isActive', label: '状态', options: [{ value: true, label: '启用' }, { value: false, label: '停用' }] },
      ]}
      rowActions={props.rowActions}
      bulkActions={props.bulkActions}
    />
  );
}

/** A fake User.getAll over `total` users, honouring paging. */
function pagedUsers(total: number) {
  return (req: ApiRequest) => {
    const q = req.query as { currentPage: number; pageSize: number };
    const start = (q.currentPage - 1) * q.pageSize;
    const items = Array.from({ length: Math.max(0, Math.min(q.pageSize, total - start)) }, (_, i) => user(start + i + 1));
    return { totalCount: total, items };
  };
}

const listCalls = (calls: ApiRequest[]) => calls.filter((c) => c.service === 'User' && c.action === 'getAll').map((c) => c.query);

describe('ListPage', () => {
  beforeEach(() => {
    emulateViewport(1280);
  });

  it('asks for page 1 of 10, shows the total, and pages through the URL search', async () => {
    const { api, calls } = createFakeApi({ 'User.getAll': pagedUsers(35) });
    const onSearch = vi.fn();
    renderWithProviders(<Screen onSearch={onSearch} />, { api });

    expect(await screen.findByText('user1')).toBeTruthy();
    expect(listCalls(calls)[0]).toEqual({ currentPage: 1, pageSize: 10 });
    expect(screen.getByText('第 1–10 条，共 35 条')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: '2' }));
    expect(await screen.findByText('user11')).toBeTruthy();
    expect(listCalls(calls).at(-1)).toEqual({ currentPage: 2, pageSize: 10 });
    expect(onSearch).toHaveBeenLastCalledWith({ page: 2 });
  });

  it('changing the page size goes back to page 1', async () => {
    const { api, calls } = createFakeApi({ 'User.getAll': pagedUsers(35) });
    renderWithProviders(<Screen initial={{ page: 3 }} />, { api });
    expect(await screen.findByText('user21')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: '10' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: '20', hidden: true }));
    await waitFor(() => expect(listCalls(calls).at(-1)).toEqual({ currentPage: 1, pageSize: 20 }));
  });

  it('applying a filter resets to page 1 and sends the filter', async () => {
    const { api, calls } = createFakeApi({ 'User.getAll': pagedUsers(35) });
    const onSearch = vi.fn();
    renderWithProviders(<Screen initial={{ page: 3 }} onSearch={onSearch} />, { api });
    expect(await screen.findByText('user21')).toBeTruthy();
    expect(listCalls(calls)[0]).toEqual({ currentPage: 3, pageSize: 10 });

    await userEvent.type(screen.getByLabelText('关键字'), 'alice{Enter}');
    await waitFor(() => expect(listCalls(calls).at(-1)).toEqual({ currentPage: 1, pageSize: 10, keyword: 'alice' }));
    expect(onSearch).toHaveBeenLastCalledWith({ keyword: 'alice', page: undefined });

    await userEvent.click(screen.getByRole('combobox', { name: '状态' }));
    await userEvent.click(await screen.findByRole('option', { name: '停用', hidden: true }));
    await waitFor(() => expect(listCalls(calls).at(-1)).toEqual({ currentPage: 1, pageSize: 10, keyword: 'alice', isActive: false }));

    await userEvent.click(screen.getByRole('button', { name: '重置' }));
    await waitFor(() => expect(listCalls(calls).at(-1)).toEqual({ currentPage: 1, pageSize: 10 }));
    expect((screen.getByLabelText('关键字') as HTMLInputElement).value).toBe('');
  });

  it('shows 暂无数据 when nothing matches', async () => {
    const { api } = createFakeApi({ 'User.getAll': () => ({ totalCount: 0, items: [] }) });
    renderWithProviders(<Screen />, { api });
    expect(await screen.findByText('暂无数据')).toBeTruthy();
    expect(screen.queryByRole('row', { name: /user/ })).toBeNull();
  });

  it('flags the table busy while the list is being fetched', async () => {
    let release!: (v: unknown) => void;
    const { api } = createFakeApi({ 'User.getAll': () => new Promise((r) => { release = r; }) });
    const { container } = renderWithProviders(<Screen />, { api });
    await waitFor(() => expect(container.querySelector('[aria-busy="true"]')).not.toBeNull());
    release({ totalCount: 1, items: [user(1)] });
    expect(await screen.findByText('user1')).toBeTruthy();
    expect(container.querySelector('[aria-busy="true"]')).toBeNull();
  });

  it('asks before a destructive row action and runs it only when confirmed', async () => {
    const { api } = createFakeApi({ 'User.getAll': pagedUsers(2) });
    const remove = vi.fn();
    const actions: RowAction<UserDto>[] = [
      { key: 'delete', label: '删除', color: 'red', onClick: remove, confirm: (u) => ({ title: '删除用户', message: `确定删除 ${u.userName}？` }) },
    ];
    renderWithProviders(<Screen rowActions={actions} />, { api });
    await screen.findByText('user2');

    const row = screen.getByText('user2').closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: '删除' }));
    const dialog = await screen.findByRole('dialog', { name: '删除用户' });
    expect(within(dialog).getByText('确定删除 user2？')).toBeTruthy();
    expect(remove).not.toHaveBeenCalled();

    await userEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(remove).not.toHaveBeenCalled();

    await userEvent.click(within(row).getByRole('button', { name: '删除' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确定' }));
    expect(remove).toHaveBeenCalledTimes(1);
    expect(remove.mock.calls[0]![0]).toMatchObject({ id: 2 });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps the confirm open with the server refusal when the action fails', async () => {
    const { api } = createFakeApi({ 'User.getAll': pagedUsers(1) });
    const actions: RowAction<UserDto>[] = [{
      key: 'delete', label: '删除', onClick: () => Promise.reject(new ApiError('不能删除自己的账号。', 'http', 409)),
      confirm: { title: '删除用户', message: '确定？' },
    }];
    renderWithProviders(<Screen rowActions={actions} />, { api });
    await userEvent.click(within((await screen.findByText('user1')).closest('tr')!).getByRole('button', { name: '删除' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确定' }));
    expect(await within(screen.getByRole('dialog')).findByText('不能删除自己的账号。')).toBeTruthy();
  });

  it('selects rows and hands them to a bulk action, then clears the selection', async () => {
    const { api } = createFakeApi({ 'User.getAll': pagedUsers(3) });
    const activate = vi.fn();
    renderWithProviders(<Screen bulkActions={[{ key: 'activate', label: '批量启用', onClick: activate }]} />, { api });
    await screen.findByText('user3');
    expect(screen.queryByText(/已选/)).toBeNull();

    const checkboxOf = (name: string) => within(screen.getByText(name).closest('tr')!).getByRole('checkbox');
    await userEvent.click(checkboxOf('user1'));
    await userEvent.click(checkboxOf('user3'));
    expect(screen.getByText('已选 2 项')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: '批量启用' }));
    expect(activate).toHaveBeenCalledTimes(1);
    expect(activate.mock.calls[0]![0].map((u: UserDto) => u.id)).toEqual([1, 3]);
    await waitFor(() => expect(screen.queryByText(/已选/)).toBeNull());

    await userEvent.click(screen.getByRole('checkbox', { name: '全选本页' }));
    expect(screen.getByText('已选 3 项')).toBeTruthy();
  });

  it('on a phone folds the filters behind 筛选 and the row actions into one menu', async () => {
    emulateViewport(360);
    const { api } = createFakeApi({ 'User.getAll': pagedUsers(1) });
    const remove = vi.fn();
    renderWithProviders(
      <Screen rowActions={[
        { key: 'edit', label: '编辑', onClick: () => {} },
        { key: 'delete', label: '删除', onClick: remove, confirm: { title: '删除用户', message: '确定？' } },
      ]} />,
      { api },
    );
    const row = (await screen.findByText('user1')).closest('tr')!;
    const toggle = screen.getByRole('button', { name: '筛选' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByLabelText('关键字')).toBeTruthy();

    expect(within(row).queryByRole('button', { name: '删除' })).toBeNull();
    await userEvent.click(within(row).getByRole('button', { name: '更多操作' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: '删除', hidden: true }));
    expect(await screen.findByRole('dialog', { name: '删除用户' })).toBeTruthy();
  });
});
