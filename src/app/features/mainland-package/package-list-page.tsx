// 大陆包 (/back/mainlandPackage): the outbound bags of mainland orders — open ones first. Create and
// edit a bag, and 完成发出: closing a bag ships every order in it (the server refuses, with the
// trade numbers, while any of them still owes freight).
import { useState } from 'react';
import { Badge, Button, Code, Text, Tooltip } from '@mantine/core';
import { IconListDetails, IconPencil, IconPlus, IconTruckDelivery } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import type { MainLandPackageDto } from '#shared/contracts/mainland-package.ts';
import { ENUM_CODES, SITES, labelKey } from '#shared/enums.ts';
import { ListPage, StatusBadge, formatDateTime, type FilterField, type RowAction } from '../../components/list-page/index.ts';
import { unwrap, useServiceMutation } from '../../components/forms/refusal.ts';
import { useApi } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { PackageFormModal } from './package-form-modal.tsx';
import { PackageOrdersModal } from './package-orders-modal.tsx';
import { packageListQuery, type PackageListSearch } from './queries.ts';

const dims = (p: MainLandPackageDto) => (p.long !== null && p.wide !== null && p.high !== null ? `${p.long}×${p.wide}×${p.high}` : '—');

export function PackageListPage({ search, onSearchChange }: { search: PackageListSearch; onSearchChange: (next: PackageListSearch) => void }) {
  const t = useT();
  const api = useApi();
  const [dialog, setDialog] = useState<{ pkg: MainLandPackageDto | null } | null>(null);
  const [viewing, setViewing] = useState<MainLandPackageDto | null>(null);
  // Shipping the bag's orders changes them too: refresh the order lists as well.
  const complete = useServiceMutation(['BackMainLandPackage', 'BackOrder'], (a, id: number) => a.backMainLandPackage.editCompleteStatus({ id }));

  const filters: FilterField<PackageListSearch>[] = [
    { kind: 'text', key: 'keyword', label: t('单号'), placeholder: t('包名 / 国际运单号 / 交易号') },
    { kind: 'select', key: 'site', label: t('站点'), options: SITES.map((s) => ({ value: s, label: `${t(labelKey('Site', s))} (${s})` })), searchable: true },
    { kind: 'select', key: 'cargoCategory', label: t('货物类别'), options: ENUM_CODES.CargoCategory.map((c) => ({ value: c, label: t(labelKey('CargoCategory', c)) })) },
    { kind: 'select', key: 'isSend', label: t('状态'), options: [{ value: false, label: t('未发出') }, { value: true, label: t('已发出') }] },
  ];

  const columns: DataTableColumn<MainLandPackageDto>[] = [
    { accessor: 'packageName', title: t('包名') },
    { accessor: 'mainLandInterNationalShipment', title: t('国际运单号'), render: (p) => (p.mainLandInterNationalShipment ? <Code>{p.mainLandInterNationalShipment}</Code> : '—') },
    { accessor: 'warehouseName', title: t('仓库') },
    { accessor: 'site', title: t('站点'), render: (p) => t(labelKey('Site', p.site)) },
    { accessor: 'cargoCategory', title: t('货物类别'), render: (p) => t(labelKey('CargoCategory', p.cargoCategory)) },
    {
      accessor: 'orderCount', title: t('订单数'),
      render: (p) => (p.orderCount ? (
        <Tooltip label={p.orders.map((o) => o.tradeNo).join('\n')} multiline maw={260} style={{ whiteSpace: 'pre-line' }} withinPortal>
          <Badge variant="light" radius="sm">{p.orderCount}</Badge>
        </Tooltip>
      ) : <Text size="sm" c="dimmed">0</Text>),
    },
    { accessor: 'weight', title: t('重量 (kg)'), render: (p) => p.weight ?? '—' },
    { accessor: 'long', title: t('尺寸 (cm)'), render: dims },
    { accessor: 'appointUserName', title: t('指派人员'), render: (p) => p.appointUserName ?? '—' },
    { accessor: 'isSend', title: t('状态'), render: (p) => <StatusBadge active={!p.isSend} on={t('未发出')} off={t('已发出')} /> },
    { accessor: 'createTime', title: t('创建时间'), render: (p) => formatDateTime(p.createTime) },
    { accessor: 'sendTime', title: t('发出时间'), render: (p) => (p.sendTime ? formatDateTime(p.sendTime) : '—') },
  ];

  const rowActions: RowAction<MainLandPackageDto>[] = [
    { key: 'orders', label: t('订单'), icon: <IconListDetails size={14} />, onClick: (p) => setViewing(p) },
    { key: 'edit', label: t('编辑'), icon: <IconPencil size={14} />, hidden: (p) => p.isSend, onClick: (p) => setDialog({ pkg: p }) },
    {
      key: 'complete', label: t('完成发出'), icon: <IconTruckDelivery size={14} />, color: 'teal', hidden: (p) => p.isSend,
      disabled: (p) => (p.orderCount === 0 ? t('包里还没有订单') : false),
      confirm: (p) => ({
        title: t('完成发出'), confirmLabel: t('发出'), danger: false,
        message: t('确定发出大陆包 {0} 吗？包内 {1} 个订单将全部出库并标记为已发货，发出后不能再修改。', p.packageName, p.orderCount),
      }),
      onClick: async (p) => unwrap(await complete.mutateAsync(p.id)),
    },
  ];

  return (
    <>
      <ListPage
        label={t('大陆包列表')}
        search={search}
        onSearchChange={onSearchChange}
        query={packageListQuery(api, search)}
        columns={columns}
        filters={filters}
        rowActions={rowActions}
        toolbar={<Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ pkg: null })}>{t('新建大陆包')}</Button>}
      />
      {dialog && <PackageFormModal pkg={dialog.pkg} onClose={() => setDialog(null)} />}
      {viewing && <PackageOrdersModal pkg={viewing} onClose={() => setViewing(null)} />}
    </>
  );
}
