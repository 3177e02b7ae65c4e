import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OverseasBaseCostSettingDto } from '#shared/contracts/fees.ts';
import { ApiError } from '../../lib/api.ts';
import { emulateViewport } from '../../components/list-page/testing.ts';
import { createFakeApi, renderWithProviders } from '../../test/render.tsx';
import { OverseasBaseCostPage } from './overseas-base-cost-page.tsx';

const stores = { totalCount: 1, items: [{ id: 4, userId: 3, userCode: 'S00042', userName: '卖家', storeName: '台湾店', site: 'TW', contactName: '', contactPhone: '', storeAddress: '', remark: null, whetherLocal: true, whetherEffective: true, creationTime: '2026-01-01T00:00:00Z' }] };
const current: OverseasBaseCostSettingDto = {
  id: 7, storeId: 4, storeName: '台湾店', userCode: 'S00042', baseCost: 2, baseSkuNums: 1, exceedSkuCost: 0.5, maxSkuCost: 1, sackPrice: 0.3, exceedBaseSkuNums: 2,
  beginTime: '2026-01-01T00:00:00.000Z', endTime: null, whetherEffective: true, phase: 'current', creationTime: '2026-01-01T00:00:00.000Z', lastModificationTime: null,
};

describe('海外仓费用 screen', () => {
  beforeEach(() => emulateViewport(1280));

  it('lists settings per store and shows the overlap refusal on the add form', async () => {
    const user = userEvent.setup();
    const sentence = '与现有海外仓基础费用设置 #7（台湾店，2026-01-01 08:00 至 长期）时间重叠：同一店铺在同一时刻只能有一条有效的海外仓基础费用设置。';
    const { api, calls } = createFakeApi({
      'BackStoreAddress.getStoreAddressList': () => stores,
      'OverseasBaseCostSetting.getOverseasBaseCostSettingList': () => ({ totalCount: 1, items: [current] }),
      'OverseasBaseCostSetting.add': () => { throw new ApiError(sentence, 'http', 409); },
    });
    renderWithProviders(<OverseasBaseCostPage search={{}} onSearchChange={() => {}} />, { api });
    const row = (await screen.findAllByText('台湾店')).map((e) => e.closest('tr')).find(Boolean)!;
    expect(within(row).getByText('生效中')).toBeTruthy();
    expect(within(row).getByText('S00042')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: '新增设置' }));
    const dialog = await screen.findByRole('dialog', { name: '新增海外仓费用设置' });
    await user.click(within(dialog).getByRole('combobox', { name: /店铺/ }));
    await user.click(await screen.findByRole('option', { name: '台湾店（S00042 · TW）', hidden: true }));
    await user.type(within(dialog).getByRole('textbox', { name: /基础费用/ }), '3');
    await user.click(within(dialog).getByRole('button', { name: '新增' }));
    expect(await within(dialog).findByText(sentence)).toBeTruthy();
    await waitFor(() => expect(calls.find((c) => c.action === 'add')!.body).toMatchObject({ storeId: 4, baseCost: 3, baseSkuNums: 1, whetherEffective: true, endTime: null }));
  });
});
