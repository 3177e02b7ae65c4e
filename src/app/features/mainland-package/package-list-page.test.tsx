import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiRequest } from '#shared/api-client.ts';
import { zhHans } from '#shared/i18n/zh-Hans.ts';
import { ApiError } from '../../lib/api.ts';
import { fakeConfiguration } from '../../lib/test-config.ts';
import { createFakeApi, renderWithProviders, type FakeHandler } from '../../test/render.tsx';
import { emulateViewport } from '../../components/list-page/testing.ts';
import { PackageListPage } from './package-list-page.tsx';
import type { PackageListSearch } from './queries.ts';
import { buildPackage } from './fixtures.ts';
import { fileUrl } from '#shared/file-links.ts';


const PACKAGES = [buildPackage({}), buildPackage({ id: 2, packageName: '马来-特货-2', site: 'MY', cargoCategory: 2, isSend: true, sendTime: '2026-11-22T05:00:00Z', orderCount: 1, orders: [{ id: 13, tradeNo: 'ML26112200003', orderNumber: 'SP-3', userCode: 'S00001', orderStatus: 4, packageStatus: 5 }] })];

function fakeApi(extra: Record<string, FakeHandler> = {}) {
  return createFakeApi({
    'AbpUserConfiguration.getAll': () => fakeConfiguration({ userId: 1, tenantId: 1, values: zhHans }),
    'BackMainLandPackage.geMainLandPackageList': () => ({ totalCount: PACKAGES.length, items: PACKAGES }),
    ...extra,
  });
}

function Screen() {
  const [search, setSearch] = useState<PackageListSearch>({});
  return <PackageListPage search={search} onSearchChange={setSearch} />;
}

const callsOf = (all: ApiRequest[], name: string) => all.filter((c) => `${c.service}.${c.action}` === name);
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

describe('大陆包', () => {
  beforeEach(() => {
    emulateViewport(1280);
  });

  it('lists the bags; only an open one can be edited or sent; the filters become request params', async () => {
    const user = userEvent.setup();
    const { api, calls } = fakeApi();
    renderWithProviders(<Screen />, { api });
    const open = await rowOf('台湾-普货-1');
    expect(within(open).getByText('未发出')).toBeTruthy();
    expect(within(open).getByText('YT2611220001')).toBeTruthy();
    expect(within(open).getByText('60×40×30')).toBeTruthy();
    expect(within(open).getByRole('button', { name: '完成发出' })).toBeTruthy();
    const sent = await rowOf('马来-特货-2');
    expect(within(sent).getByText('已发出')).toBeTruthy();
    expect(within(sent).getByText('特货')).toBeTruthy();
    expect(within(sent).queryByRole('button', { name: '完成发出' })).toBeNull();
    expect(within(sent).queryByRole('button', { name: '编辑' })).toBeNull();

    await user.type(screen.getByLabelText('单号'), 'ML26112200003');
    await user.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(callsOf(calls, 'BackMainLandPackage.geMainLandPackageList').at(-1)!.query).toEqual({ currentPage: 1, pageSize: 10, keyword: 'ML26112200003' }));
  });

  it('sends a bag after confirming, and shows the server refusing while an order owes freight', async () => {
    const user = userEvent.setup();
    let refuse = true;
    const { api, calls } = fakeApi({
      'BackMainLandPackage.editCompleteStatus': () => {
        if (refuse) throw new ApiError('大陆包「台湾-普货-1」里有待补运费的订单，不能发出：ML26112200002。', 'http', 409);
        return { ...buildPackage({ isSend: true }), shippedCount: 2 };
      },
    });
    renderWithProviders(<Screen />, { api });
    await user.click(within(await rowOf('台湾-普货-1')).getByRole('button', { name: '完成发出' }));
    const dialog = await screen.findByRole('dialog', { name: '完成发出' });
    expect(dialog.textContent).toContain('包内 2 个订单将全部出库');
    await user.click(within(dialog).getByRole('button', { name: '发出' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('ML26112200002');
    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: '发出' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '完成发出' })).toBeNull());
    expect(callsOf(calls, 'BackMainLandPackage.editCompleteStatus').map((c) => c.body)).toEqual([{ id: 1 }, { id: 1 }]);
  });
});

describe('包内订单', () => {
  beforeEach(() => {
    emulateViewport(1280);
  });

  it('lists a bag’s orders with their label links and takes one out of an open bag', async () => {
    const user = userEvent.setup();
    const { api, calls } = fakeApi({
      'BackOrder.editInterNationalShipment': () => ({ orderId: 12, tradeNo: 'ML26112200002', mainLandPackageId: null, packageName: null, orderCount: 1 }),
    });
    renderWithProviders(<Screen />, { api });
    await user.click(within(await rowOf('台湾-普货-1')).getByRole('button', { name: '订单' }));
    const dialog = await screen.findByRole('dialog', { name: '包内订单：台湾-普货-1' });
    expect(within(dialog).getByText('待补运费')).toBeTruthy();
    expect(within(dialog).getAllByRole('link', { name: '打印面单' })[0]!.getAttribute('href')).toBe(fileUrl('getOrderLabel', { tradeNo: 'ML26112200001' }));
    await user.click(within(dialog).getByRole('button', { name: '移出 ML26112200002' }));
    await waitFor(() => expect(within(dialog).queryByText('ML26112200002')).toBeNull());
    expect(callsOf(calls, 'BackOrder.editInterNationalShipment').map((c) => c.query)).toEqual([{ id: 12, mainLandPackageId: 0 }]);
  });
});
