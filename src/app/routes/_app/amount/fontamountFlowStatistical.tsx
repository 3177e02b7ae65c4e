// /amount/fontamountFlowStatistical — 消费统计 (StatisticalRecords): range presets, a chart and the table, the xlsx export.
import { createFileRoute } from '@tanstack/react-router';
import { StatisticPage } from '../../../features/statistics/statistic-page.tsx';
import { ownConsumptionStatistic } from '../../../features/statistics/definitions.ts';
import { statisticSearch } from '../../../features/statistics/search.ts';
import { useAuth } from '../../../lib/use-auth.ts';

export const Route = createFileRoute('/_app/amount/fontamountFlowStatistical')({
  validateSearch: statisticSearch,
  staticData: {
    title: '消费统计', permission: 'Front.Amount', side: 'seller', menu: { group: 'amount', order: 3, icon: 'chart-bar' },
  },
  component: StatisticRoute,
});

function StatisticRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const auth = useAuth();
  return (
    <StatisticPage def={ownConsumptionStatistic} search={search} onSearchChange={(next) => void navigate({ search: next })} exportSource={auth} />
  );
}
