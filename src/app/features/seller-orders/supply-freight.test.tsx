// 补运费 on 我的订单: offered only for 待补运费 orders; the server's refusal (balance still too low)
// stays in the confirm dialog, and a paid order refreshes the list.
import { describe, expect, it, beforeEach } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { zhHans } from '#shared/i18n/zh-Hans.ts';
import { ApiError } from '../../lib/api.ts';
import { fakeConfiguration } from '../../lib/test-config.ts';
import { createFakeApi, renderWithProviders } from '../../test/render.tsx';
import { emulateViewport } from '../../components/list-page/testing.ts';
import { OrderListPage } from './order-list-page.tsx';
import { buildOrder, buildStore } from './test-data.ts';

describe('我的订单 — 补运费', () => {
  beforeEach(() => emulateViewport(1280));

  it('pays the freight of a 待补运费 order, after showing why it could not', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    let owing = true;
    const fake = createFakeApi({
      'AbpUserConfiguration.getAll': () => fakeConfiguration({ userId: 5, tenantId: 1, values: zhHans }),
      'FrontOrder.getStoreList': () => [buildStore()],
      'FrontOrder.getOrderStatistics': () => ({ total: 2, byOrderStatus: { 2: 1, 3: 1 }, byPackageStatus: {} }),
      'FrontOrder.getOrderList': () => ({
        totalCount: 2,
        items: [
          buildOrder({ id: 201, tradeNo: 'ML24050600001', orderStatus: owing ? 3 : 2, packageStatus: 4 }),
          buildOrder({ id: 202, tradeNo: 'ML24050600002', orderStatus: 2, packageStatus: 4 }),
        ],
      }),
      'FrontOrder.getOrderInfo': (request) => {
        expect(request.query).toEqual({ id: 201 });
        return {
          ...buildOrder({ id: 201, tradeNo: 'ML24050600001', orderStatus: 3, packageStatus: 4 }), parcels: [], audit: [],
          processing: {
            packedUserId: 1, packedUserName: '打包员', packedTime: null, packedImageGuid: null, weight: 40, long: null, wide: null, high: null,
            chargeableWeight: 40, weighedTime: null, weighVersion: 1, fees: [{ channel: 4, amount: 400 }, { channel: 3, amount: 10.8 }],
            total: 410.8, charged: false, owed: 410.8, shippedTime: null,
          },
        };
      },
      'Recharge.getBalance': () => ({ balance: owing ? 100 : 89.2 }),
      'FrontOrder.supplyOrderFreight': (request) => {
        expect(request.query).toEqual({ id: 201 });
        if (++attempts === 1) throw new ApiError('余额不足：订单 ML24050600001 待补运费 410.80 积分，当前余额 100.00 积分，请先充值。', 'http', 409);
        owing = false;
        return { tradeNo: 'ML24050600001', weight: 40, chargeableWeight: 40, fees: [], total: 410.8, charged: true, owed: 0, balance: 89.2, orderStatus: 2, packageStatus: 4 };
      },
    });
    renderWithProviders(
      <OrderListPage search={{}} onSearchChange={() => {}} onOpen={() => {}} onEdit={() => {}} onCreate={() => {}} onExport={async () => {}} />,
      { api: fake.api },
    );
    const row = (tradeNo: string) => screen.getByText(tradeNo).closest('tr')!;
    await screen.findByText('ML24050600001');
    const action = async (tradeNo: string) => {
      const inline = within(row(tradeNo)).queryByRole('button', { name: '补运费' });
      if (inline) return inline;
      fireEvent.click(within(row(tradeNo)).getByRole('button', { name: '更多操作' }));
      return screen.findByRole('menuitem', { name: '补运费' });
    };
    // Not offered for an order that owes nothing.
    const other = row('ML24050600002');
    expect(within(other).queryByRole('button', { name: '补运费' })).toBeNull();
    const more = within(other).queryByRole('button', { name: '更多操作' });
    if (more) {
      fireEvent.click(more);
      await screen.findAllByRole('menuitem');
      expect(screen.queryByRole('menuitem', { name: '补运费' })).toBeNull();
      await user.keyboard('{Escape}');
    }

    await user.click(await action('ML24050600001'));
    const dialog = await screen.findByRole('dialog');
    // The amount owed, line by line, and the balance it comes from, before anything is charged.
    const owed = await within(dialog).findByTestId('supply-freight-owed');
    expect(owed.textContent).toBe('订单 ML24050600001 应补 410.80 积分（运费 400.00, 订单操作费 10.80），当前余额 100.00 积分。余额不足，请先充值。');
    expect(attempts).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: '补运费' }));
    expect(await within(dialog).findByText(/待补运费 410.80 积分，当前余额 100.00 积分/)).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: '补运费' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(attempts).toBe(2);
    await waitFor(() => expect(within(row('ML24050600001')).getByText('处理中')).toBeTruthy());
    expect(within(row('ML24050600001')).queryByRole('button', { name: '补运费' })).toBeNull();
  });
});
