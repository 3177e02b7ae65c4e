// One statistics screen (StatisticalRecords): a range of days with presets, a chart of the figures
// and the table under it, and the xlsx export of the same range. Each screen is a StatisticDef
// (definitions.ts); the chart module loads on its own so recharts stays out of every first load.
import { lazy, Suspense, useState } from 'react';
import { Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ApiClient } from '#shared/api-client.ts';
import { fileUrl, type FileActionKey } from '#shared/file-links.ts';
import { errorMessage } from '../../components/list-page/index.ts';
import { DateRangeFilter } from '../../components/list-page/date-range-filter.tsx';
import { useApi, type RequestContextSource } from '../../lib/api.ts';
import { downloadServerFile } from '../../lib/download.ts';
import { useT, type Translate } from '../../lib/i18n.ts';
import type { ChartData } from './statistic-chart.tsx';
import { rangePresets, statisticRange } from './range.ts';
import type { StatisticSearch } from './search.ts';

const StatisticChart = lazy(() => import('./statistic-chart.tsx'));

export interface StatisticRange { startTime: string; endTime: string }
export interface StatisticColumn<Row> { title: string; value: (row: Row) => string | number; numeric?: boolean }

export interface StatisticDef<Row> {
  title: string;
  /** The query key's action name (StatisticalRecords/<action>). */
  action: string;
  load: (api: ApiClient, range: StatisticRange) => Promise<Row[]>;
  columns: (t: Translate) => StatisticColumn<Row>[];
  /** One chart, or several drawn one under the other (amounts of very different size apart). */
  chart: (rows: Row[], t: Translate) => ChartData | ChartData[];
  exportAction: FileActionKey;
  exportName: string;
}

export function StatisticPage<Row>({ def, search, onSearchChange, exportSource }: {
  def: StatisticDef<Row>;
  search: StatisticSearch;
  onSearchChange: (next: StatisticSearch) => void;
  /** The signed-in session (token, tenant) for the download; the route passes useAuth(). */
  exportSource: RequestContextSource;
}) {
  const t = useT();
  const api = useApi();
  const range = statisticRange(search);
  // Not queryOf: the definition picks the action and may unwrap its answer (def.load).
  const query = useQuery({ queryKey: ['StatisticalRecords', def.action, range], queryFn: () => def.load(api, range) });
  const [exporting, setExporting] = useState(false);
  const columns = def.columns(t);
  const rows = query.data ?? [];

  const runExport = async () => {
    setExporting(true);
    try {
      await downloadServerFile(exportSource, fileUrl(def.exportAction, range), def.exportName);
    } catch (err) {
      notifications.show({ color: 'red', title: t('导出失败'), message: errorMessage(err) });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="md">
      <Title order={3}>{t(def.title)}</Title>
      <Group align="flex-end" gap="sm">
        {rangePresets().map((p) => (
          <Button key={p.label} size="xs" variant={p.from === range.startTime && p.to === range.endTime ? 'filled' : 'default'}
            onClick={() => onSearchChange({ ...search, from: p.from, to: p.to })}>
            {t(p.label)}
          </Button>
        ))}
        <DateRangeFilter label={t('日期')} from={range.startTime} to={range.endTime}
          onChange={(from, to) => onSearchChange({ ...search, from, to })} />
        <Button variant="default" leftSection={<IconDownload size={16} />} loading={exporting} onClick={() => void runExport()}>{t('导出')}</Button>
      </Group>
      {query.isError && <Text c="red">{errorMessage(query.error)}</Text>}
      {query.isPending ? <Loader /> : (
        <>
          <Paper withBorder p="md" data-testid="statistic-chart">
            {rows.length === 0
              ? <Text c="dimmed">{t('所选日期内没有数据')}</Text>
              : <Stack gap="md">{[def.chart(rows, t)].flat().map((chart, i) => (
                <div key={chart.title ?? i} data-testid="statistic-chart-part" data-series={chart.series.map((s) => s.name).join(',')}>
                  {chart.title && <Text fw={600} size="sm" mb="xs">{chart.title}</Text>}
                  <Suspense fallback={<Loader />}><StatisticChart chart={chart} /></Suspense>
                </div>
              ))}</Stack>}
          </Paper>
          <Table striped withTableBorder aria-label={t(def.title)}>
            <Table.Thead>
              <Table.Tr>{columns.map((c) => <Table.Th key={c.title} ta={c.numeric ? 'right' : undefined}>{c.title}</Table.Th>)}</Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, i) => (
                <Table.Tr key={i}>
                  {columns.map((c) => <Table.Td key={c.title} ta={c.numeric ? 'right' : undefined}>{c.value(row)}</Table.Td>)}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
    </Stack>
  );
}
