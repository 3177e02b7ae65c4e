import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BaseCostSettingDto } from '#shared/contracts/fees.ts';
import { ApiError } from '../../lib/api.ts';
import { emulateViewport } from '../../components/list-page/testing.ts';
import { createFakeApi, renderWithProviders } from '../../test/render.tsx';
import { BaseCostPage } from './base-cost-page.tsx';

const warehouses = { totalCount: 1, items: [{ id: 1, warehouseName: '深圳大陆仓', kind: 1, warehouseCityId: null, cityName: null, site: null, address: '', contactName: '', phone: '', isEnabled: true, creationTime: '2026-01-01T00:00:00Z' }] };
const current: BaseCostSettingDto = {
  id: 5, warehouseInfoId: 1, warehouseName: '深圳大陆仓', orderType: 1, baseCost: 3, baseSkuNums: 1, exceedSkuCost: 0.5, maxSkuCost: 2, sackPrice: 0.8, exceedBaseSkuNums: 4,
  beginTime: '2026-11-01T00:00:00.000Z', endTime: null, isEffective: true, phase: 'current', creationTime: '2026-11-01T00:00:00.000Z', lastModificationTime: null,
};
const ended: BaseCostSettingDto = { ...current, id: 4, baseCost: 2.5, beginTime: '2026-10-01T00:00:00.000Z', endTime: '2026-11-01T00:00:00.000Z', phase: 'ended' };

function setup(handlers: Record<string, (req: { body?: unknown }) => unknown> = {}) {
  let urgentFee = 0;
  let destroyFee = 0;
  const { api, calls } = createFakeApi({
    'WarehouseInfo.getWarehouseInfoList': () => warehouses,
    'BaseCostSetting.getBaseCostSettingListList': () => ({ totalCount: 2, items: [current, ended] }),
    'BaseCostSetting.getUrgentFee': () => ({ urgentFee }),
    'BaseCostSetting.editUrgentFee': (r) => { urgentFee = (r.body as { urgentFee: number }).urgentFee; return { urgentFee }; },
    'BaseCostSetting.getDestroyFee': () => ({ destroyFee }),
    'BaseCostSetting.editDestroyFee': (r) => { destroyFee = (r.body as { destroyFee: number }).destroyFee; return { destroyFee }; },
    ...handlers,
  });
  renderWithProviders(<BaseCostPage search={{}} onSearchChange={() => {}} />, { api });
  return calls;
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

describe('基础费用设置 screen', () => {
  beforeEach(() => emulateViewport(1280));

  it('lists the settings with their amounts and phase; an ended one cannot be ended again', async () => {
    setup();
    const row = await rowOf('3.00');
    expect(within(row).getByText('0.80')).toBeTruthy();
    expect(within(row).getByText('生效中')).toBeTruthy();
    expect(within(row).getByText('长期')).toBeTruthy();
    const old = await rowOf('2.50');
    expect(within(old).getByText('已结束')).toBeTruthy();
    expect((within(old).getByRole('button', { name: '结束' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('结束 sends the end time and shows a refusal in the dialog', async () => {
    const user = userEvent.setup();
    const calls = setup({ 'BaseCostSetting.editEndTime': () => { throw new ApiError('基础费用设置 #5 已经生效，结束时间不能早于现在（2026-11-22 16:00）：在那之后计算的费用都用了它。', 'http', 409); } });
    const row = await rowOf('3.00');
    await user.click(within(row).getByRole('button', { name: '结束' }));
    const dialog = await screen.findByRole('dialog', { name: '结束设置' });
    fireEvent.change(within(dialog).getByLabelText(/结束时间/), { target: { value: '2026-11-20T00:00' } });
    await user.click(within(dialog).getByRole('button', { name: '结束' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('结束时间不能早于现在');
    expect(calls.find((c) => c.action === 'editEndTime')!.body).toEqual({ id: 5, endTime: '2026-11-20T00:00:00+08:00' });
  });

  it('edits the urgent fee (default 0)', async () => {
    const user = userEvent.setup();
    const calls = setup();
    await waitFor(() => expect(screen.getByTestId('urgent-fee').textContent).toBe('0.00 积分'));
    await user.click(within(screen.getByTestId('urgent-fee-card')).getByRole('button', { name: '修改' }));
    const input = screen.getByRole('textbox', { name: '加急费（积分）' });
    await user.clear(input);
    await user.type(input, '2.555');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('加急费须为数字，最多两位小数')).toBeTruthy();
    await user.clear(input);
    await user.type(input, '2.5');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.getByTestId('urgent-fee').textContent).toBe('2.50 积分'));
    expect(calls.filter((c) => c.action === 'editUrgentFee').map((c) => c.body)).toEqual([{ urgentFee: 2.5 }]);
  });

  it('edits the destroy fee of marketplace returns (default 0) beside it', async () => {
    const user = userEvent.setup();
    const calls = setup();
    await waitFor(() => expect(screen.getByTestId('destroy-fee').textContent).toBe('0.00 积分'));
    await user.click(within(screen.getByTestId('destroy-fee-card')).getByRole('button', { name: '修改' }));
    const input = screen.getByRole('textbox', { name: '销毁费（积分）' });
    await user.clear(input);
    await user.type(input, '6.5');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.getByTestId('destroy-fee').textContent).toBe('6.50 积分'));
    expect(calls.filter((c) => c.action === 'editDestroyFee').map((c) => c.body)).toEqual([{ destroyFee: 6.5 }]);
    expect(calls.filter((c) => c.action === 'editUrgentFee')).toEqual([]);
  });
});
