import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../lib/api.ts';
import { createFakeApi, renderWithProviders } from '../../test/render.tsx';
import { WarehouseFormModal } from './warehouse-form-modal.tsx';

const saved = { id: 9, warehouseName: '台北仓', kind: 2, warehouseCityId: null, cityName: null, site: 'TW', address: '', contactName: '', phone: '', isEnabled: true, creationTime: '2026-11-22T00:00:00Z' };

function setup(save: (body: Record<string, unknown>) => unknown) {
  const { api, calls } = createFakeApi({
    'WarehouseCity.getWarehouseCity': () => [{ id: 1, cityName: '深圳' }],
    'WarehouseInfo.editWarehouseInfo': (req) => save(req.body ?? {}),
  });
  renderWithProviders(<WarehouseFormModal warehouse={null} onClose={() => {}} />, { api });
  return calls;
}

describe('warehouse form', () => {
  it('asks for a site for an overseas warehouse and sends nothing until then', async () => {
    const user = userEvent.setup();
    const calls = setup(() => saved);
    await user.type(await screen.findByLabelText(/仓库名称/), '台北仓');
    await user.click(screen.getByText('海外仓'));
    await user.click(screen.getByRole('button', { name: '创建' }));
    expect(await screen.findByText('海外仓需要选择站点')).toBeTruthy();
    expect(calls.filter((c) => c.action === 'editWarehouseInfo')).toHaveLength(0);
  });

  it('sends a mainland warehouse without a site', async () => {
    const user = userEvent.setup();
    const calls = setup(() => ({ ...saved, kind: 1, site: null, warehouseName: '义乌仓' }));
    await user.type(await screen.findByLabelText(/仓库名称/), '义乌仓');
    await user.type(screen.getByLabelText('地址'), '义乌市');
    await user.click(screen.getByRole('button', { name: '创建' }));
    await waitFor(() => expect(calls.filter((c) => c.action === 'editWarehouseInfo')).toHaveLength(1));
    expect(calls.find((c) => c.action === 'editWarehouseInfo')!.body).toMatchObject({ warehouseName: '义乌仓', kind: 1, site: null, address: '义乌市', isEnabled: true });
  });

  it('shows the server\'s refusal on the form', async () => {
    const user = userEvent.setup();
    setup(() => { throw new ApiError('仓库 台北仓 已存在。', 'http', 409); });
    await user.type(await screen.findByLabelText(/仓库名称/), '台北仓');
    await user.click(screen.getByRole('button', { name: '创建' }));
    expect(await screen.findByText('仓库 台北仓 已存在。')).toBeTruthy();
  });
});
