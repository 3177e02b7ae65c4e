import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BaseCostSettingDto } from '#shared/contracts/fees.ts';
import { ApiError } from '../../lib/api.ts';
import { createFakeApi, renderWithProviders } from '../../test/render.tsx';
import { BaseCostFormModal } from './base-cost-form-modal.tsx';

const warehouses = { totalCount: 1, items: [{ id: 1, warehouseName: '深圳大陆仓', kind: 1, warehouseCityId: null, cityName: null, site: null, address: '', contactName: '', phone: '', isEnabled: true, creationTime: '2026-01-01T00:00:00Z' }] };
const saved: BaseCostSettingDto = {
  id: 5, warehouseInfoId: 1, warehouseName: '深圳大陆仓', orderType: 1, baseCost: 3, baseSkuNums: 1, exceedSkuCost: 0.5, maxSkuCost: 2, sackPrice: 0.8, exceedBaseSkuNums: 4,
  beginTime: '2026-11-01T00:00:00.000Z', endTime: null, isEffective: true, phase: 'current', creationTime: '2026-11-01T00:00:00.000Z', lastModificationTime: null,
};

function setup(setting: BaseCostSettingDto | null, handlers: Record<string, (req: { body?: unknown }) => unknown>) {
  const { api, calls } = createFakeApi({ 'WarehouseInfo.getWarehouseInfoList': () => warehouses, ...handlers });
  let closed = false;
  renderWithProviders(<BaseCostFormModal setting={setting} onClose={() => { closed = true; }} />, { api });
  return { calls, closed: () => closed };
}

async function fillIssueSettings(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await user.click(within(dialog).getByRole('combobox', { name: /仓库/ }));
  await user.click(await screen.findByRole('option', { name: '深圳大陆仓', hidden: true }));
  fireEvent.change(within(dialog).getByLabelText(/开始时间/), { target: { value: '2026-12-01T08:00' } });
  await user.type(within(dialog).getByRole('textbox', { name: /基础费用/ }), '3');
  await user.clear(within(dialog).getByRole('textbox', { name: /超出每SKU费用/ }));
  await user.type(within(dialog).getByRole('textbox', { name: /超出每SKU费用/ }), '0.5');
  await user.clear(within(dialog).getByRole('textbox', { name: /SKU费用上限/ }));
  await user.type(within(dialog).getByRole('textbox', { name: /SKU费用上限/ }), '2');
  await user.clear(within(dialog).getByRole('textbox', { name: /包材费/ }));
  await user.type(within(dialog).getByRole('textbox', { name: /包材费/ }), '0.8');
}

