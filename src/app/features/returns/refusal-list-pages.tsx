// 拒收订单 and 越南线拒收 (staff: /back/refusalorder, /back/ynrefusalorder; the same screen over each line's
// service) and the seller's 拒收退回订单 (/front/refusalorder), on the list-page kit.
import { useState, type ReactNode } from 'react';
import { IconArrowBackUp, IconChecklist } from '@tabler/icons-react';
import type { RefusalOrderDto } from '#shared/contracts/returns.ts';
import { ENUM_CODES, labelKey } from '#shared/enums.ts';
import { canRefusal } from '#shared/rules/returns.ts';
import { ListPage, type FilterField, type RowAction } from '../../components/list-page/index.ts';
import { useServiceMutation } from '../../components/forms/refusal.ts';
import { useApi } from '../../lib/api.ts';
import { useT, type Translate } from '../../lib/i18n.ts';
import { refusalColumns } from './columns.tsx';
import { DecisionModal, type Decision } from './decision-modal.tsx';
import {
  refusalService, refusalServiceKey, sellerRefusalListQuery, staffRefusalListQuery,
  type RefusalLine, type SellerRefusalSearch, type StaffRefusalSearch,
} from './queries.ts';

const statusOptions = (t: Translate) => ENUM_CODES.RefusalStatus.map((c) => ({ value: c, label: t(labelKey('RefusalStatus', c)) }));

export function StaffRefusalListPage({ line, search, onSearchChange, exportSlot }: {
  line: RefusalLine; search: StaffRefusalSearch; onSearchChange: (next: StaffRefusalSearch) => void; exportSlot?: ReactNode;
}) {
  const t = useT();
  const api = useApi();
  const [dialog, setDialog] = useState<{ row: RefusalOrderDto; again: boolean } | null>(null);
  const service = refusalService(line);
  const handle = useServiceMutation([refusalServiceKey(line), 'BackStockProduct'], (a, input: Decision & { id: number }) => a[service].handleStatus(input));
  const again = useServiceMutation([refusalServiceKey(line), 'BackStockProduct'], (a, input: Decision & { id: number; remark: string }) => a[service].againHandleStatus(input));

  const filters: FilterField<StaffRefusalSearch>[] = [
    { kind: 'text', key: 'tradeNo', label: t('交易号') },
    { kind: 'text', key: 'orderNumber', label: t('订单号') },
    { kind: 'text', key: 'userCode', label: t('卖家编码') },
    { kind: 'select', key: 'handleStatus', label: t('处理状态'), options: statusOptions(t) },
    { kind: 'dateRange', key: 'dateFrom', toKey: 'dateTo', label: t('登记日期') },
  ];
  const rowActions: RowAction<RefusalOrderDto>[] = [
    { key: 'handle', label: t('处理'), icon: <IconChecklist size={14} />, hidden: (r) => !canRefusal('handle', r), onClick: (r) => setDialog({ row: r, again: false }) },
    { key: 'again', label: t('重新处理'), icon: <IconArrowBackUp size={14} />, hidden: (r) => !canRefusal('handleAgain', r), onClick: (r) => setDialog({ row: r, again: true }) },
  ];
  const title = t(labelKey('RefusalLine', line));

  return (
    <>
      <ListPage
        label={title}
        search={search}
        onSearchChange={onSearchChange}
        query={staffRefusalListQuery(api, line, search)}
        columns={refusalColumns(t, { withSeller: true })}
        filters={filters}
        rowActions={rowActions}
        exportSlot={exportSlot}
      />
      {dialog && (
        <DecisionModal
          title={`${dialog.again ? t('重新处理') : t('处理')}：${dialog.row.tradeNo}`}
          statusName="RefusalStatus" again={dialog.again} current={dialog.row.handleStatus}
          restock={{ userCode: dialog.row.userCode, warehouseInfoId: dialog.row.warehouseInfoId }}
          onSubmit={(d) => (dialog.again
            ? again.mutateAsync({ id: dialog.row.id, ...d, remark: d.remark ?? '' })
            : handle.mutateAsync({ id: dialog.row.id, ...d }))}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}

export function SellerRefusalListPage({ search, onSearchChange }: { search: SellerRefusalSearch; onSearchChange: (next: SellerRefusalSearch) => void }) {
  const t = useT();
  const api = useApi();
  const filters: FilterField<SellerRefusalSearch>[] = [
    { kind: 'text', key: 'tradeNo', label: t('交易号') },
    { kind: 'select', key: 'line', label: t('线路'), options: ENUM_CODES.RefusalLine.map((c) => ({ value: c, label: t(labelKey('RefusalLine', c)) })) },
    { kind: 'select', key: 'handleStatus', label: t('处理状态'), options: statusOptions(t) },
  ];
  return (
    <ListPage
      label={t('拒收退回订单')}
      search={search}
      onSearchChange={onSearchChange}
      query={sellerRefusalListQuery(api, search)}
      columns={refusalColumns(t, { withSeller: false, withLine: true })}
      filters={filters}
    />
  );
}
