import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FreightModelDto } from '#shared/contracts/fees.ts';
import { ApiError } from '../../lib/api.ts';
import { createFakeApi, renderWithProviders } from '../../test/render.tsx';
import { emulateViewport } from '../../components/list-page/testing.ts';
import { FreightCalculatorPage } from './freight-calculator-page.tsx';

const warehouses = { totalCount: 1, items: [{ id: 1, warehouseName: '深圳大陆仓', kind: 1, warehouseCityId: null, cityName: null, site: null, address: '', contactName: '', phone: '', isEnabled: true, creationTime: '2026-01-01T00:00:00Z' }] };
const rule = { id: 3, warehouseInfoId: 1, warehouseName: '深圳大陆仓', site: 'TW', cargoCategory: 1, firstWeight: 0.5, firstWeightPrice: 12, continueWeight: 0.5, continueWeightCost: 5, bulkyParameter: 6000, beginTime: '2026-11-01T00:00:00Z', endTime: null };
const model: FreightModelDto = {
  ruleId: 3, warehouseInfoId: 1, warehouseName: '深圳大陆仓', site: 'TW', cargoCategory: 1, weight: 1.26, volumeWeight: 2, chargeableWeight: 2,
  firstWeight: 0.5, firstWeightPrice: 12, continueWeight: 0.5, continueWeightCost: 5, bulkyParameter: 6000, continueSteps: 3, continueAmount: 15, total: 27,
};

function setup(getFreightModel: () => unknown) {
  const { api, calls } = createFakeApi({
    'WarehouseInfo.getWarehouseInfoList': () => warehouses,
    'FrontMainLandFreight.getFrontMainLandFreightList': () => ({ totalCount: 1, items: [rule] }),
    'FrontMainLandFreight.getFreightModel': getFreightModel,
  });
  renderWithProviders(<FreightCalculatorPage search={{}} onSearchChange={() => {}} />, { api });
  return calls;
}

const calculator = () => within(screen.getByRole('region', { name: '运费试算' }));

async function ask(user: ReturnType<typeof userEvent.setup>, dims: boolean) {
  const box = calculator().getByRole('combobox', { name: /仓库/ });
  await user.click(box);
  const listbox = await waitFor(() => document.getElementById(box.getAttribute('aria-controls') ?? '')!);
  await user.click(within(listbox).getByRole('option', { name: '深圳大陆仓', hidden: true }));
  await user.type(calculator().getByRole('textbox', { name: /重量/ }), '1.26');
  if (dims) {
    await user.type(calculator().getByRole('textbox', { name: '长（cm）' }), '30');
    await user.type(calculator().getByRole('textbox', { name: '宽（cm）' }), '20');
    await user.type(calculator().getByRole('textbox', { name: '高（cm）' }), '20');
  }
  await user.click(calculator().getByRole('button', { name: '计算' }));
}

describe('seller freight calculator', () => {
  beforeEach(() => emulateViewport(1280));

  it('lists the rules in effect', async () => {
    setup(() => model);
    const row = (await screen.findByText('0.5 kg / 12.00')).closest('tr')!;
    expect(within(row).getByText('6000')).toBeTruthy();
    expect(within(row).getByText('深圳大陆仓')).toBeTruthy();
  });

  it('sends weight and size and shows the breakdown: chargeable weight, first, continue steps, total', async () => {
    const user = userEvent.setup();
    const calls = setup(() => model);
    await ask(user, true);
    expect(await screen.findByTestId('freight-total')).toHaveProperty('textContent', '27.00 积分');
    expect(calls.find((c) => c.action === 'getFreightModel')!.body).toEqual({ warehouseInfoId: 1, site: 'TW', cargoCategory: 1, weight: 1.26, long: 30, wide: 20, high: 20 });
    const breakdown = screen.getByLabelText('运费明细');
    expect(within(breakdown).getByText('2 kg')).toBeTruthy(); // 计费重量
    expect(within(breakdown).getByText('2 kg（长×宽×高 ÷ 6000）')).toBeTruthy();
    expect(within(breakdown).getByText('3 × 0.5 kg × 5.00 = 15.00 积分')).toBeTruthy();
  });

  it('shows why there is no price (409) and refuses a weight with 4 decimals before asking', async () => {
    const user = userEvent.setup();
    const calls = setup(() => { throw new ApiError('深圳大陆仓·台湾·普货 当前没有生效的运费设置，无法计算运费。', 'http', 409); });
    await user.type(calculator().getByRole('textbox', { name: /重量/ }), '1.2345');
    await user.click(calculator().getByRole('button', { name: '计算' }));
    expect(await screen.findByText('重量须为数字，最多三位小数')).toBeTruthy();
    expect(calls.filter((c) => c.action === 'getFreightModel')).toHaveLength(0);
    await user.clear(calculator().getByRole('textbox', { name: /重量/ }));
    await ask(user, false);
    await waitFor(() => expect(calculator().getByRole('alert').textContent).toBe('深圳大陆仓·台湾·普货 当前没有生效的运费设置，无法计算运费。'));
    expect(screen.queryByTestId('freight-total')).toBeNull();
  });
});
