import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiRequest } from '#shared/api-client.ts';
import { zhHans } from '#shared/i18n/zh-Hans.ts';
import { ApiError } from '../../lib/api.ts';
import { fakeConfiguration } from '../../lib/test-config.ts';
import { createFakeApi, renderWithProviders, type FakeHandler } from '../../test/render.tsx';
import { emulateViewport } from '../../components/list-page/testing.ts';
import { PackageFormModal } from './package-form-modal.tsx';
import { buildPackage } from './fixtures.ts';

const WAREHOUSE = { id: 1, warehouseName: '义乌仓', kind: 1, warehouseCityId: null, cityName: null, site: null, address: '', contactName: '', phone: '', isEnabled: true, creationTime: '2026-01-01T00:00:00Z' };

function fakeApi(extra: Record<string, FakeHandler> = {}) {
  return createFakeApi({
    'AbpUserConfiguration.getAll': () => fakeConfiguration({ userId: 1, tenantId: 1, values: zhHans }),
    'WarehouseInfo.getWarehouseInfoList': () => ({ totalCount: 1, items: [WAREHOUSE] }),
    'BackMainLandPackage.getAppointUserList': () => [{ id: 3, name: '小王', userName: 'picker1' }],
    ...extra,
  });
}
const callsOf = (all: ApiRequest[], name: string) => all.filter((c) => `${c.service}.${c.action}` === name);

describe('新建大陆包', () => {
  beforeEach(() => {
    emulateViewport(1280);
  });

  it('asks for warehouse, site and category, then sends the bag with its waybill, size and assignee', async () => {
    const user = userEvent.setup();
    let closed = false;
    const { api, calls } = fakeApi({ 'BackMainLandPackage.editMainLandPackage': (r) => buildPackage(r.body as object) });
    renderWithProviders(<PackageFormModal pkg={null} onClose={() => { closed = true; }} />, { api });
    const dialog = await screen.findByRole('dialog', { name: '新建大陆包' });
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(within(dialog).getByText('请选择仓库')).toBeTruthy();
    expect(within(dialog).getByText('请选择站点')).toBeTruthy();
    expect(within(dialog).getByText('请选择货物类别')).toBeTruthy();
    expect(callsOf(calls, 'BackMainLandPackage.editMainLandPackage')).toHaveLength(0);

    await user.click(within(dialog).getByRole('combobox', { name: '仓库' }));
    await user.click(await screen.findByRole('option', { name: '义乌仓', hidden: true }));
    await user.click(within(dialog).getByRole('combobox', { name: '站点' }));
    await user.click(await screen.findByRole('option', { name: '台湾 (TW)', hidden: true }));
    await user.click(within(dialog).getByRole('combobox', { name: '货物类别' }));
    await user.click(await screen.findByRole('option', { name: '特货', hidden: true }));
    await user.click(within(dialog).getByRole('combobox', { name: '指派人员' }));
    await user.click(await screen.findByRole('option', { name: '小王 (picker1)', hidden: true }));
    await user.type(within(dialog).getByRole('textbox', { name: '国际运单号' }), 'bad waybill');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(within(dialog).getByText('国际运单号只能包含字母、数字和 -，4–64 位')).toBeTruthy();
    await user.clear(within(dialog).getByRole('textbox', { name: '国际运单号' }));
    await user.type(within(dialog).getByRole('textbox', { name: '国际运单号' }), 'YT2611220009');
    await user.type(within(dialog).getByRole('textbox', { name: '重量 (kg)' }), '3.25');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));

    await waitFor(() => expect(closed).toBe(true));
    expect(callsOf(calls, 'BackMainLandPackage.editMainLandPackage')[0]!.body).toEqual({
      packageName: null, warehouseInfoId: 1, site: 'TW', cargoCategory: 2, mainLandInterNationalShipment: 'YT2611220009',
      long: null, wide: null, high: null, weight: 3.25, appointUserId: 3,
    });
  });

  it('keeps the dialog open with the server’s sentence when it refuses an edit', async () => {
    const user = userEvent.setup();
    const { api } = fakeApi({ 'BackMainLandPackage.editMainLandPackage': () => { throw new ApiError('大陆包「台湾-普货-1」里已有订单，不能再改仓库、站点或货物类别；请先把订单移出。', 'http', 409); } });
    renderWithProviders(<PackageFormModal pkg={buildPackage({})} onClose={() => {}} />, { api });
    const dialog = await screen.findByRole('dialog', { name: '编辑大陆包' });
    expect((within(dialog).getByRole('textbox', { name: '国际运单号' }) as HTMLInputElement).value).toBe('YT2611220001');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('已有订单');
  });
});
