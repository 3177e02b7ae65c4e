// 催单 (/backurgent/backurgentorderlist): staff read the sellers' urge messages and reply once.
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiRequest } from '#shared/api-client.ts';
import type { UrgentRequestDto } from '#shared/contracts/orders.ts';
import { zhHans } from '#shared/i18n/zh-Hans.ts';
import { ApiError } from '../../lib/api.ts';
import { fakeConfiguration } from '../../lib/test-config.ts';
import { createFakeApi, renderWithProviders, type FakeHandler } from '../../test/render.tsx';
import { emulateViewport } from '../../components/list-page/testing.ts';
import { UrgentListPage } from './urgent-list-page.tsx';
import type { UrgentListSearch } from './search.ts';

const request = (over: Partial<UrgentRequestDto>): UrgentRequestDto => ({
  id: 1, orderId: 201, tradeNo: 'ML26030100001', orderNumber: 'SP-2001', userCode: 'S00001', message: '买家在催，麻烦尽快发货', status: 0,
  reply: null, replyUserName: null, replyTime: null, creationTime: '2026-03-02T01:00:00Z', ...over,
});

function setup(process: FakeHandler) {
  let items = [request({}), request({ id: 2, tradeNo: 'ML26030100002', orderNumber: 'SP-2002', userCode: 'S00002', status: 1, reply: '已安排', replyUserName: '客服小王' })];
  const fake = createFakeApi({
    'AbpUserConfiguration.getAll': () => fakeConfiguration({ userId: 1, tenantId: 1, values: zhHans }),
    'BackUrgentOrder.getUrgentDataList': () => ({ totalCount: items.length, items }),
    'BackUrgentOrder.processUrgentOrder': (req) => {
      const answered = process(req) as UrgentRequestDto;
      items = items.map((u) => (u.id === answered.id ? answered : u));
      return answered;
    },
  });
  function Screen() {
    const [search, setSearch] = useState<UrgentListSearch>({});
    return <UrgentListPage search={search} onSearchChange={setSearch} />;
  }
  renderWithProviders(<Screen />, { api: fake.api });
  return fake;
}
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const processCalls = (calls: ApiRequest[]) => calls.filter((c) => c.action === 'processUrgentOrder').map((c) => c.body);

describe('催单 (back office)', () => {
  beforeEach(() => emulateViewport(1440));

  it('offers 回复 only on open requests, asks for a reply, sends it and shows the answered row', async () => {
    const user = userEvent.setup();
    const { calls } = setup((req) => {
      const body = req.body as { id: number; reply: string };
      return request({ id: body.id, status: 1, reply: body.reply, replyUserName: '管理员', replyTime: '2026-03-02T03:00:00Z' });
    });
    await screen.findByText('ML26030100001');
    expect(within(rowOf('ML26030100001')).getByText('S00001')).toBeTruthy();
    expect(within(rowOf('ML26030100002')).queryByRole('button', { name: '回复' })).toBeNull();

    await user.click(within(rowOf('ML26030100001')).getByRole('button', { name: '回复' }));
    const dialog = await screen.findByRole('dialog', { name: '回复催单' });
    expect(within(dialog).getByText('买家在催，麻烦尽快发货')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: '回复' }));
    expect(within(dialog).getByText('请填写回复内容')).toBeTruthy();
    expect(processCalls(calls)).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: '回复内容' }), '  今天下午出库  ');
    await user.click(within(dialog).getByRole('button', { name: '回复' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '回复催单' })).toBeNull());
    expect(processCalls(calls)).toEqual([{ id: 1, reply: '今天下午出库' }]);
    // The list is refetched: the request is answered and has no 回复 any more.
    await waitFor(() => expect(within(rowOf('ML26030100001')).getByText('今天下午出库')).toBeTruthy());
    expect(within(rowOf('ML26030100001')).getByText('已处理')).toBeTruthy();
    expect(within(rowOf('ML26030100001')).queryByRole('button', { name: '回复' })).toBeNull();
  });

  it('keeps the dialog open with the server\'s sentence when it refuses', async () => {
    const user = userEvent.setup();
    setup(() => { throw new ApiError('该催单已处理，不能重复回复。', 'http', 409); });
    await screen.findByText('ML26030100001');
    await user.click(within(rowOf('ML26030100001')).getByRole('button', { name: '回复' }));
    const dialog = await screen.findByRole('dialog', { name: '回复催单' });
    await user.type(within(dialog).getByRole('textbox', { name: '回复内容' }), '马上处理');
    await user.click(within(dialog).getByRole('button', { name: '回复' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('该催单已处理，不能重复回复。');
    expect(screen.getByRole('dialog', { name: '回复催单' })).toBeTruthy();
  });
});
