import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MainlandFreightDto } from '#shared/contracts/fees.ts';
import { ApiError } from '../../lib/api.ts';
import { createFakeApi, renderWithProviders } from '../../test/render.tsx';
import { FreightFormModal } from './freight-form-modal.tsx';

const warehouses = { totalCount: 1, items: [{ id: 1, warehouseName: '深圳大陆仓', kind: 1, warehouseCityId: null, cityName: null, site: null, address: '', contactName: '', phone: '', isEnabled: true, creationTime: '2026-01-01T00:00:00Z' }] };
const saved: MainlandFreightDto = {
  id: 3, warehouseInfoId: 1, warehouseName: '深圳大陆仓', site: 'TW', cargoCategory: 1, firstWeight: 0.5, firstWeightPrice: 12, continueWeight: 0.5, continueWeightCost: 5,
  bulkyParameter: 6000, beginTime: '2026-12-01T00:00:00.000Z', endTime: null, isEffective: true, phase: 'upcoming', creationTime: '2026-11-01T00:00:00.000Z', lastModificationTime: null,
};

async function fill(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await user.click(within(dialog).getByRole('combobox', { name: /仓库/ }));
  await user.click(await screen.findByRole('option', { name: '深圳大陆仓', hidden: true }));
  await user.click(within(dialog).getByRole('combobox', { name: /站点/ }));
  await user.click(await screen.findByRole('option', { name: 'Site.TW', hidden: true }));
  fireEvent.change(within(dialog).getByLabelText(/开始时间/), { target: { value: '2026-12-01T08:00' } });
  await user.type(within(dialog).getByRole('textbox', { name: /首重（kg）/ }), '0.5');
  await user.type(within(dialog).getByRole('textbox', { name: /首重价格/ }), '12');
  await user.type(within(dialog).getByRole('textbox', { name: /续重（kg）/ }), '0.5');
  await user.type(within(dialog).getByRole('textbox', { name: /续重价格/ }), '5');
}

describe('mainland freight form', () => {
  it('sends the issue\'s TW general-cargo rule in kg and points', async () => {
    const user = userEvent.setup();
    let closed = false;
    const { api, calls } = createFakeApi({ 'WarehouseInfo.getWarehouseInfoList': () => warehouses, 'MainlandFreight.add': () => saved });
    renderWithProviders(<FreightFormModal rule={null} onClose={() => { closed = true; }} />, { api });
    const dialog = await screen.findByRole('dialog', { name: '新增运费设置' });
    await fill(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: '新增' }));
    await waitFor(() => expect(closed).toBe(true));
    expect(calls.find((c) => c.action === 'add')!.body).toEqual({
      warehouseInfoId: 1, site: 'TW', cargoCategory: 1, beginTime: '2026-12-01T08:00:00+08:00', endTime: null, isEffective: true,
      firstWeight: 0.5, firstWeightPrice: 12, continueWeight: 0.5, continueWeightCost: 5, bulkyParameter: 6000,
    });
  });

  it('refuses a weight with 4 decimals locally and shows the 409 sentence from the server', async () => {
    const user = userEvent.setup();
    const sentence = '与现有运费设置 #3（深圳大陆仓·台湾·普货，2026-12-01 08:00 至 长期）时间重叠：同一仓库、站点和货物类型在同一时刻只能有一条有效的运费设置。';
    const { api, calls } = createFakeApi({ 'WarehouseInfo.getWarehouseInfoList': () => warehouses, 'MainlandFreight.add': () => { throw new ApiError(sentence, 'http', 409); } });
    renderWithProviders(<FreightFormModal rule={null} onClose={() => {}} />, { api });
    const dialog = await screen.findByRole('dialog', { name: '新增运费设置' });
    await fill(user, dialog);
    await user.type(within(dialog).getByRole('textbox', { name: /续重（kg）/ }), '001');
    await user.click(within(dialog).getByRole('button', { name: '新增' }));
    expect(await within(dialog).findByText('续重须为数字，最多三位小数')).toBeTruthy();
    expect(calls.filter((c) => c.action === 'add')).toHaveLength(0);
    await user.clear(within(dialog).getByRole('textbox', { name: /续重（kg）/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /续重（kg）/ }), '0.5');
    await user.click(within(dialog).getByRole('button', { name: '新增' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(sentence);
  });
});
