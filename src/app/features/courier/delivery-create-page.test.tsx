import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiRequest } from '#shared/api-client.ts';
import { zhHans } from '#shared/i18n/zh-Hans.ts';
import { ApiError } from '../../lib/api.ts';
import { fakeConfiguration } from '../../lib/test-config.ts';
import { createFakeApi, renderWithProviders, type FakeHandler } from '../../test/render.tsx';
import { emulateViewport } from '../../components/list-page/testing.ts';
import { DeliveryCreatePage } from './delivery-create-page.tsx';

const WAREHOUSE = { id: 1, warehouseName: '义乌仓', kind: 1, warehouseCityId: null, cityName: null, site: null, address: '', contactName: '', phone: '', isEnabled: true, creationTime: '2026-01-01T00:00:00Z' };

function fakeApi(extra: Record<string, FakeHandler> = {}) {
  return createFakeApi({
    'AbpUserConfiguration.getAll': () => fakeConfiguration({ userId: 1, tenantId: 1, values: zhHans }),
    'WarehouseInfo.getWarehouseInfoList': () => ({ totalCount: 1, items: [WAREHOUSE] }),
    'CourierCompany.getCourierCompanyList': () => [{ code: 'SF', name: '顺丰速运' }, { code: 'ZTO', name: '中通快递' }],
    ...extra,
  });
}
const callsOf = (all: ApiRequest[], name: string) => all.filter((c) => `${c.service}.${c.action}` === name);

describe('登记快递', () => {
  beforeEach(() => {
    emulateViewport(1280);
  });

  it('collects scanned numbers (Enter, pasted lists, no duplicates) and records the hand-over in one call', async () => {
    const user = userEvent.setup();
    const { api, calls } = fakeApi({ 'CourierExpressDelivery.add': (r) => ({ count: (r.body as { shipments: string[] }).shipments.length, items: [] }) });
    renderWithProviders(<DeliveryCreatePage onDone={() => {}} />, { api });
    const form = await screen.findByRole('form', { name: '登记快递' });

    await user.click(within(form).getByRole('button', { name: '登记' }));
    expect(within(form).getByText('请选择快递公司')).toBeTruthy();
    expect(within(form).getByText('请扫描或输入至少一个快递单号')).toBeTruthy();
    expect(callsOf(calls, 'CourierExpressDelivery.add')).toHaveLength(0);

    const scan = within(form).getByRole('textbox', { name: '快递单号' });
    await user.type(scan, 'ZT1000000001{Enter}');
    await user.type(scan, 'ZT1000000002 ZT1000000001, 坏单号{Enter}');
    expect(within(form).getByText(/坏单号/)).toBeTruthy();
    const table = within(form).getByRole('table', { name: '已扫描的快递单号' });
    expect(within(table).getAllByRole('row').map((r) => r.textContent)).toEqual(['1ZT1000000001', '2ZT1000000002']);
    await user.click(within(form).getByRole('button', { name: '移除 ZT1000000002' }));
    await user.type(scan, 'ZT1000000003{Enter}');

    await user.click(within(form).getByRole('combobox', { name: '快递公司' }));
    await user.click(await screen.findByRole('option', { name: '中通快递', hidden: true }));
    await user.type(within(form).getByRole('textbox', { name: '快递员' }), '王师傅');
    await user.click(within(form).getByRole('button', { name: '登记' }));

    await waitFor(() => expect(callsOf(calls, 'CourierExpressDelivery.add')).toHaveLength(1));
    expect(callsOf(calls, 'CourierExpressDelivery.add')[0]!.body).toEqual({
      warehouseInfoId: 1, courierCompanyCode: 'ZTO', shipments: ['ZT1000000001', 'ZT1000000003'], courierName: '王师傅', courierPhone: null, reMark: null,
    });
    // recorded: the list is cleared for the next courier
    await waitFor(() => expect(within(form).queryByRole('table', { name: '已扫描的快递单号' })).toBeNull());
  });

  it('shows the server naming numbers already on record, and keeps the scanned list', async () => {
    const user = userEvent.setup();
    const { api } = fakeApi({ 'CourierExpressDelivery.add': () => { throw new ApiError('以下快递单号已登记过：SF1000000001。如登记有误，请先作废原记录。', 'http', 409); } });
    renderWithProviders(<DeliveryCreatePage onDone={() => {}} />, { api });
    const form = await screen.findByRole('form', { name: '登记快递' });
    await user.type(within(form).getByRole('textbox', { name: '快递单号' }), 'SF1000000001{Enter}');
    await user.click(within(form).getByRole('combobox', { name: '快递公司' }));
    await user.click(await screen.findByRole('option', { name: '顺丰速运', hidden: true }));
    await user.click(within(form).getByRole('button', { name: '登记' }));
    expect((await within(form).findByRole('alert')).textContent).toContain('SF1000000001');
    expect(within(form).getByRole('table', { name: '已扫描的快递单号' })).toBeTruthy();
  });
});
