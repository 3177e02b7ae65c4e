import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ThirdPartyParameterDto } from '#shared/contracts/fees.ts';
import { ApiError } from '../../lib/api.ts';
import { emulateViewport } from '../../components/list-page/testing.ts';
import { createFakeApi, renderWithProviders } from '../../test/render.tsx';
import { ThirdPartyFormModal, ThirdPartyPage } from './third-party-page.tsx';

const warehouses = { totalCount: 1, items: [{ id: 1, warehouseName: '深圳大陆仓', kind: 1, warehouseCityId: null, cityName: null, site: null, address: '', contactName: '', phone: '', isEnabled: true, creationTime: '2026-01-01T00:00:00Z' }] };
const off: ThirdPartyParameterDto = {
  id: 7, warehouseInfoId: 1, warehouseName: '深圳大陆仓', site: 'TW', bulkyParameter: 5000, beginTime: '2026-11-01T00:00:00.000Z', endTime: null,
  isEffective: false, phase: 'disabled', creationTime: '2026-11-01T00:00:00.000Z', lastModificationTime: null,
};

describe('第三方参数 screen', () => {
  beforeEach(() => emulateViewport(1280));

  it('switching a parameter on asks first and explains an overlap refusal', async () => {
    const user = userEvent.setup();
    const sentence = '与现有第三方参数 #8（深圳大陆仓·台湾，2026-11-20 08:00 至 长期）时间重叠：同一仓库和站点在同一时刻只能有一条有效的第三方参数。';
    const { api, calls } = createFakeApi({
      'WarehouseInfo.getWarehouseInfoList': () => warehouses,
      'MainlandFreight.getThirdPartyParameterList': () => ({ totalCount: 1, items: [off] }),
      'MainlandFreight.editThirdPartyStatus': () => { throw new ApiError(sentence, 'http', 409); },
    });
    renderWithProviders(<ThirdPartyPage search={{}} onSearchChange={() => {}} />, { api });
    const row = (await screen.findByText('5000')).closest('tr')!;
    expect(within(row).getByText('已停用')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: '启用/停用' }));
    const dialog = await screen.findByRole('dialog', { name: '启用第三方参数' });
    await user.click(within(dialog).getByRole('button', { name: '启用' }));
    expect(await within(dialog).findByText(sentence)).toBeTruthy();
    expect(calls.find((c) => c.action === 'editThirdPartyStatus')!.query).toMatchObject({ id: 7 });
  });

  it('adds a parameter with a whole-number divisor', async () => {
    const user = userEvent.setup();
    let closed = false;
    const { api, calls } = createFakeApi({
      'WarehouseInfo.getWarehouseInfoList': () => warehouses,
      'MainlandFreight.addThirdPartyParameter': () => ({ ...off, isEffective: true, phase: 'current' }),
    });
    renderWithProviders(<ThirdPartyFormModal onClose={() => { closed = true; }} />, { api });
    const dialog = await screen.findByRole('dialog', { name: '新增第三方参数' });
    await user.click(within(dialog).getByRole('combobox', { name: /仓库/ }));
    await user.click(await screen.findByRole('option', { name: '深圳大陆仓', hidden: true }));
    await user.click(within(dialog).getByRole('combobox', { name: /站点/ }));
    await user.click(await screen.findByRole('option', { name: 'Site.TW', hidden: true }));
    const divisor = within(dialog).getByRole('textbox', { name: /抛重系数/ });
    await user.clear(divisor);
    await user.type(divisor, '5000.5');
    await user.click(within(dialog).getByRole('button', { name: '新增' }));
    expect(await within(dialog).findByText('抛重系数须为整数')).toBeTruthy();
    await user.clear(divisor);
    await user.type(divisor, '5000');
    await user.click(within(dialog).getByRole('button', { name: '新增' }));
    await waitFor(() => expect(closed).toBe(true));
    expect(calls.find((c) => c.action === 'addThirdPartyParameter')!.body).toMatchObject({ warehouseInfoId: 1, site: 'TW', bulkyParameter: 5000, isEffective: true, endTime: null });
  });
});
