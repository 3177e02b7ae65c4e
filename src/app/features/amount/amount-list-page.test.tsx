import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiRequest } from '#shared/api-client.ts';
import { zhHans } from '#shared/i18n/zh-Hans.ts';
import { fakeConfiguration } from '../../lib/test-config.ts';
import { createFakeApi, renderWithProviders } from '../../test/render.tsx';
import { emulateViewport } from '../../components/list-page/testing.ts';
import { AmountListPage } from './amount-list-page.tsx';
import type { AmountListSearch } from './search.ts';
import { buildFlow } from './test-data.ts';

const callsOf = (all: ApiRequest[], name: string) => all.filter((c) => `${c.service}.${c.action}` === name);

function Page() {
  const [search, setSearch] = useState<AmountListSearch>({});
  return <AmountListPage search={search} onSearchChange={setSearch} />;
}

describe('积分明细', () => {
  beforeEach(() => emulateViewport(1280));

  it('shows the balance and each flow with its type, signed amount and balance after; filters by type', async () => {
    const user = userEvent.setup();
    const { api, calls } = createFakeApi({
      'AbpUserConfiguration.getAll': () => fakeConfiguration({ userId: 7, tenantId: 1, values: zhHans }),
      'Recharge.getAmountList': () => ({
        totalCount: 2, balance: 1234.5,
        items: [
          buildFlow({ id: 2, channel: 4, incurredAmount: -15.25, balance: 1234.5, tradeNo: 'CB2411200001', orderNumber: '2411ABC' }),
          buildFlow({ id: 1, channel: 1, incurredAmount: 1249.75, balance: 1249.75 }),
        ],
      }),
    });
    renderWithProviders(<Page />, { api });
    await waitFor(() => expect(screen.getByTestId('balance').textContent).toBe('1,234.50'));
    const freight = (await screen.findByText('CB2411200001')).closest('tr')!;
    expect(within(freight).getByText('运费')).toBeTruthy();
    expect(within(freight).getByText('-15.25')).toBeTruthy();
    expect(within(freight).getByText('1,234.50')).toBeTruthy();
    const recharge = screen.getByText('+1,249.75').closest('tr')!;
    expect(within(recharge).getByText('在线充值')).toBeTruthy();

    await user.click(screen.getByRole('combobox', { name: '类型' }));
    await user.click(await screen.findByRole('option', { name: '在线充值', hidden: true }));
    await waitFor(() => expect(callsOf(calls, 'Recharge.getAmountList').at(-1)!.query).toEqual({ currentPage: 1, pageSize: 10, channel: 1 }));
  });
});
