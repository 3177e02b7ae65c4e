// 海外仓退件: the seller's buyers' returns (/frontabroad/abroadreturnlist: register from the order list,
// choose destruction here) and the staff's (/backabroad/backabroadreturn: put into stock, destroy). The
// actions follow the shared return table (src/shared/rules/overseas-returns.ts).
import { useState } from 'react';
import { Code } from '@mantine/core';
import { IconBuildingWarehouse, IconFlame, IconTrash } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import type { AbroadReturnDto } from '#shared/contracts/overseas.ts';
import { ENUM_CODES } from '#shared/enums.ts';
import { plainPoints } from '#shared/money.ts';
import { canAbroadReturn, type AbroadReturnAction } from '#shared/rules/overseas-returns.ts';
import { CodeBadge, useCodeLabel } from '../../components/code-badge.tsx';
import { ListPage, formatDateTime, type FilterField, type RowAction } from '../../components/list-page/index.ts';
import { unwrap, useServiceMutation } from '../../components/forms/refusal.ts';
import { useApi, type RequestContextSource } from '../../lib/api.ts';
import { ServerExportButton } from '../../components/server-export.tsx';
import { fileUrl } from '#shared/file-links.ts';
import { useT, type Translate } from '../../lib/i18n.ts';
import { abroadReturnFilters, RETURN_SERVICES, sellerReturnListQuery, staffReturnListQuery } from './queries.ts';
import type { AbroadReturnSearch } from './search.ts';
import { ConfirmWarehousingModal, DestroyModal } from './return-modals.tsx';

const cannot = (action: AbroadReturnAction) => (r: AbroadReturnDto) => !canAbroadReturn(action, r);
const itemsText = (r: AbroadReturnDto) => r.items.map((i) => `${i.productSku} ×${i.quantity}`).join('、') || '—';

function returnColumns(t: Translate, withSeller: boolean): DataTableColumn<AbroadReturnDto>[] {
  return [
    { accessor: 'returnNumber', title: t('退件单号'), render: (r) => <Code>{r.returnNumber}</Code> },
    ...(withSeller ? [{ accessor: 'userCode', title: t('卖家编码'), render: (r: AbroadReturnDto) => (r.userCode ? <Code>{r.userCode}</Code> : '—') }] : []),
    { accessor: 'tradeNo', title: t('交易号'), render: (r) => <Code>{r.tradeNo}</Code> },
    { accessor: 'orderNumber', title: t('订单号') },
    { accessor: 'warehouseName', title: t('海外仓'), render: (r) => r.warehouseName ?? '—' },
    { accessor: 'returnStatus', title: t('状态'), render: (r) => <CodeBadge name="AbroadReturnStatus" code={r.returnStatus} /> },
    { accessor: 'items', title: t('入库商品'), render: (r) => itemsText(r) },
    { accessor: 'destroyAmount', title: t('销毁费'), render: (r) => (r.destroyAmount === null ? '—' : plainPoints(r.destroyAmount)) },
    { accessor: 'reMark', title: t('备注'), render: (r) => r.reMark ?? '—' },
    { accessor: 'creationTime', title: t('登记时间'), render: (r) => formatDateTime(r.creationTime) },
  ];
}

function useReturnFilters(t: Translate, withSeller: boolean): FilterField<AbroadReturnSearch>[] {
  const label = useCodeLabel();
  return [
    { kind: 'text', key: 'number', label: t('单号'), placeholder: t('退件单号 / 订单号 / 交易号') },
    ...(withSeller ? [{ kind: 'text' as const, key: 'userCode' as const, label: t('卖家编码') }] : []),
    { kind: 'select', key: 'returnStatus', label: t('状态'), options: ENUM_CODES.AbroadReturnStatus.map((c) => ({ value: c, label: label('AbroadReturnStatus', c) })) },
    { kind: 'dateRange', key: 'dateFrom', toKey: 'dateTo', label: t('登记日期') },
  ];
}

interface PageProps {
  search: AbroadReturnSearch;
  onSearchChange: (next: AbroadReturnSearch) => void;
  /** The signed-in session for the xlsx export (the route passes useAuth()). */
  exportSource: RequestContextSource;
}

export function SellerReturnListPage({ search, onSearchChange, exportSource }: PageProps) {
  const t = useT();
  const api = useApi();
  const choose = useServiceMutation(RETURN_SERVICES, (a, orderReturnId: number) => a.frontAbroadStockReturn.comfirmDestroyOrder({ orderReturnId }));
  const rowActions: RowAction<AbroadReturnDto>[] = [
    {
      key: 'destroy', label: t('选择销毁'), icon: <IconTrash size={14} />, color: 'red', hidden: cannot('chooseDestruction'),
      confirm: (r) => ({ title: t('选择销毁'), message: t('退件 {0} 到仓后不再入库，由仓库销毁并收取销毁费？', r.returnNumber), confirmLabel: t('选择销毁') }),
      onClick: async (r) => unwrap(await choose.mutateAsync(r.id)),
    },
  ];
  return (
    <ListPage
      label={t('海外仓退件')}
      search={search}
      onSearchChange={onSearchChange}
      query={sellerReturnListQuery(api, search)}
      columns={returnColumns(t, false)}
      filters={useReturnFilters(t, false)}
      rowActions={rowActions}
      exportSlot={
        <ServerExportButton source={exportSource} url={() => fileUrl('getFrontExcelExportAbroadReturnInfo', abroadReturnFilters(search))}
          fileName="海外仓退件.xlsx" label={t('导出')} />
      }
    />
  );
}

export function StaffReturnListPage({ search, onSearchChange, exportSource }: PageProps) {
  const t = useT();
  const api = useApi();
  const [dialog, setDialog] = useState<{ kind: 'warehouse' | 'destroy'; row: AbroadReturnDto } | null>(null);
  const rowActions: RowAction<AbroadReturnDto>[] = [
    { key: 'warehouse', label: t('入库'), icon: <IconBuildingWarehouse size={14} />, hidden: cannot('warehouse'), onClick: (r) => setDialog({ kind: 'warehouse', row: r }) },
    { key: 'destroy', label: t('销毁'), icon: <IconFlame size={14} />, color: 'red', hidden: cannot('destroy'), onClick: (r) => setDialog({ kind: 'destroy', row: r }) },
  ];
  return (
    <>
      <ListPage
        label={t('海外仓退件')}
        search={search}
        onSearchChange={onSearchChange}
        query={staffReturnListQuery(api, search)}
        columns={returnColumns(t, true)}
        filters={useReturnFilters(t, true)}
        rowActions={rowActions}
        exportSlot={
          <ServerExportButton
            source={exportSource} fileName="海外仓退件.xlsx" label={t('导出')}
            url={() => fileUrl('getExcelExportAbroadReturnInfo', { ...abroadReturnFilters(search), userCode: search.userCode })}
          />
        }
      />
      {dialog?.kind === 'warehouse' && <ConfirmWarehousingModal row={dialog.row} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'destroy' && <DestroyModal row={dialog.row} onClose={() => setDialog(null)} />}
    </>
  );
}
