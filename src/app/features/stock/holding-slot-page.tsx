// 库位占用 (/backstock/holdingslots, decision 0062): each warehouse's holding slots and what sits in each —
// an order (its parcels here) or a parcel with no order (无主件, 异常). Staff move an occupant to a free
// slot (HoldingSlots/Move; 409 onto a taken one) or release a slot whose goods are gone (Release).
import { useState } from 'react';
import { Badge, Code, NumberInput, Stack, Text } from '@mantine/core';
import { IconArrowsExchange, IconLockOpen } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import type { HoldingSlotDto } from '#shared/contracts/holding-slots.ts';
import { labelKey } from '#shared/enums.ts';
import { FormDialog } from '../../components/forms/form-dialog.tsx';
import { refusalText, unwrap, useServiceMutation } from '../../components/forms/refusal.ts';
import { formatDateTime, ListPage, type FilterField, type RowAction } from '../../components/list-page/index.ts';
import { useApi } from '../../lib/api.ts';
import { useT, type Translate } from '../../lib/i18n.ts';
import { holdingSlotListQuery, STOCK_SERVICES } from './queries.ts';
import type { HoldingSlotSearch } from './search.ts';
import { useWarehouseChoices } from './use-warehouses.ts';

function occupant(t: Translate, r: HoldingSlotDto) {
  if (r.order) {
    return (
      <Stack gap={0}>
        <Text size="sm">{r.order.tradeNo} · {r.order.orderNumber}</Text>
        <Text size="xs" c="dimmed">{t('卖家 {0}，在库包裹 {1} 个', r.order.userCode, r.order.parcelsHere)}</Text>
      </Stack>
    );
  }
  if (r.parcel) {
    return (
      <Stack gap={0}>
        <Text size="sm">{r.parcel.shipment}</Text>
        <Text size="xs" c="dimmed">{t(labelKey('ReceiveStatus', r.parcel.receiveStatus))}{r.parcel.userCode ? ` · ${r.parcel.userCode}` : ''}</Text>
      </Stack>
    );
  }
  return <Text size="sm" c="dimmed">—</Text>;
}

function columns(t: Translate): DataTableColumn<HoldingSlotDto>[] {
  return [
    { accessor: 'shelfNumber', title: t('库位'), render: (r) => <Code fz="sm">{r.shelfNumber}</Code> },
    { accessor: 'warehouseName', title: t('仓库'), render: (r) => r.warehouseName ?? '—' },
    {
      accessor: 'state', title: t('状态'),
      render: (r) => (r.order || r.parcel ? <Badge color="orange" variant="light">{r.order ? t('订单') : t('单件')}</Badge> : <Badge color="teal" variant="light">{t('空闲')}</Badge>),
    },
    { accessor: 'occupant', title: t('占用'), render: (r) => occupant(t, r) },
    { accessor: 'takenTime', title: t('占用时间'), render: (r) => (r.takenTime ? formatDateTime(r.takenTime) : '—') },
  ];
}

/** 移库位: the free slot to move the occupant to. */
function MoveDialog({ slot, onClose }: { slot: HoldingSlotDto; onClose: () => void }) {
  const t = useT();
  const [to, setTo] = useState<number | string>('');
  const [error, setError] = useState<string | null>(null);
  const move = useServiceMutation(STOCK_SERVICES, (a, n: number) => a.holdingSlots.move({ warehouseInfoId: slot.warehouseInfoId, number: slot.number, to: n }));
  const submit = async () => {
    if (typeof to !== 'number' || to < 1) return setError(t('请输入目标库位号'));
    const outcome = await move.mutateAsync(to);
    if (outcome.ok) onClose();
    else setError(refusalText(outcome.refusal));
  };
  return (
    <FormDialog title={t('移库位')} onClose={onClose} onSubmit={(e) => { e.preventDefault(); void submit(); }} saving={move.isPending} formError={error} submitLabel={t('移动')}>
      <Text size="sm">{t('把库位 {0} 里的货物移到：', slot.shelfNumber)}</Text>
      <NumberInput label={t('目标库位号')} description={t('如 12 即 H0012，须为空闲库位')} min={1} max={99999} value={to} onChange={setTo} data-autofocus />
    </FormDialog>
  );
}

export function HoldingSlotPage({ search, onSearchChange }: { search: HoldingSlotSearch; onSearchChange: (next: HoldingSlotSearch) => void }) {
  const t = useT();
  const api = useApi();
  const warehouses = useWarehouseChoices();
  const [moving, setMoving] = useState<HoldingSlotDto | null>(null);
  const release = useServiceMutation(STOCK_SERVICES, (a, s: HoldingSlotDto) => a.holdingSlots.release({ warehouseInfoId: s.warehouseInfoId, number: s.number }));
  const filters: FilterField<HoldingSlotSearch>[] = [
    { kind: 'select', key: 'warehouseInfoId', label: t('仓库'), options: warehouses.filter },
    { kind: 'text', key: 'shelfNumber', label: t('库位'), placeholder: t('如 H0007') },
    { kind: 'select', key: 'occupied', label: t('占用'), options: [{ value: true, label: t('已占用') }, { value: false, label: t('空闲') }] },
  ];
  const rowActions: RowAction<HoldingSlotDto>[] = [
    {
      key: 'move', label: t('移库位'), icon: <IconArrowsExchange size={14} />,
      disabled: (s) => (s.order || s.parcel ? false : t('库位是空的')), onClick: (s) => setMoving(s),
    },
    {
      key: 'release', label: t('释放'), icon: <IconLockOpen size={14} />, color: 'red',
      confirm: (s) => ({ title: t('释放库位'), message: t('确认库位 {0} 里已没有货物，释放它吗？', s.shelfNumber), confirmLabel: t('释放') }),
      onClick: async (s) => unwrap(await release.mutateAsync(s)),
    },
  ];
  return (
    <>
      <ListPage
        label={t('库位')}
        search={search}
        onSearchChange={onSearchChange}
        query={holdingSlotListQuery(api, search)}
        columns={columns(t)}
        filters={filters}
        rowActions={rowActions}
      />
      {moving && <MoveDialog slot={moving} onClose={() => setMoving(null)} />}
    </>
  );
}
