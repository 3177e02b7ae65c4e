// The parcel screens: 包裹列表 (/back/logisticsList), 已签收包裹 (/back/signlogisticsList),
// 异常件 (/back/abnormalreceivingorder: 无主件 + 异常, with photos and 指定卖家) and 海外仓包裹
// (/backabroad/backabroadlogistics: AbroadLogistics, the parcels at overseas warehouses).
import { useState } from 'react';
import { IconDownload, IconPencil, IconTrash, IconUserCheck } from '@tabler/icons-react';
import type { ParcelDto } from '#shared/contracts/orders.ts';
import { canParcel } from '#shared/rules/parcels.ts';
import { ListPage, type BulkAction, type RowAction } from '../../components/list-page/index.ts';
import { useApi, type RequestContextSource } from '../../lib/api.ts';
import { downloadServerFile } from '../../lib/download.ts';
import { useT } from '../../lib/i18n.ts';
import { parcelColumns, parcelFilterFields } from './parcel-columns.tsx';
import { PARCEL_SERVICES, ParcelEditModal } from './parcel-edit-modal.tsx';
import { abnormalParcelListQuery, abroadParcelListQuery, parcelListQuery, signedParcelListQuery } from './queries.ts';
import { unwrap, useServiceMutation } from '../../components/forms/refusal.ts';
import { parcelFilters, parcelListInput, type ParcelListSearch } from './search.ts';
import { ServerExportButton } from '../../components/server-export.tsx';
import { fileUrl } from '#shared/file-links.ts';
import { PARCEL_SORT_FIELDS } from '#shared/sorting.ts';

export interface ParcelPageProps {
  search: ParcelListSearch;
  onSearchChange: (next: ParcelListSearch) => void;
  exportSource: RequestContextSource;
}

type Dialog = { mode: 'edit' | 'assign'; parcel: ParcelDto } | null;

export function ParcelListPage({ search, onSearchChange, exportSource }: ParcelPageProps) {
  const t = useT();
  const api = useApi();
  const [dialog, setDialog] = useState<Dialog>(null);
  const remove = useServiceMutation(PARCEL_SERVICES, (a, id: number) => a.logistics.delete({ id }));

  const rowActions: RowAction<ParcelDto>[] = [
    { key: 'edit', label: t('编辑'), icon: <IconPencil size={14} />, onClick: (p) => setDialog({ mode: 'edit', parcel: p }) },
    {
      key: 'assign', label: t('指定卖家'), icon: <IconUserCheck size={14} />,
      hidden: (p) => !canParcel('assignSeller', p),
      onClick: (p) => setDialog({ mode: 'assign', parcel: p }),
    },
    {
      key: 'delete', label: t('删除'), icon: <IconTrash size={14} />, color: 'red',
      hidden: (p) => !canParcel('delete', p),
      confirm: (p) => ({ title: t('删除包裹'), message: t('确定删除包裹 {0} 吗？', p.shipment), confirmLabel: t('删除') }),
      onClick: async (p) => unwrap(await remove.mutateAsync(p.id)),
    },
  ];
  const bulkActions: BulkAction<ParcelDto>[] = [
    {
      key: 'exportSelected', label: t('导出选中'), icon: <IconDownload size={14} />,
      onClick: (rows) => downloadServerFile(exportSource, fileUrl('getExpressExportSelected', { ids: rows.map((p) => p.id) }), '选中包裹.xlsx'),
    },
  ];

  return (
    <>
      <ListPage
        label={t('包裹列表')}
        columnsKey="parcelList"
        search={search}
        onSearchChange={onSearchChange}
        query={parcelListQuery(api, parcelListInput(search))}
        sortFields={PARCEL_SORT_FIELDS}
        columns={parcelColumns(t)}
        filters={parcelFilterFields(t, true)}
        rowActions={rowActions}
        maxInlineActions={2}
        bulkActions={bulkActions}
        exportSlot={
          <>
            <ServerExportButton source={exportSource} url={() => fileUrl('getExpressExport')} fileName="待处理包裹.xlsx" label={t('导出待处理')} />
            <ServerExportButton source={exportSource} url={() => fileUrl('getExpressExportSearch', parcelFilters(search))} fileName="包裹.xlsx" label={t('导出搜索结果')} />
          </>
        }
      />
      {dialog && <ParcelEditModal parcel={dialog.parcel} mode={dialog.mode} onClose={() => setDialog(null)} />}
    </>
  );
}

