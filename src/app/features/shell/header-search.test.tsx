import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Notifications } from '@mantine/notifications';
import type { ApiRequest } from '#shared/api-client.ts';
import type { FindHitDto } from '#shared/contracts/search.ts';
import { createFakeApi, renderWithProviders } from '../../test/render.tsx';
import { fakeConfiguration } from '../../lib/test-config.ts';
import { HeaderSearch } from './header-search.tsx';

const order: FindHitDto = { kind: 'order', id: 7, label: 'SO2611000007', route: '/back/backOrderList?number=SO2611000007' };
const parcel: FindHitDto = { kind: 'parcel', id: 9, label: 'SO2611000007', route: '/back/logisticsList?shipment=SO2611000007' };

function setup(answer: (number: string) => FindHitDto[]) {
  const onOpen = vi.fn();
  const { api, calls } = createFakeApi({
    'AbpUserConfiguration.getAll': () => fakeConfiguration({ userId: 2, tenantId: 1 }),
    'Search.find': (r: ApiRequest) => answer((r.query as { number: string }).number),
  });
  renderWithProviders(<><Notifications /><HeaderSearch onOpen={onOpen} /></>, { api });
  return { onOpen, calls, box: screen.getByPlaceholderText('扫描或输入单号') };
}

describe('<HeaderSearch> (issue 44 item 4)', () => {
  it('Enter on a number with one hit opens its screen; a scanner\'s keys and Enter do the same', async () => {
    const { onOpen, calls, box } = setup((n) => (n === 'SO2611000007' ? [order] : []));
    await userEvent.type(box, ' SO2611000007 {Enter}');
    await waitFor(() => expect(onOpen).toHaveBeenCalledWith(order.route));
    expect(calls.filter((c) => c.action === 'find').map((c) => c.query)).toEqual([{ number: 'SO2611000007' }]);
  });

  it('several hits are offered as a list; choosing one opens it', async () => {
    const { onOpen, box } = setup(() => [order, parcel]);
    await userEvent.type(box, 'SO2611000007{Enter}');
    const list = await screen.findByTestId('header-search-hits');
    expect(list.textContent).toContain('订单');
    expect(list.textContent).toContain('包裹');
    expect(onOpen).not.toHaveBeenCalled();
    await userEvent.click(screen.getByText('包裹'));
    expect(onOpen).toHaveBeenCalledWith(parcel.route);
  });

  it('no hit says 未找到 with the number, and opens nothing', async () => {
    const { onOpen, box } = setup(() => []);
    await userEvent.type(box, 'NOPE123{Enter}');
    expect(await screen.findByText('未找到：NOPE123')).toBeTruthy();
    expect(onOpen).not.toHaveBeenCalled();
  });
});
