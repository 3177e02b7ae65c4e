// 运费试算 for sellers (/front/frontmainlandfreight): the freight rules in effect now
// (FrontMainLandFreight/GetFrontMainLandFreightList) and a calculator with the breakdown (GetFreightModel).
import { useState } from 'react';
import { Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import type { FreightModelDto, FrontFreightRuleDto } from '#shared/contracts/fees.ts';
import { ENUM_CODES, SITES, labelKey } from '#shared/enums.ts';
import { useApi } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { ListPage, formatDateTime, type FilterField } from '../../components/list-page/index.ts';
import { formatKg, formatPoints } from './fee-form.ts';
import { feeWarehousesQuery, frontFreightListQuery, useFreightModel } from './fee-queries.ts';
import { frontFreightInput, type FrontFreightSearch } from './fee-search.ts';
import { FreightQueryForm } from './freight-query-form.tsx';

const CARGO = ENUM_CODES.CargoCategory;

export function FreightBreakdown({ model }: { model: FreightModelDto }) {
  const t = useT();
  const rows: [string, string][] = [
    [t('线路'), `${model.warehouseName ?? ''} · ${t(labelKey('Site', model.site))} · ${t(labelKey('CargoCategory', model.cargoCategory))}`],
    [t('实际重量'), formatKg(model.weight)],
    [t('体积重'), model.volumeWeight === null ? t('未填写尺寸') : t('{0}（长×宽×高 ÷ {1}）', formatKg(model.volumeWeight), model.bulkyParameter)],
    [t('计费重量'), formatKg(model.chargeableWeight)],
    [t('首重'), t('{0} {1} 积分', formatKg(model.firstWeight), formatPoints(model.firstWeightPrice))],
    [t('续重'), t('{0} × {1} × {2} = {3} 积分', model.continueSteps, formatKg(model.continueWeight), formatPoints(model.continueWeightCost), formatPoints(model.continueAmount))],
  ];
  return (
    <Paper withBorder p="md" radius="md" aria-label={t('运费明细')}>
      <Table withRowBorders={false} verticalSpacing={4}>
        <Table.Tbody>
          {rows.map(([k, v]) => (
            <Table.Tr key={k}><Table.Td c="dimmed" w={100}>{k}</Table.Td><Table.Td>{v}</Table.Td></Table.Tr>
          ))}
          <Table.Tr><Table.Td fw={600}>{t('运费合计')}</Table.Td><Table.Td fw={700} fz="lg" data-testid="freight-total">{t('{0} 积分', formatPoints(model.total))}</Table.Td></Table.Tr>
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

export function FreightCalculatorPage({ search, onSearchChange }: { search: FrontFreightSearch; onSearchChange: (next: FrontFreightSearch) => void }) {
  const api = useApi();
  const t = useT();
  const warehouses = useQuery(feeWarehousesQuery(api));
  const model = useFreightModel();
  const [result, setResult] = useState<FreightModelDto | null>(null);

  const filters: FilterField<FrontFreightSearch>[] = [
    { kind: 'select', key: 'warehouseInfoId', label: t('仓库'), options: (warehouses.data?.items ?? []).map((w) => ({ value: w.id, label: w.warehouseName })) },
    { kind: 'select', key: 'site', label: t('站点'), options: SITES.map((s) => ({ value: s, label: t(labelKey('Site', s)) })) },
    { kind: 'select', key: 'cargoCategory', label: t('货物类型'), options: CARGO.map((c) => ({ value: c, label: t(labelKey('CargoCategory', c)) })) },
  ];
  const columns: DataTableColumn<FrontFreightRuleDto>[] = [
    { accessor: 'warehouseName', title: t('仓库') },
    { accessor: 'site', title: t('站点'), render: (r) => t(labelKey('Site', r.site)) },
    { accessor: 'cargoCategory', title: t('货物类型'), render: (r) => t(labelKey('CargoCategory', r.cargoCategory)) },
    { accessor: 'first', title: t('首重 / 价格'), render: (r) => `${formatKg(r.firstWeight)} / ${formatPoints(r.firstWeightPrice)}` },
    { accessor: 'continue', title: t('续重 / 价格'), render: (r) => `${formatKg(r.continueWeight)} / ${formatPoints(r.continueWeightCost)}` },
    { accessor: 'bulkyParameter', title: t('抛重系数'), textAlign: 'right' },
    { accessor: 'beginTime', title: t('生效时间'), render: (r) => formatDateTime(r.beginTime) },
    { accessor: 'endTime', title: t('截止时间'), render: (r) => (r.endTime ? formatDateTime(r.endTime) : t('长期')) },
  ];

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Paper withBorder p="md" radius="md" component="section" aria-label={t('运费试算')}>
          <Title order={5} mb="sm">{t('运费试算')}</Title>
          <FreightQueryForm
            busy={model.isPending}
            onQuote={async (input) => {
              const outcome = await model.mutateAsync(input);
              setResult(outcome.ok ? outcome.value : null);
              return outcome;
            }}
          />
        </Paper>
        <Stack gap="xs">
          {result ? <FreightBreakdown model={result} /> : <Text c="dimmed" size="sm">{t('填写重量（和尺寸）后点“计算”。计费重量取实际重量与体积重中较大者；续重不足一个单位按一个单位计。')}</Text>}
        </Stack>
      </SimpleGrid>
      <ListPage label={t('当前运费标准')} search={search} onSearchChange={onSearchChange} query={frontFreightListQuery(api, frontFreightInput(search))} columns={columns} filters={filters} />
    </Stack>
  );
}
