// /backStatistical/stockpackstatistical — 囤货打包统计 (StatisticalRecords): range presets, a chart and the table, the xlsx export.
import { createFileRoute } from '@tanstack/react-router';
import { StatisticPage } from '../../../features/statistics/statistic-page.tsx';
import { stockPackedStatistic } from '../../../features/statistics/definitions.ts';
import { statisticSearch } from '../../../features/statistics/search.ts';
import { useAuth } from '../../../lib/use-auth.ts';

export const Route = createFileRoute('/_app/backStatistical/stockpackstatistical')({
  validateSearch: statisticSearch,
  staticData: {
    title: '囤货打包统计', permission: 'Statistical.Manages', side: 'staff', menu: { group: 'statistics', order: 3, icon: 'chart-bar' },
  },
  component: StatisticRoute,
});

function StatisticRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const auth = useAuth();
  return (
    <StatisticPage def={stockPackedStatistic} search={search} onSearchChange={(next) => void navigate({ search: next })} exportSource={auth} />
  );
}
