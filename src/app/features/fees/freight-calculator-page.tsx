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
    ['线路', `${model.warehouseName ?? ''} · ${t(labelKey('Site', model.site))} · ${t(labelKey('CargoCategory', model.cargoCategory))}`],
    ['实际重量', formatKg(model.weight)],
    ['体积重', model.volumeWeight === null ? '未填写尺寸' : `${formatKg(model.volumeWeight)}（长×宽×高 ÷ ${model.bulkyParameter}）`],
    ['计费重量', formatKg(model.chargeableWeight)],
    ['首重', `${formatKg(model.firstWeight)} ${formatPoints(model.firstWeightPrice)} 积分`],
    ['续重', `${model.continueSteps} × ${formatKg(model.continueWeight)} × ${formatPoints(model.continueWeightCost)} = ${formatPoints(model.continueAmount)} 积分`],
  ];
  return (
    <Paper withBorder p="md" radius="md" aria-label="运费明细">
      <Table withRowBorders={false} verticalSpacing={4}>
        <Table.Tbody>
          {rows.map(([k, v]) => (
            <Table.Tr key={k}><Table.Td c="dimmed" w={100}>{k}</Table.Td><Table.Td>{v}</Table.Td></Table.Tr>
          ))}
          <Table.Tr><Table.Td fw={600}>运费合计</Table.Td><Table.Td fw={700} fz="lg" data-testid="freight-total">{formatPoints(model.total)} 积分</Table.Td></Table.Tr>
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
    { kind: 'select', key: 'warehouseInfoId', label: '仓库', options: (warehouses.data?.items ?? []).map((w) => ({ value: w.id, label: w.warehouseName })) },
    { kind: 'select', key: 'site', label: '站点', options: SITES.map((s) => ({ value: s, label: t(labelKey('Site', s)) })) },
    { kind: 'select', key: 'cargoCategory', label: '货物类型', options: CARGO.map((c) => ({ value: c, label: t(labelKey('CargoCategory', c)) })) },
  ];
  const columns: DataTableColumn<FrontFreightRuleDto>[] = [
    { accessor: 'warehouseName', title: '仓库' },
    { accessor: 'site', title: '站点', render: (r) => t(labelKey('Site', r.site)) },
    { accessor: 'cargoCategory', title: '货物类型', render: (r) => t(labelKey('CargoCategory', r.cargoCategory)) },
    { accessor: 'first', title: '首重 / 价格', render: (r) => `${formatKg(r.firstWeight)} / ${formatPoints(r.firstWeightPrice)}` },
    { accessor: 'continue', title: '续重 / 价格', render: (r) => `${formatKg(r.continueWeight)} / ${formatPoints(r.continueWeightCost)}` },
    { accessor: 'bulkyParameter', title: '抛重系数', textAlign: 'right' },
    { accessor: 'beginTime', title: '生效时间', render: (r) => formatDateTime(r.beginTime) },
    { accessor: 'endTime', title: '截止时间', render: (r) => (r.endTime ? formatDateTime(r.endTime) : '长期') },
  ];

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Paper withBorder p="md" radius="md" component="section" aria-label="运费试算">
          <Title order={5} mb="sm">运费试算</Title>
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
          {result ? <FreightBreakdown model={result} /> : <Text c="dimmed" size="sm">填写重量（和尺寸）后点“计算”。计费重量取实际重量与体积重中较大者；续重不足一个单位按一个单位计。</Text>}
        </Stack>
      </SimpleGrid>
      <ListPage label="当前运费标准" search={search} onSearchChange={onSearchChange} query={frontFreightListQuery(api, frontFreightInput(search))} columns={columns} filters={filters} />
    </Stack>
  );
}