describe('base cost form', () => {
  it('offers every warehouse, overseas ones too, and every order type a base cost is set for (a stock order from overseas stock)', async () => {
    // jsdom has no scrollIntoView; Mantine's combobox scrolls to the chosen order type when it opens.
    Element.prototype.scrollIntoView ??= () => {};
    const user = userEvent.setup();
    const overseas = { ...warehouses.items[0]!, id: 2, warehouseName: '台北海外仓', kind: 2, site: 'TW' };
    const { api, calls } = createFakeApi({
      'WarehouseInfo.getWarehouseInfoList': (req) => {
        const kind = (req as { query?: { kind?: number } }).query?.kind;
        const items = [...warehouses.items, overseas].filter((w) => kind === undefined || w.kind === kind);
        return { totalCount: items.length, items };
      },
      'BaseCostSetting.add': () => saved,
    });
    renderWithProviders(<BaseCostFormModal setting={null} onClose={() => {}} />, { api });
    const dialog = await screen.findByRole('dialog', { name: '新增基础费用设置' });
    await user.click(within(dialog).getByRole('combobox', { name: /仓库/ }));
    expect((await screen.findAllByRole('option', { hidden: true })).map((o) => o.textContent)).toEqual(expect.arrayContaining(['深圳大陆仓', '台北海外仓（海外仓）']));
    await user.click(screen.getByRole('option', { name: '台北海外仓（海外仓）', hidden: true }));
    await user.click(within(dialog).getByRole('combobox', { name: /订单类型/ }));
    const types = (await screen.findAllByRole('option', { hidden: true })).map((o) => o.textContent);
    // The labels come from the configuration (not faked here): the order types by code.
    expect(types).toEqual(expect.arrayContaining(['OrderType.1', 'OrderType.2', 'OrderType.3']));
    await user.click(screen.getByRole('option', { name: 'OrderType.3', hidden: true }));
    await user.type(within(dialog).getByRole('textbox', { name: /基础费用/ }), '3');
    await user.click(within(dialog).getByRole('button', { name: '新增' }));
    await waitFor(() => expect(calls.filter((c) => c.action === 'add')).toHaveLength(1));
    expect(calls.find((c) => c.action === 'add')!.body).toMatchObject({ warehouseInfoId: 2, orderType: 3, baseCost: 3 });
  });

  it('sends the issue\'s settings as points, the begin time read in Beijing time', async () => {
    const user = userEvent.setup();
    const { calls, closed } = setup(null, { 'BaseCostSetting.add': () => saved });
    const dialog = await screen.findByRole('dialog', { name: '新增基础费用设置' });
    await fillIssueSettings(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: '新增' }));
    await waitFor(() => expect(closed()).toBe(true));
    expect(calls.find((c) => c.action === 'add')!.body).toEqual({
      warehouseInfoId: 1, orderType: 1, beginTime: '2026-12-01T08:00:00+08:00', endTime: null, isEffective: true,
      baseCost: 3, baseSkuNums: 1, exceedSkuCost: 0.5, maxSkuCost: 2, sackPrice: 0.8,
    });
  });

  it('refuses three decimals and an end before the begin without calling the server', async () => {
    const user = userEvent.setup();
    const { calls } = setup(null, { 'BaseCostSetting.add': () => saved });
    const dialog = await screen.findByRole('dialog', { name: '新增基础费用设置' });
    await fillIssueSettings(user, dialog);
    await user.clear(within(dialog).getByRole('textbox', { name: /超出每SKU费用/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /超出每SKU费用/ }), '0.125');
    fireEvent.change(within(dialog).getByLabelText(/结束时间/), { target: { value: '2026-11-30T08:00' } });
    await user.click(within(dialog).getByRole('button', { name: '新增' }));
    expect(await within(dialog).findByText('超出每SKU费用须为数字，最多两位小数')).toBeTruthy();
    expect(within(dialog).getByText('结束时间不能早于开始时间')).toBeTruthy();
    expect(calls.filter((c) => c.action === 'add')).toHaveLength(0);
  });

  it('shows the server\'s overlap sentence (409) on the form and stays open', async () => {
    const user = userEvent.setup();
    const sentence = '与现有基础费用设置 #5（深圳大陆仓·跨境订单，2026-11-01 08:00 至 长期）时间重叠：同一仓库、同一订单类型在同一时刻只能有一条有效的基础费用设置。';
    const { closed } = setup(null, { 'BaseCostSetting.add': () => { throw new ApiError(sentence, 'http', 409); } });
    const dialog = await screen.findByRole('dialog', { name: '新增基础费用设置' });
    await fillIssueSettings(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: '新增' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', sentence);
    expect(closed()).toBe(false);
  });

  it('a setting in effect shows its amounts read-only and sends only the switch, with its stored times', async () => {
    const user = userEvent.setup();
    const { calls } = setup(saved, { 'BaseCostSetting.edit': () => ({ ...saved, isEffective: false, phase: 'disabled' }) });
    const dialog = await screen.findByRole('dialog', { name: '编辑基础费用设置 #5' });
    expect(within(dialog).getByText(/该设置已开始生效/)).toBeTruthy();
    expect((within(dialog).getByRole('textbox', { name: /基础费用/ }) as HTMLInputElement).disabled).toBe(true);
    await user.click(within(dialog).getByRole('switch', { name: '有效' }));
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.filter((c) => c.action === 'edit')).toHaveLength(1));
    expect(calls.find((c) => c.action === 'edit')!.body).toMatchObject({ id: 5, isEffective: false, beginTime: saved.beginTime, endTime: null, baseCost: 3, sackPrice: 0.8 });
  });
});
