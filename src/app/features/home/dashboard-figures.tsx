// 首页's live figures (issue #18 item 3). Staff: today's floor work and what waits, each card opening
// its list with the list's filter in the URL; a seller: balance, orders by state, today's parcels
// and charges. Below, 14 days as a chart. The realtime bridge invalidates ['Dashboard'] when the
// floor signs a parcel in, packs or weighs an order, and these refetch.
import { lazy, Suspense, type ReactNode } from 'react';
import { Card, Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  IconAlertTriangle, IconCamera, IconCoin, IconPackage, IconPackageImport, IconQuestionMark, IconReceipt, IconScale, IconTruckDelivery,
} from '@tabler/icons-react';
import type { StaffSummaryDto } from '#shared/contracts/dashboard.ts';
import { labelKey, ORDER_STATUS, PACKAGE_STATUS, RECEIVE_STATUS, URGENT_REQUEST_STATUS } from '#shared/enums.ts';
import { formatPoints } from '#shared/money.ts';
import { useApi } from '../../lib/api.ts';
import { useT, type Translate } from '../../lib/i18n.ts';
import { PathLink } from '../../components/path-link.tsx';
import { sellerSummaryQuery, staffSummaryQuery } from './home-queries.ts';
import type { ChartRow, ChartSeries } from './dashboard-chart.tsx';

const DashboardChart = lazy(() => import('./dashboard-chart.tsx'));

interface Card { key: string; label: string; value: number | null; text?: string; href?: string; icon: ReactNode; color: string }

/** The staff's cards: a figure the caller may not see (null) has no card. */
export function staffCards(s: StaffSummaryDto, t: Translate): Card[] {
  const today = `dateFrom=${s.today}&dateTo=${s.today}`;
  const orders = '/back/backOrderList';
  const cards: Card[] = [
    {
      key: 'signedIn', label: t('今日签收包裹'), value: s.signedIn,
      href: `/back/intologisticsrecord?${today}`, icon: <IconPackageImport size={20} />, color: 'blue',
    },
    {
      key: 'packed', label: t('今日打包订单'), value: s.packed,
      href: `${orders}?packageStatus=${PACKAGE_STATUS.packed}`, icon: <IconPackage size={20} />, color: 'teal',
    },
    {
      key: 'weighed', label: t('今日称重订单'), value: s.weighed,
      href: `${orders}?packageStatus=${PACKAGE_STATUS.weighed}`, icon: <IconScale size={20} />, color: 'cyan',
    },
    {
      key: 'charged', label: t('今日扣费积分'), value: s.charged, text: s.charged === null ? undefined : formatPoints(s.charged),
      href: `/back/flow?from=${s.today}&to=${s.today}`, icon: <IconCoin size={20} />, color: 'yellow',
    },
    {
      key: 'awaitingPhotos', label: t('待拍照包裹'), value: s.awaitingPhotos,
      href: '/takephone/logisticsphoto', icon: <IconCamera size={20} />, color: 'grape',
    },
    {
      key: 'unclaimed', label: t('无主件'), value: s.unclaimed, href: `/back/logisticsList?receiveStatus=${RECEIVE_STATUS.unclaimed}`,
      icon: <IconQuestionMark size={20} />, color: 'orange',
    },
    {
      key: 'owingFreight', label: t('待补运费订单'), value: s.owingFreight, href: `${orders}?orderStatus=${ORDER_STATUS.awaitingFreight}`,
      icon: <IconReceipt size={20} />, color: 'red',
    },
    {
      key: 'urgent', label: t('待处理催单'), value: s.urgent, href: `/backurgent/backurgentorderlist?status=${URGENT_REQUEST_STATUS.pending}`,
      icon: <IconAlertTriangle size={20} />, color: 'pink',
    },
  ];
  return cards.filter((c) => c.value !== null);
}

const staffSeries = (t: Translate): (ChartSeries & { key: keyof StaffSummaryDto['days'][number] })[] => [
  { key: 'signedIn', name: 'signedIn', label: t('签收包裹'), color: 'blue.6' },
  { key: 'packed', name: 'packed', label: t('打包订单'), color: 'teal.6' },
  { key: 'weighed', name: 'weighed', label: t('称重订单'), color: 'cyan.6' },
];

