import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PermissionTreeNode, RoleDto } from '#shared/contracts/identity.ts';
import { createFakeApi, renderWithProviders } from '../../../test/render.tsx';
import { emulateViewport } from '../../../components/list-page/testing.ts';
import { RoleFormModal } from './role-form-modal.tsx';
import { RoleListPage } from './role-list-page.tsx';
import type { RoleListSearch } from './role-search.ts';
import { toGrantedPermissions, toggle } from './permission-tree-model.ts';

const node = (name: string, displayName: string, children: PermissionTreeNode[] = [], isGranted = false): PermissionTreeNode => ({ name, displayName, isGranted, children });

const TREE = (granted: string[] = []): PermissionTreeNode[] => {
  const g = (name: string) => granted.includes(name);
  return [
    node('Pages.Users', '用户管理', [], g('Pages.Users')),
    node('Order.Manages', '订单管理', [
      node('OrderManage.CrossOrderManage', '跨境订单', [], g('OrderManage.CrossOrderManage')),
      node('OrderManage.MainLandOrderManage', '大陆订单', [
        node('OrderManage.MainLandOrderManage.FreightCost', '大陆运费', [], g('OrderManage.MainLandOrderManage.FreightCost')),
      ], g('OrderManage.MainLandOrderManage')),
    ], g('Order.Manages')),
  ];
};

const role = (over: Partial<RoleDto> = {}): RoleDto => ({
  id: 7, name: 'Packer', displayName: '打包员', normalizedName: 'PACKER', description: null, isStatic: false, isDefault: false, grantedPermissions: [], ...over,
});

const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
const state = (name: string) => {
  const b = box(name);
  return b.indeterminate ? 'indeterminate' : b.checked ? 'checked' : 'unchecked';
};

describe('permission tree', () => {
  beforeEach(() => {
    emulateViewport(1280);
  });

  it('checks a parent with all its children, and shows a partly granted parent as indeterminate', async () => {
    const { api } = createFakeApi({ 'Role.getAllPermissionManager': () => ({ items: TREE() }) });
    renderWithProviders(<RoleFormModal role={null} onClose={() => {}} />, { api });
    await screen.findByRole('checkbox', { name: '订单管理' });

    await userEvent.click(box('订单管理'));
    expect(state('订单管理')).toBe('checked');
    expect(state('跨境订单')).toBe('checked');
    expect(state('大陆订单')).toBe('checked');
    expect(state('大陆运费')).toBe('checked');
    expect(state('用户管理')).toBe('unchecked');

    // Unchecking a sub-permission keeps its screen: 大陆订单 stays granted, now only in part.
    await userEvent.click(box('大陆运费'));
    expect(state('大陆运费')).toBe('unchecked');
    expect(state('大陆订单')).toBe('indeterminate');
    expect(state('订单管理')).toBe('indeterminate');
    expect(state('跨境订单')).toBe('checked');

    // Checking a child on its own checks the parents it needs.
    await userEvent.click(box('订单管理'));
    await userEvent.click(box('订单管理'));
    await userEvent.click(box('跨境订单'));
    expect(state('跨境订单')).toBe('checked');
    expect(state('订单管理')).toBe('indeterminate');
    expect(state('大陆订单')).toBe('unchecked');

    await userEvent.click(box('订单管理'));
    expect(['订单管理', '跨境订单', '大陆订单', '大陆运费'].map(state)).toEqual(['checked', 'checked', 'checked', 'checked']);
    await userEvent.click(box('订单管理'));
    expect(['订单管理', '跨境订单', '大陆订单', '大陆运费'].map(state)).toEqual(['unchecked', 'unchecked', 'unchecked', 'unchecked']);
    expect(screen.getByText('已选 0 / 5 项权限')).toBeTruthy();
  });

  it('loads a role’s grants and saves the checked permissions with their parents', async () => {
    const { api, calls } = createFakeApi({
      'Role.getAllPermissionManager': (req) => ({ items: (req.query as { id?: number }).id === 7 ? TREE(['Pages.Users', 'Order.Manages', 'OrderManage.CrossOrderManage']) : TREE() }),
      'Role.update': (req) => role(req.body as Partial<RoleDto>),
    });
    renderWithProviders(<RoleFormModal role={role()} onClose={() => {}} />, { api });
    await screen.findByRole('checkbox', { name: '订单管理' });
    expect(calls.find((c) => c.action === 'getAllPermissionManager')!.query).toEqual({ id: 7 });
    expect(state('用户管理')).toBe('checked');
    expect(state('订单管理')).toBe('indeterminate');
    expect(state('跨境订单')).toBe('checked');
    expect(state('大陆订单')).toBe('unchecked');

    await userEvent.click(box('用户管理'));
    await userEvent.click(box('大陆运费'));
    expect(state('大陆订单')).toBe('checked');
    expect(state('订单管理')).toBe('checked');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));

    await waitFor(() => expect(calls.some((c) => c.action === 'update')).toBe(true));
    expect(calls.find((c) => c.action === 'update')!.body).toEqual({
      id: 7, name: 'Packer', displayName: '打包员', description: null,
      grantedPermissions: ['Order.Manages', 'OrderManage.CrossOrderManage', 'OrderManage.MainLandOrderManage', 'OrderManage.MainLandOrderManage.FreightCost'],
    });
  });

  it('a static role cannot be renamed or deleted', async () => {
    const admin = role({ id: 1, name: 'Admin', displayName: '管理员', isStatic: true });
    const { api } = createFakeApi({
      'Role.getAll': () => ({ totalCount: 2, items: [admin, role()] }),
      'Role.getAllPermissions': () => ({ items: [] }),
      'Role.getAllPermissionManager': () => ({ items: TREE() }),
    });
    function Screen() {
      const [search, setSearch] = useState<RoleListSearch>({});
      return <RoleListPage search={search} onSearchChange={setSearch} />;
    }
    renderWithProviders(<Screen />, { api });
    const adminRow = (await screen.findByText('Admin')).closest('tr')!;
    const packerRow = screen.getByText('Packer').closest('tr')!;
    expect(within(adminRow).getByRole('button', { name: '删除' }).hasAttribute('disabled')).toBe(true);
    expect(within(packerRow).getByRole('button', { name: '删除' }).hasAttribute('disabled')).toBe(false);

    await userEvent.click(within(adminRow).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog', { name: '编辑角色 管理员' });
    await within(dialog).findByRole('checkbox', { name: '订单管理' });
    expect(within(dialog).getByLabelText(/角色名/).hasAttribute('disabled')).toBe(true);
    expect(within(dialog).getByLabelText(/显示名称/).hasAttribute('disabled')).toBe(false);
  });
});

describe('permission tree rules', () => {
  it('checking a child grants its ancestors; unchecking it leaves them granted', () => {
    let granted = toggle(TREE(), new Set(), 'OrderManage.MainLandOrderManage.FreightCost');
    expect([...granted].sort()).toEqual(['Order.Manages', 'OrderManage.MainLandOrderManage', 'OrderManage.MainLandOrderManage.FreightCost']);
    granted = toggle(TREE(), granted, 'OrderManage.MainLandOrderManage.FreightCost');
    expect([...granted].sort()).toEqual(['Order.Manages', 'OrderManage.MainLandOrderManage']);
  });

  it('saves in tree order with ancestors included', () => {
    expect(toGrantedPermissions(TREE(), new Set(['OrderManage.MainLandOrderManage.FreightCost', 'Pages.Users']))).toEqual([
      'Pages.Users', 'Order.Manages', 'OrderManage.MainLandOrderManage', 'OrderManage.MainLandOrderManage.FreightCost',
    ]);
  });
});
