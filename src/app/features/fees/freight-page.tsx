// 大陆运费 (/warehouse/mainlandfreight): versioned freight rules per warehouse, site and cargo category.
import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { IconCalculator, IconPencil, IconPlayerStop, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import type { MainlandFreightDto } from '#shared/contracts/fees.ts';
import { SITES, labelKey } from '#shared/enums.ts';
import { useApi } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { ListPage, formatDateTime, type FilterField, type RowAction } from '../../components/list-page/index.ts';
import { EndTimeModal } from './end-time-modal.tsx';
import { formatKg, formatPoints } from './fee-form.ts';
import { feeWarehousesQuery, freightListQuery, useEndFreight } from './fee-queries.ts';
import { freightInput, type FreightSearch } from './fee-search.ts';
import { CARGO_CATEGORIES, FreightFormModal } from './freight-form-modal.tsx';
import { FreightQuoteModal } from './freight-quote-modal.tsx';
import { PhaseBadge } from './phase-badge.tsx';

export function FreightPage({ search, onSearchChange }: { search: FreightSearch; onSearchChange: (next: FreightSearch) => void }) {
  const api = useApi();
  const t = useT();
  const warehouses = useQuery(feeWarehousesQuery(api));
  const [editing, setEditing] = useState<{ rule: MainlandFreightDto | null } | null>(null);
  const [ending, setEnding] = useState<MainlandFreightDto | null>(null);
  const [quoting, setQuoting] = useState(false);
  const end = useEndFreight();

  const filters: FilterField<FreightSearch>[] = [
    { kind: 'select', key: 'warehouseInfoId', label: t('仓库'), options: (warehouses.data?.items ?? []).map((w) => ({ value: w.id, label: w.warehouseName })) },
    { kind: 'select', key: 'site', label: t('站点'), options: SITES.map((s) => ({ value: s, label: t(labelKey('Site', s)) })) },
    { kind: 'select', key: 'cargoCategory', label: t('货物类型'), options: CARGO_CATEGORIES.map((c) => ({ value: c, label: t(labelKey('CargoCategory', c)) })) },
    { kind: 'select', key: 'isEffective', label: t('是否有效'), options: [{ value: true, label: t('有效') }, { value: false, label: t('已停用') }] },
  ];

  const columns: DataTableColumn<MainlandFreightDto>[] = [
    { accessor: 'warehouseName', title: t('仓库'), render: (r) => <Text size="sm" fw={500}>{r.warehouseName ?? r.warehouseInfoId}</Text> },
    { accessor: 'site', title: t('站点'), render: (r) => t(labelKey('Site', r.site)) },
    { accessor: 'cargoCategory', title: t('货物类型'), render: (r) => t(labelKey('CargoCategory', r.cargoCategory)) },
    { accessor: 'first', title: t('首重 / 价格'), render: (r) => `${formatKg(r.firstWeight)} / ${formatPoints(r.firstWeightPrice)}` },
    { accessor: 'continue', title: t('续重 / 价格'), render: (r) => `${formatKg(r.continueWeight)} / ${formatPoints(r.continueWeightCost)}` },
    { accessor: 'bulkyParameter', title: t('抛重系数'), textAlign: 'right' },
    { accessor: 'beginTime', title: t('开始时间'), render: (r) => formatDateTime(r.beginTime) },
    { accessor: 'endTime', title: t('结束时间'), render: (r) => (r.endTime ? formatDateTime(r.endTime) : t('长期')) },
    { accessor: 'phase', title: t('状态'), render: (r) => <PhaseBadge phase={r.phase} /> },
  ];

  const rowActions: RowAction<MainlandFreightDto>[] = [
    { key: 'edit', label: t('编辑'), icon: <IconPencil size={14} />, onClick: (r) => setEditing({ rule: r }) },
    { key: 'end', label: t('结束'), icon: <IconPlayerStop size={14} />, onClick: (r) => setEnding(r), disabled: (r) => (r.phase === 'ended' ? t('已结束') : false) },
  ];

  return (
    <>
      <ListPage
        label={t('大陆运费设置')}
        search={search}
        onSearchChange={onSearchChange}
        query={freightListQuery(api, freightInput(search))}
        columns={columns}
        filters={filters}
        rowActions={rowActions}
        toolbar={(
          <Group gap="xs">
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ rule: null })}>{t('新增设置')}</Button>
            <Button variant="light" leftSection={<IconCalculator size={16} />} onClick={() => setQuoting(true)}>{t('运费试算')}</Button>
          </Group>
        )}
      />
      {editing && <FreightFormModal rule={editing.rule} onClose={() => setEditing(null)} />}
      {quoting && <FreightQuoteModal onClose={() => setQuoting(false)} />}
      {ending && (
        <EndTimeModal
          subject={`${ending.warehouseName ?? ''} · ${t(labelKey('Site', ending.site))} · ${t(labelKey('CargoCategory', ending.cargoCategory))}`}
          beginTime={ending.beginTime} endTime={ending.endTime} saving={end.isPending}
          onSubmit={(endTime) => end.mutateAsync({ id: ending.id, endTime })}
          onClose={() => setEnding(null)}
        />
      )}
    </>
  );
}
