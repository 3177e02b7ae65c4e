import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiRequest } from '#shared/api-client.ts';
import type { GroupDto } from '#shared/contracts/groups.ts';
import { zhHans } from '#shared/i18n/zh-Hans.ts';
import { ApiError } from '../../../lib/api.ts';
import { fakeConfiguration } from '../../../lib/test-config.ts';
import { createFakeApi, renderWithProviders, type FakeHandler } from '../../../test/render.tsx';
import { emulateViewport } from '../../../components/list-page/testing.ts';
import { GroupListPage } from './group-list-page.tsx';
import type { GroupListSearch } from './group-search.ts';

const group = (over: Partial<GroupDto> = {}): GroupDto => ({
  id: 3, groupName: '台湾组', tenantId: 1, isOk: true, creationTime: '2026-11-20T02:00:00Z', lastModificationTime: null,
  crossBorderSite: 'TW', crossBorderSites: ['TW'], nativeSite: '', nativeSites: [],
  abroadWarehouse: '9', abroadWarehouses: [9], groupPersonnel: '21', groupPersonnels: [21], ...over,
});
const warehouse = { id: 9, warehouseName: '吉隆坡仓', kind: 2, warehouseCityId: null, cityName: null, site: 'MY', address: '', contactName: '', phone: '', isEnabled: true, creationTime: '' };
const staff = [
  { id: 21, userName: 'picker1', name: '张三' },
  { id: 22, userName: 'picker2', name: '李四' },
];

function fakeApi(groups: GroupDto[], extra: Record<string, FakeHandler> = {}) {
  return createFakeApi({
    'AbpUserConfiguration.getAll': () => fakeConfiguration({ userId: 1, tenantId: 1, values: zhHans }),
    'BackGroup.getAllList': () => groups,
    'WarehouseInfo.getWarehouseInfoList': () => ({ totalCount: 1, items: [warehouse] }),
    'User.getAll': () => ({ totalCount: staff.length, items: staff }),
    ...extra,
  });
}
const callsOf = (all: ApiRequest[], name: string) => all.filter((c) => `${c.service}.${c.action}` === name);

function Screen() {
  const [search, setSearch] = useState<GroupListSearch>({});
  return <GroupListPage search={search} onSearchChange={setSearch} />;
}

describe('分组管理', () => {
  beforeEach(() => {
    emulateViewport(1280);
  });

  it('lists the groups with their sites, warehouse and member names', async () => {
    const { api } = fakeApi([group(), group({ id: 4, groupName: '马来组', crossBorderSite: 'MY', crossBorderSites: ['MY'], isOk: false })]);
    renderWithProviders(<Screen />, { api });
    const row = (await screen.findByText('台湾组')).closest('tr')!;
    expect(within(row).getByText('TW')).toBeTruthy();
    expect(await within(row).findByText('吉隆坡仓')).toBeTruthy();
    expect(await within(row).findByText('张三')).toBeTruthy();
    expect(within(screen.getByText('马来组').closest('tr')!).getByText('停用')).toBeTruthy();
  });

  it('creates a group from the sites, warehouses and staff picked in the dialog', async () => {
    const user = userEvent.setup();
    const groups: GroupDto[] = [];
    const { api, calls } = fakeApi(groups, {
      'BackGroup.addGroup': (r) => { const g = group({ ...(r.body as Partial<GroupDto>), id: 5 }); groups.push(g); return g; },
    });
    renderWithProviders(<Screen />, { api });
    await user.click(await screen.findByRole('button', { name: '新建分组' }));
    const dialog = await screen.findByRole('dialog', { name: '新建分组' });

    await user.click(within(dialog).getByRole('button', { name: '创建' }));
    expect(within(dialog).getByText('请填写分组名称')).toBeTruthy();
    expect(callsOf(calls, 'BackGroup.addGroup')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /分组名称/ }), '东南亚组');
    // Each MultiSelect's own listbox (two of them offer the same sites).
    const pick = async (label: RegExp, option: string | RegExp) => {
      const input = within(dialog).getByLabelText(label);
      await user.click(input);
      await waitFor(() => expect(input.getAttribute('aria-controls')).toBeTruthy());
      const listbox = document.getElementById(input.getAttribute('aria-controls')!)!;
      await user.click(within(listbox).getByRole('option', { name: option, hidden: true }));
    };
    await pick(/^跨境站点/, /\(TW\)/);
    await pick(/^跨境站点/, /\(MY\)/);
    await pick(/^海外仓/, '吉隆坡仓 (MY)');
    await pick(/^组员/, '李四 (picker2)');
    await user.click(within(dialog).getByRole('button', { name: '创建' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: '新建分组' })).toBeNull());
    expect(callsOf(calls, 'BackGroup.addGroup')[0]!.body).toEqual({
      groupName: '东南亚组', crossBorderSites: ['TW', 'MY'], nativeSites: [], abroadWarehouses: [9], groupPersonnels: [22], isOk: true,
    });
    expect(await screen.findByText('东南亚组')).toBeTruthy();
  });

  it('renames a group by its id and shows the server\'s refusal in the dialog', async () => {
    const user = userEvent.setup();
    let refuse = true;
    const { api, calls } = fakeApi([group()], {
      'BackGroup.updateGroupName': (r) => {
        if (refuse) throw new ApiError('分组 马来组 已存在。', 'http', 409);
        return group({ groupName: (r.body as { groupName: string }).groupName });
      },
    });
    renderWithProviders(<Screen />, { api });
    const row = (await screen.findByText('台湾组')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: '重命名' }));
    const dialog = await screen.findByRole('dialog', { name: '重命名分组 台湾组' });
    const name = within(dialog).getByRole('textbox', { name: /分组名称/ });
    await user.clear(name);
    await user.type(name, '马来组');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('分组 马来组 已存在。');
    refuse = false;
    await user.clear(name);
    await user.type(name, '台湾一组');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '重命名分组 台湾组' })).toBeNull());
    expect(callsOf(calls, 'BackGroup.updateGroupName').at(-1)!.body).toEqual({ id: 3, groupName: '台湾一组' });
  });

  it('deletes a group only once confirmed', async () => {
    const user = userEvent.setup();
    const { api, calls } = fakeApi([group()], { 'BackGroup.deleteGroup': () => null });
    renderWithProviders(<Screen />, { api });
    const row = (await screen.findByText('台湾组')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: '删除' }));
    const dialog = await screen.findByRole('dialog', { name: '删除分组' });
    expect(callsOf(calls, 'BackGroup.deleteGroup')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(callsOf(calls, 'BackGroup.deleteGroup')).toHaveLength(1));
    expect(callsOf(calls, 'BackGroup.deleteGroup')[0]!.query).toEqual({ groupId: 3 });
  });
});
