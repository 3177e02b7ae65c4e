import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiRequest } from '#shared/api-client.ts';
import type { CourierExpressDeliveryDto } from '#shared/contracts/courier.ts';
import { zhHans } from '#shared/i18n/zh-Hans.ts';
import { fakeConfiguration } from '../../lib/test-config.ts';
import { createFakeApi, renderWithProviders, type FakeHandler } from '../../test/render.tsx';
import { emulateViewport } from '../../components/list-page/testing.ts';
import { DeliveryListPage } from './delivery-list-page.tsx';
import type { DeliveryListSearch } from './queries.ts';

const row = (over: Partial<CourierExpressDeliveryDto>): CourierExpressDeliveryDto => ({
  id: 1, warehouseInfoId: 1, warehouseName: '义乌仓', courierCompanyCode: 'ZTO', courierCompanyName: '中通快递', shipment: 'ZT1000000001', courierName: '王师傅',
  courierPhone: null, reMark: null, isEnable: true, creatorUserName: 'admin', creationTime: '2026-11-22T02:00:00Z', notEnableUserName: null, notEnableTime: null,
  receiveStatus: 1, userCode: 'S00001', ...over,
});
const ROWS = [row({}), row({ id: 2, shipment: 'SF1000000002', courierCompanyCode: 'SF', courierCompanyName: '顺丰速运', isEnable: false, receiveStatus: null, userCode: null })];

function fakeApi(extra: Record<string, FakeHandler> = {}) {
  return createFakeApi({
    'AbpUserConfiguration.getAll': () => fakeConfiguration({ userId: 1, tenantId: 1, values: zhHans }),
    'CourierCompany.getCourierCompanyList': () => [{ code: 'SF', name: '顺丰速运' }, { code: 'ZTO', name: '中通快递' }],
    'CourierExpressDelivery.getList': () => ({ totalCount: ROWS.length, items: ROWS }),
    ...extra,
  });
}
const callsOf = (all: ApiRequest[], name: string) => all.filter((c) => `${c.service}.${c.action}` === name);
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

function Screen({ onCreate = () => {} }: { onCreate?: () => void }) {
  const [search, setSearch] = useState<DeliveryListSearch>({});
  return <DeliveryListPage search={search} onSearchChange={setSearch} onCreate={onCreate} />;
}

describe('快递员登记', () => {
  beforeEach(() => {
    emulateViewport(1280);
  });

  it('lists the records with the parcel they match; voids one after confirming; filters by company', async () => {
    const user = userEvent.setup();
    let created = false;
    const { api, calls } = fakeApi({ 'CourierExpressDelivery.markNotEnable': () => ({ ...ROWS[0]!, isEnable: false }) });
    renderWithProviders(<Screen onCreate={() => { created = true; }} />, { api });
    const valid = await rowOf('ZT1000000001');
    expect(within(valid).getByText('已签收')).toBeTruthy();
    expect(within(valid).getByText('有效')).toBeTruthy();
    const voided = await rowOf('SF1000000002');
    expect(within(voided).getByText('未申报')).toBeTruthy();
    expect(within(voided).getByText('已作废')).toBeTruthy();
    expect(within(voided).queryByRole('button', { name: '作废' })).toBeNull();

    await user.click(within(valid).getByRole('button', { name: '作废' }));
    const dialog = await screen.findByRole('dialog', { name: '作废登记' });
    await user.click(within(dialog).getByRole('button', { name: '作废' }));
    await waitFor(() => expect(callsOf(calls, 'CourierExpressDelivery.markNotEnable').map((c) => c.query)).toEqual([{ id: 1 }]));

    await user.click(screen.getByRole('combobox', { name: '快递公司' }));
    await user.click(await screen.findByRole('option', { name: '顺丰速运', hidden: true }));
    await waitFor(() => expect(callsOf(calls, 'CourierExpressDelivery.getList').at(-1)!.query).toEqual({ currentPage: 1, pageSize: 10, courierCompanyCode: 'SF' }));

    await user.click(screen.getByRole('button', { name: '登记快递' }));
    expect(created).toBe(true);
  });
});
