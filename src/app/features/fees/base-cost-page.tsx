// 基础费用设置 (/warehouse/basecostsetting): versioned base-cost rules per warehouse and order type,
// and the tenant's urgent fee.
import { useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { IconPencil, IconPlayerStop, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import type { BaseCostSettingDto } from '#shared/contracts/fees.ts';
import { labelKey } from '#shared/enums.ts';
import { useApi } from '../../lib/api.ts';
import { useT, type Translate } from '../../lib/i18n.ts';
import { ListPage, formatDateTime, type FilterField, type RowAction } from '../../components/list-page/index.ts';
import { BaseCostFormModal, ORDER_TYPES } from './base-cost-form-modal.tsx';
import { EndTimeModal } from './end-time-modal.tsx';
import { formatPoints, type Phase } from './fee-form.ts';
import { baseCostListQuery, allWarehousesQuery, useEndBaseCost } from './fee-queries.ts';
import { baseCostInput, type BaseCostSearch } from './fee-search.ts';
import { PhaseBadge } from './phase-badge.tsx';
import { DestroyFeeCard, UrgentFeeCard } from './tenant-fee-card.tsx';

type BaseCostRow = { baseCost: number; baseSkuNums: number; exceedSkuCost: number; maxSkuCost: number; sackPrice: number; beginTime: string; endTime: string | null; phase: Phase };

/** The amounts, period and phase of a base cost setting (per warehouse, or per store for overseas orders). */
export function baseCostAmountColumns<T extends BaseCostRow>(t: Translate): DataTableColumn<T>[] {
  return [
    { accessor: 'baseCost', title: t('基础费用'), textAlign: 'right', render: (s) => formatPoints(s.baseCost) },
    { accessor: 'baseSkuNums', title: t('基础SKU数'), textAlign: 'right' },
    { accessor: 'exceedSkuCost', title: t('超出每SKU'), textAlign: 'right', render: (s) => formatPoints(s.exceedSkuCost) },
    { accessor: 'maxSkuCost', title: t('SKU费用上限'), textAlign: 'right', render: (s) => formatPoints(s.maxSkuCost) },
    { accessor: 'sackPrice', title: t('包材费'), textAlign: 'right', render: (s) => formatPoints(s.sackPrice) },
    { accessor: 'beginTime', title: t('开始时间'), render: (s) => formatDateTime(s.beginTime) },
    { accessor: 'endTime', title: t('结束时间'), render: (s) => (s.endTime ? formatDateTime(s.endTime) : t('长期')) },
    { accessor: 'phase', title: t('状态'), render: (s) => <PhaseBadge phase={s.phase} /> },
  ];
}

export function BaseCostPage({ search, onSearchChange }: { search: BaseCostSearch; onSearchChange: (next: BaseCostSearch) => void }) {
  const api = useApi();
  const t = useT();
  const warehouses = useQuery(allWarehousesQuery(api));
  const [editing, setEditing] = useState<{ setting: BaseCostSettingDto | null } | null>(null);
  const [ending, setEnding] = useState<BaseCostSettingDto | null>(null);
  const end = useEndBaseCost();

  const filters: FilterField<BaseCostSearch>[] = [
    { kind: 'select', key: 'warehouseInfoId', label: t('仓库'), options: (warehouses.data?.items ?? []).map((w) => ({ value: w.id, label: w.warehouseName })) },
    { kind: 'select', key: 'orderType', label: t('订单类型'), options: ORDER_TYPES.map((o) => ({ value: o, label: t(labelKey('OrderType', o)) })) },
    { kind: 'select', key: 'isEffective', label: t('是否有效'), options: [{ value: true, label: t('有效') }, { value: false, label: t('已停用') }] },
  ];

  const columns: DataTableColumn<BaseCostSettingDto>[] = [
    { accessor: 'warehouseName', title: t('仓库'), render: (s) => <Text size="sm" fw={500}>{s.warehouseName ?? s.warehouseInfoId}</Text> },
    { accessor: 'orderType', title: t('订单类型'), render: (s) => t(labelKey('OrderType', s.orderType)) },
    ...baseCostAmountColumns<BaseCostSettingDto>(t),
  ];

  const rowActions: RowAction<BaseCostSettingDto>[] = [
    { key: 'edit', label: t('编辑'), icon: <IconPencil size={14} />, onClick: (s) => setEditing({ setting: s }) },
    {
      key: 'end', label: t('结束'), icon: <IconPlayerStop size={14} />, onClick: (s) => setEnding(s),
      disabled: (s) => (s.phase === 'ended' ? t('已结束') : false),
    },
  ];

  return (
    <Stack gap="md">
      <UrgentFeeCard />
      <DestroyFeeCard />
      <ListPage
        label={t('基础费用设置')}
        search={search}
        onSearchChange={onSearchChange}
        query={baseCostListQuery(api, baseCostInput(search))}
        columns={columns}
        filters={filters}
        rowActions={rowActions}
        toolbar={<Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ setting: null })}>{t('新增设置')}</Button>}
      />
      {editing && <BaseCostFormModal setting={editing.setting} onClose={() => setEditing(null)} />}
      {ending && (
        <EndTimeModal
          subject={t('{0} · {1} · 基础费用 {2}', ending.warehouseName ?? '', t(labelKey('OrderType', ending.orderType)), formatPoints(ending.baseCost))}
          beginTime={ending.beginTime} endTime={ending.endTime} saving={end.isPending}
          onSubmit={(endTime) => end.mutateAsync({ id: ending.id, endTime })}
          onClose={() => setEnding(null)}
        />
      )}
    </Stack>
  );
}
