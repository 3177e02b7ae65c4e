import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import type { ApiRequest } from '#shared/api-client.ts';
import { zhHans } from '#shared/i18n/zh-Hans.ts';
import { fakeConfiguration } from '../../lib/test-config.ts';
import { createFakeApi as createApi, renderWithProviders, type FakeHandler } from '../../test/render.tsx';
import { emulateViewport } from '../../components/list-page/testing.ts';
import { StatisticPage, type StatisticDef } from './statistic-page.tsx';
import { consumptionStatistic, pivot, signForStatistic } from './definitions.ts';
import { rangePresets } from './range.ts';
import type { StatisticSearch } from './search.ts';

const createFakeApi = (handlers: Record<string, FakeHandler>) => createApi({
  'AbpUserConfiguration.getAll': () => fakeConfiguration({ userId: 1, tenantId: 1, values: zhHans }), ...handlers,
});
const session = { getToken: () => 'tok', getTenantId: () => 1, getCulture: () => 'zh-Hans' };
const callsOf = (all: ApiRequest[], action: string) => all.filter((c) => c.service === 'StatisticalRecords' && c.action === action);

function Page<Row>({ def, initial = {} }: { def: StatisticDef<Row>; initial?: StatisticSearch }) {
  const [search, setSearch] = useState<StatisticSearch>(initial);
  return <StatisticPage def={def} search={search} onSearchChange={setSearch} exportSource={session} />;
}

describe('统计报表', () => {
  beforeEach(() => emulateViewport(1280));

  it('asks the last 7 days by default, shows the table, and asks again for a preset', async () => {
    const user = userEvent.setup();
    const today = dayjs().format('YYYY-MM-DD');
    const { api, calls } = createFakeApi({
      'StatisticalRecords.getSignForLogisticsStatisticalList': () => [
        { signForTime: today, signUserName: 'admin', signForNums: 3 }, { signForTime: today, signUserName: '小李', signForNums: 1 },
      ],
    });
    renderWithProviders(<Page def={signForStatistic} />, { api });
    const table = await screen.findByRole('table', { name: '签收统计' });
    const row = within(table).getByText('小李').closest('tr')!;
    expect(within(row).getByText('1')).toBeTruthy();
    const week = rangePresets()[1]!;
    expect(callsOf(calls, 'getSignForLogisticsStatisticalList')[0]!.query).toEqual({ startTime: week.from, endTime: week.to });

    await user.click(screen.getByRole('button', { name: '上月' }));
    const lastMonth = rangePresets()[3]!;
    await waitFor(() => expect(callsOf(calls, 'getSignForLogisticsStatisticalList').at(-1)!.query).toEqual({ startTime: lastMonth.from, endTime: lastMonth.to }));
  });

  it('says so when the range has nothing, and shows signed amounts per seller and channel', async () => {
    const { api } = createFakeApi({
      'StatisticalRecords.getStatisticalConsumptionFlowList': () => [{ userCode: 'S00001', channel: 2, incurredAmount: -12.5 }],
    });
    renderWithProviders(<Page def={consumptionStatistic} initial={{ from: '2026-01-01', to: '2026-01-31' }} />, { api });
    const table = await screen.findByRole('table', { name: '消费统计' });
    expect(within(table).getByText('S00001')).toBeTruthy();
    expect(within(table).getByText('-12.50')).toBeTruthy();

    const empty = createFakeApi({ 'StatisticalRecords.getStatisticalConsumptionFlowList': () => [] });
    renderWithProviders(<Page def={consumptionStatistic} />, { api: empty.api });
    expect(await screen.findByText('所选日期内没有数据')).toBeTruthy();
  });

  it('消费统计 plots recharges apart from fees, so a large recharge does not flatten the fees (issue 44 §8)', async () => {
    const { api } = createFakeApi({
      'StatisticalRecords.getStatisticalConsumptionFlowList': () => [
        { userCode: 'S00001', channel: 1, incurredAmount: 5000 }, { userCode: 'S00001', channel: 3, incurredAmount: -3 },
        { userCode: 'S00001', channel: 4, incurredAmount: -22 }, { userCode: 'S00002', channel: 2, incurredAmount: 800 },
      ],
    });
    renderWithProviders(<Page def={consumptionStatistic} initial={{ from: '2026-01-01', to: '2026-01-31' }} />, { api });
    await screen.findByRole('table', { name: '消费统计' });
    const parts = await screen.findAllByTestId('statistic-chart-part');
    expect(parts.map((p) => [p.firstElementChild?.textContent, p.getAttribute('data-series')])).toEqual([
      ['费用', `${zhHans['FlowChannel.3']},${zhHans['FlowChannel.4']}`],
      ['充值', `${zhHans['FlowChannel.1']},${zhHans['FlowChannel.2']}`],
    ]);
  });

  it('pivots rows into one stacked bar group per day with a series per person', () => {
    const chart = pivot(
      [{ d: '2026-01-01', u: 'a', n: 2 }, { d: '2026-01-01', u: 'b', n: 1 }, { d: '2026-01-02', u: 'a', n: 5 }],
      { key: '日期', of: (r) => r.d }, (r) => r.u, (r) => r.n,
    );
    expect(chart).toEqual({
      dataKey: '日期', series: [{ name: 'a' }, { name: 'b' }],
      data: [{ 日期: '2026-01-01', a: 2, b: 1 }, { 日期: '2026-01-02', a: 5 }],
    });
  });
});