export function SignedParcelListPage({ search, onSearchChange, exportSource }: ParcelPageProps) {
  const t = useT();
  const api = useApi();
  return (
    <ListPage
      label={t('已签收包裹')}
      search={search}
      onSearchChange={onSearchChange}
      query={signedParcelListQuery(api, parcelListInput(search))}
      columns={parcelColumns(t)}
      filters={parcelFilterFields(t, false, t('签收日期'))}
      exportSlot={<ServerExportButton source={exportSource} url={() => fileUrl('getSignLogisticsExport', parcelFilters(search))} fileName="已签收包裹.xlsx" label={t('导出')} />}
    />
  );
}

export function AbnormalParcelListPage({ search, onSearchChange }: Omit<ParcelPageProps, 'exportSource'>) {
  const t = useT();
  const api = useApi();
  const [dialog, setDialog] = useState<Dialog>(null);
  const rowActions: RowAction<ParcelDto>[] = [
    { key: 'assign', label: t('指定卖家'), icon: <IconUserCheck size={14} />, onClick: (p) => setDialog({ mode: 'assign', parcel: p }) },
    { key: 'edit', label: t('编辑'), icon: <IconPencil size={14} />, onClick: (p) => setDialog({ mode: 'edit', parcel: p }) },
  ];
  return (
    <>
      <ListPage
        label={t('异常件')}
        search={search}
        onSearchChange={onSearchChange}
        query={abnormalParcelListQuery(api, parcelListInput(search))}
        columns={parcelColumns(t, { photos: true })}
        filters={parcelFilterFields(t, false)}
        rowActions={rowActions}
        emptyText={t('没有无主件或异常件')}
      />
      {dialog && <ParcelEditModal parcel={dialog.parcel} mode={dialog.mode} onClose={() => setDialog(null)} />}
    </>
  );
}

/** 海外仓包裹: parcels signed in (or declared) at overseas warehouses, with photos; edit and delete as at home. */
export function AbroadParcelListPage({ search, onSearchChange, exportSource }: ParcelPageProps) {
  const t = useT();
  const api = useApi();
  const [dialog, setDialog] = useState<Dialog>(null);
  const remove = useServiceMutation(PARCEL_SERVICES, (a, id: number) => a.abroadLogistics.delete({ id }));
  const rowActions: RowAction<ParcelDto>[] = [
    { key: 'edit', label: t('编辑'), icon: <IconPencil size={14} />, onClick: (p) => setDialog({ mode: 'edit', parcel: p }) },
    { key: 'assign', label: t('指定卖家'), icon: <IconUserCheck size={14} />, hidden: (p) => !canParcel('assignSeller', p), onClick: (p) => setDialog({ mode: 'assign', parcel: p }) },
    {
      key: 'delete', label: t('删除'), icon: <IconTrash size={14} />, color: 'red',
      hidden: (p) => !canParcel('delete', p),
      confirm: (p) => ({ title: t('删除包裹'), message: t('确定删除包裹 {0} 吗？', p.shipment), confirmLabel: t('删除') }),
      onClick: async (p) => unwrap(await remove.mutateAsync(p.id)),
    },
  ];
  return (
    <>
      <ListPage
        label={t('海外仓包裹')}
        search={search}
        onSearchChange={onSearchChange}
        query={abroadParcelListQuery(api, parcelListInput(search))}
        columns={parcelColumns(t, { photos: true })}
        filters={parcelFilterFields(t, true)}
        rowActions={rowActions}
        maxInlineActions={2}
        exportSlot={
          <ServerExportButton
            source={exportSource} fileName="海外仓包裹.xlsx" label={t('导出搜索结果')}
            url={() => fileUrl('getAbroadExpressExportSearch', parcelFilters(search))}
          />
        }
      />
      {dialog && <ParcelEditModal parcel={dialog.parcel} mode={dialog.mode} onClose={() => setDialog(null)} />}
    </>
  );
}
