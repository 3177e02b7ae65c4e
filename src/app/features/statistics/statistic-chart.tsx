// The statistics' bar chart (@mantine/charts over recharts). Loaded lazily by statistic-page.tsx so
// recharts never reaches the first load of any other screen.
import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';

export interface ChartData {
  /** One object per bar group: the x value under dataKey, one number per series. */
  data: Record<string, string | number>[];
  dataKey: string;
  series: { name: string; label?: string }[];
  /** Shown above the chart when a screen draws more than one (消费统计: 费用 and 充值 apart). */
  title?: string;
}

const COLORS = ['blue.6', 'teal.6', 'orange.6', 'grape.6', 'red.6', 'cyan.6', 'lime.6', 'pink.6', 'indigo.6', 'yellow.6'];

export default function StatisticChart({ chart }: { chart: ChartData }) {
  return (
    <BarChart
      h={280}
      data={chart.data}
      dataKey={chart.dataKey}
      type="stacked"
      withLegend
      series={chart.series.map((s, i) => ({ ...s, color: COLORS[i % COLORS.length]! }))}
    />
  );
}
