// The dashboard's 14-day chart. Loaded lazily (React.lazy in dashboard-figures.tsx): @mantine/charts
// and recharts stay out of every first load, the home page's included, and arrive while the
// figures above are already on screen.
import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';

export interface ChartSeries { name: string; label: string; color: string }
export type ChartRow = Record<string, string | number | null>;

export default function DashboardChart({ data, series }: { data: readonly ChartRow[]; series: readonly ChartSeries[] }) {
  return (
    <BarChart
      h={240}
      data={data.map((d) => ({ ...d, day: String(d['day']).slice(5) }))}
      dataKey="day"
      series={series.map((s) => ({ name: s.name, label: s.label, color: s.color }))}
      withLegend
      tickLine="y"
      gridAxis="y"
    />
  );
}
