// 催单记录 (/fronturgent/fronturgentorderlist): the seller's urge requests with the warehouse's replies.
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiRequest } from '#shared/api-client.ts';
import type { UrgentRequestDto } from '#shared/contracts/orders.ts';
import { zhHans } from '#shared/i18n/zh-Hans.ts';
import { fakeConfiguration } from '../../lib/test-config.ts';
import { createFakeApi, renderWithProviders } from '../../test/render.tsx';
import { emulateViewport } from '../../components/list-page/testing.ts';
import { UrgentListPage } from './urgent-list-page.tsx';
import type { UrgentListSearch } from './order-search.ts';

const request = (over: Partial<UrgentRequestDto>): UrgentRequestDto => ({
  id: 1, orderId: 201, tradeNo: 'ML26030100001', orderNumber: 'SP-2001', userCode: 'S00001', message: '买家在催，麻烦尽快发货', status: 0,
  reply: null, replyUserName: null, replyTime: null, creationTime: '2026-03-02T01:00:00Z', ...over,
});
const REQUESTS = [
  request({ id: 2, orderId: 202, tradeNo: 'ML26030100002', orderNumber: 'SP-2002', status: 1, reply: '今天下午出库', replyUserName: '客服小王', replyTime: '2026-03-02T06:15:00Z' }),
  request({}),
];

function setup(initial: UrgentListSearch = {}) {
  const fake = createFakeApi({
    'AbpUserConfiguration.getAll': () => fakeConfiguration({ userId: 5, tenantId: 1, values: zhHans }),
    'FrontUrgentOrder.getUrgentDataList': () => ({ totalCount: REQUESTS.length, items: REQUESTS }),
  });
  const onOpenOrder = vi.fn();
  function Screen() {
    const [search, setSearch] = useState<UrgentListSearch>(initial);
    return <UrgentListPage search={search} onSearchChange={setSearch} onOpenOrder={onOpenOrder} />;
  }
  renderWithProviders(<Screen />, { api: fake.api });
  return { ...fake, onOpenOrder };
}
const listCalls = (calls: ApiRequest[]) => calls.filter((c) => c.action === 'getUrgentDataList').map((c) => c.query);
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('催单记录 (seller)', () => {
  beforeEach(() => emulateViewport(1440));

  it('lists the requests with their state and the warehouse\'s reply', async () => {
    const { calls } = setup();
    await screen.findByText('ML26030100002');
    expect(listCalls(calls)[0]).toEqual({ currentPage: 1, pageSize: 10 });
    const answered = rowOf('ML26030100002');
    expect(within(answered).getByText('已处理')).toBeTruthy();
    expect(within(answered).getByText('今天下午出库')).toBeTruthy();
    expect(within(answered).getByText('客服小王')).toBeTruthy();
    expect(within(answered).getByText('2026-03-02 14:15')).toBeTruthy();
    const open = rowOf('ML26030100001');
    expect(within(open).getByText('待处理')).toBeTruthy();
    expect(within(open).getByText('买家在催，麻烦尽快发货')).toBeTruthy();
  });

  it('filters by state and number, and opens the order of a request', async () => {
    const user = userEvent.setup();
    const { calls, onOpenOrder } = setup();
    await screen.findByText('ML26030100002');
    await user.click(screen.getByRole('combobox', { name: '状态' }));
    await user.click(await screen.findByRole('option', { name: '待处理', hidden: true }));
    await waitFor(() => expect(listCalls(calls).at(-1)).toEqual({ currentPage: 1, pageSize: 10, status: 0 }));
    await user.type(screen.getByRole('textbox', { name: '单号' }), 'SP-2001{Enter}');
    await waitFor(() => expect(listCalls(calls).at(-1)).toEqual({ currentPage: 1, pageSize: 10, status: 0, number: 'SP-2001' }));

    await user.click(within(rowOf('ML26030100001')).getByRole('button', { name: '查看订单' }));
    expect(onOpenOrder).toHaveBeenCalledWith(201);
  });
});