export function StaffDashboard() {
  const api = useApi();
  const t = useT();
  const { data, isError } = useQuery({ ...staffSummaryQuery(api), meta: { errorHandling: 'local' } });
  if (isError) return null;
  if (!data) return <FiguresSkeleton />;
  const cards = staffCards(data, t);
  if (cards.length === 0) return null;
  const series = staffSeries(t).filter((s) => data.days.some((d) => d[s.key] !== null));
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">{cards.map(({ key, ...c }) => <FigureCard key={key} {...c} />)}</SimpleGrid>
      {series.length > 0 && <DaysChart title={t('近 14 天作业量')} data={data.days} series={series} />}
    </Stack>
  );
}

export function SellerDashboard() {
  const api = useApi();
  const t = useT();
  const { data, isError } = useQuery({ ...sellerSummaryQuery(api), meta: { errorHandling: 'local' } });
  if (isError) return null;
  if (!data) return <FiguresSkeleton />;
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
        <FigureCard
          label={t('积分余额')} value={data.balance} text={formatPoints(data.balance)} href="/amount/amountList" icon={<IconCoin size={20} />} color="yellow"
        />
        <FigureCard label={t('今日到仓包裹')} value={data.arrivedToday} icon={<IconTruckDelivery size={20} />} color="blue" />
        <FigureCard
          label={t('今日花费积分')} value={data.spentToday} text={formatPoints(data.spentToday)}
          href={`/amount/amountList?from=${data.today}&to=${data.today}`} icon={<IconReceipt size={20} />} color="red"
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        <BreakdownCard title={t('订单状态')} empty={t('还没有订单')} rows={data.ordersByStatus.map((o) => ({
          key: String(o.orderStatus), label: t(labelKey('OrderStatus', o.orderStatus)), value: String(o.count),
          href: `/front/orderList?orderStatus=${o.orderStatus}`,
        }))} />
        <BreakdownCard title={t('今日各项费用')} empty={t('今天没有扣费')} rows={data.spentByChannel.map((c) => ({
          key: String(c.channel), label: t(labelKey('FlowChannel', c.channel)), value: formatPoints(c.amount),
          href: `/amount/amountList?channel=${c.channel}&from=${data.today}&to=${data.today}`,
        }))} />
      </SimpleGrid>
      <DaysChart title={t('近 14 天')} data={data.days} series={[
        { name: 'arrived', label: t('到仓包裹'), color: 'blue.6' },
        { name: 'spent', label: t('花费积分'), color: 'red.6' },
      ]} />
    </Stack>
  );
}

function FiguresSkeleton() {
  const cells = [0, 1, 2, 3].map((i) => <Skeleton key={i} h={96} radius="md" />);
  return <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">{cells}</SimpleGrid>;
}

export function FigureCard({ label, value, text, href, icon, color }: Omit<Card, 'key'>) {
  const shown = text ?? (value === null ? '—' : String(value));
  const body = (
    <Card withBorder radius="md" padding="md" h="100%">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={4}>
          <Text size="sm" c="dimmed">{label}</Text>
          <Text fz={28} fw={700} lh={1.1} data-testid="figure-value">{shown}</Text>
        </Stack>
        <ThemeIcon variant="light" color={color} size={38} radius="md">{icon}</ThemeIcon>
      </Group>
    </Card>
  );
  if (!href) return body;
  const name = `${label} ${shown}`;
  return <UnstyledButton component={PathLink} href={href} style={{ display: 'block' }} aria-label={name}>{body}</UnstyledButton>;
}

interface BreakdownRow { key: string; label: string; value: string; href: string }

function BreakdownCard({ title, empty, rows }: { title: string; empty: string; rows: BreakdownRow[] }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Text fw={600} size="sm" mb="xs">{title}</Text>
      {rows.length === 0 ? <Text size="sm" c="dimmed">{empty}</Text> : (
        <Stack gap={4}>
          {rows.map((r) => (
            <UnstyledButton key={r.key} component={PathLink} href={r.href} aria-label={`${title} ${r.label} ${r.value}`}>
              <Group justify="space-between"><Text size="sm">{r.label}</Text><Text size="sm" fw={600}>{r.value}</Text></Group>
            </UnstyledButton>
          ))}
        </Stack>
      )}
    </Card>
  );
}

function DaysChart({ title, data, series }: { title: string; data: readonly ChartRow[]; series: readonly ChartSeries[] }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text fw={600} size="sm" mb="xs">{title}</Text>
      <Suspense fallback={<Skeleton h={240} />}>
        <DashboardChart data={data} series={series} />
      </Suspense>
    </Paper>
  );
}
