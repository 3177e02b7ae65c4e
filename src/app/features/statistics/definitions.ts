// The six statistics screens: what each asks StatisticalRecords, its table and its chart.
import type { ConsumptionStatisticDto, OwnConsumptionStatisticDto, PackedStatisticDto, SignForStatisticDto, StoreStatisticDto }
  from '#shared/contracts/statistics.ts';
import { FLOW_CHANNEL, labelKey } from '#shared/enums.ts';
import { formatPoints } from '#shared/money.ts';
import type { Translate } from '../../lib/i18n.ts';
import type { ChartData } from './statistic-chart.tsx';
import type { StatisticDef } from './statistic-page.tsx';

/** Rows → one bar group per x value with a number per series (stacked), series in first-seen order. */
export function pivot<Row>(
  rows: Row[], x: { key: string; of: (r: Row) => string }, seriesOf: (r: Row) => string, valueOf: (r: Row) => number,
): ChartData {
  const groups = new Map<string, Record<string, string | number>>();
  const series: string[] = [];
  for (const r of rows) {
    const at = x.of(r);
    const name = seriesOf(r);
    if (!series.includes(name)) series.push(name);
    const group = groups.get(at) ?? { [x.key]: at };
    group[name] = Number(group[name] ?? 0) + valueOf(r);
    groups.set(at, group);
  }
  return { data: [...groups.values()], dataKey: x.key, series: series.map((name) => ({ name })) };
}

const channelName = (t: Translate, channel: number) => t(labelKey('FlowChannel', channel));

const RECHARGE_CHANNELS: readonly number[] = [FLOW_CHANNEL.onlineRecharge, FLOW_CHANNEL.systemRecharge];

/**
 * 消费统计's charts: fees (and refunds) in one, recharges in another, so a recharge of thousands does
 * not flatten fees of a few points. A chart only for what the range has.
 */
export function consumptionCharts<Row extends { channel: number; incurredAmount: number }>(
  rows: Row[], x: { key: string; of: (r: Row) => string }, t: Translate,
): ChartData[] {
  const isRecharge = (r: Row) => RECHARGE_CHANNELS.includes(r.channel);
  const parts = [
    { title: t('费用'), rows: rows.filter((r) => !isRecharge(r)) },
    { title: t('充值'), rows: rows.filter(isRecharge) },
  ];
  return parts.filter((p) => p.rows.length > 0)
    .map((p) => ({ ...pivot(p.rows, x, (r) => channelName(t, r.channel), (r) => r.incurredAmount), title: p.title }));
}

export const signForStatistic: StatisticDef<SignForStatisticDto> = {
  title: '签收统计', action: 'getSignForLogisticsStatisticalList',
  load: (api, range) => api.statisticalRecords.getSignForLogisticsStatisticalList(range),
  columns: (t) => [
    { title: t('日期'), value: (r) => r.signForTime }, { title: t('签收人'), value: (r) => r.signUserName },
    { title: t('签收数'), value: (r) => r.signForNums, numeric: true },
  ],
  chart: (rows, t) => pivot(rows, { key: t('日期'), of: (r) => r.signForTime }, (r) => r.signUserName || t('未知'), (r) => r.signForNums),
  exportAction: 'getSignForStatisticalExport', exportName: '签收统计.xlsx',
};

const packedColumns = (t: Translate) => [
  { title: t('日期'), value: (r: PackedStatisticDto) => r.packedTime }, { title: t('打包人'), value: (r: PackedStatisticDto) => r.packedUserName },
  { title: t('打包订单数'), value: (r: PackedStatisticDto) => r.packedOrderNums, numeric: true },
];
const packedChart = (rows: PackedStatisticDto[], t: Translate) =>
  pivot(rows, { key: t('日期'), of: (r) => r.packedTime }, (r) => r.packedUserName || t('未知'), (r) => r.packedOrderNums);

export const packedStatistic: StatisticDef<PackedStatisticDto> = {
  title: '打包统计', action: 'getPackedPackNumsList',
  load: async (api, range) => (await api.statisticalRecords.getPackedPackNumsList(range)).items,
  columns: packedColumns, chart: packedChart, exportAction: 'getPackedStatisticalExport', exportName: '打包统计.xlsx',
};

export const stockPackedStatistic: StatisticDef<PackedStatisticDto> = {
  title: '囤货打包统计', action: 'getStockPackedPackNumsList',
  load: async (api, range) => (await api.statisticalRecords.getStockPackedPackNumsList(range)).items,
  columns: packedColumns, chart: packedChart, exportAction: 'getStockPackedStatisticalExport', exportName: '囤货打包统计.xlsx',
};

export const storeStatistic: StatisticDef<StoreStatisticDto> = {
  title: '上架统计', action: 'getProductStoreStatisticalList',
  load: (api, range) => api.statisticalRecords.getProductStoreStatisticalList(range),
  columns: (t) => [
    { title: t('日期'), value: (r) => r.storeTime }, { title: t('操作人'), value: (r) => r.userName },
    { title: t('上架数'), value: (r) => r.storeCount, numeric: true },
  ],
  chart: (rows, t) => pivot(rows, { key: t('日期'), of: (r) => r.storeTime }, (r) => r.userName || t('未知'), (r) => r.storeCount),
  exportAction: 'getProductStoreStatisticalExport', exportName: '上架统计.xlsx',
};

export const consumptionStatistic: StatisticDef<ConsumptionStatisticDto> = {
  title: '消费统计', action: 'getStatisticalConsumptionFlowList',
  load: (api, range) => api.statisticalRecords.getStatisticalConsumptionFlowList(range),
  columns: (t) => [
    { title: t('卖家编码'), value: (r) => r.userCode }, { title: t('类型'), value: (r) => channelName(t, r.channel) },
    { title: t('发生金额'), value: (r) => formatPoints(r.incurredAmount, true), numeric: true },
  ],
  chart: (rows, t) => consumptionCharts(rows, { key: t('卖家编码'), of: (r) => r.userCode }, t),
  exportAction: 'getConsumptionFlowStatisticalExport', exportName: '消费统计.xlsx',
};

export const ownConsumptionStatistic: StatisticDef<OwnConsumptionStatisticDto> = {
  title: '消费统计', action: 'getStatisticalConsumptionFlowListByUserId',
  load: (api, range) => api.statisticalRecords.getStatisticalConsumptionFlowListByUserId(range),
  columns: (t) => [
    { title: t('日期'), value: (r) => r.incurredTime }, { title: t('类型'), value: (r) => channelName(t, r.channel) },
    { title: t('发生金额'), value: (r) => formatPoints(r.incurredAmount, true), numeric: true },
  ],
  chart: (rows, t) => consumptionCharts(rows, { key: t('日期'), of: (r) => r.incurredTime }, t),
  exportAction: 'getOwnConsumptionFlowStatisticalExport', exportName: '我的消费统计.xlsx',
};
