// 积分流水 (/back/flow): every seller's flows for the staff, with filters, the xlsx export
// (GetExcelFlow, same filters) and 系统充值 for holders of Amount.Manages.
import { useState } from 'react';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCoin, IconDownload } from '@tabler/icons-react';
import type { FlowDto } from '#shared/contracts/ledger.ts';
import { ListPage, errorMessage, type FilterField, type RowAction } from '../../components/list-page/index.ts';
import { useApi, type RequestContextSource } from '../../lib/api.ts';
import { downloadServerFile } from '../../lib/download.ts';
import { fileUrl } from '#shared/file-links.ts';
import { useT } from '../../lib/i18n.ts';
import { channelLabel, flowColumns } from './flow-columns.tsx';
import { flowListQuery } from './queries.ts';
import { FLOW_CHANNELS, flowFilters, type FlowListSearch } from './search.ts';
import { SystemRechargeModal } from './system-recharge-modal.tsx';

export function FlowListPage({ search, onSearchChange, exportSource, canRecharge }: {
  search: FlowListSearch;
  onSearchChange: (next: FlowListSearch) => void;
  /** The signed-in session (token, tenant) for the download; the route passes useAuth(). */
  exportSource: RequestContextSource;
  /** Holds Amount.Manages (the route's own permission; kept explicit for the button). */
  canRecharge: boolean;
}) {
  const t = useT();
  const api = useApi();
  const [rechargeFor, setRechargeFor] = useState<{ userId?: number } | null>(null);
  const [exporting, setExporting] = useState(false);

  const filters: FilterField<FlowListSearch>[] = [
    { kind: 'text', key: 'userCode', label: t('卖家编码'), placeholder: t('例如 S00001') },
    { kind: 'select', key: 'channel', label: t('类型'), options: FLOW_CHANNELS.map((c) => ({ value: c, label: channelLabel(t, c) })) },
    { kind: 'text', key: 'number', label: t('单号'), placeholder: t('交易号 / 订单号') },
    { kind: 'dateRange', key: 'from', toKey: 'to', label: t('时间') },
  ];
  const rowActions: RowAction<FlowDto>[] = canRecharge
    ? [{ key: 'recharge', label: t('系统充值'), onClick: (f) => setRechargeFor({ userId: f.userId }) }]
    : [];

  const runExport = async () => {
    setExporting(true);
    try {
      await downloadServerFile(exportSource, fileUrl('getExcelFlow', flowFilters(search)), '积分流水.xlsx');
    } catch (err) {
      notifications.show({ color: 'red', title: t('导出失败'), message: errorMessage(err) });
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <ListPage
        label={t('积分流水')}
        search={search}
        onSearchChange={onSearchChange}
        query={flowListQuery(api, search)}
        filters={filters}
        columns={flowColumns(t, { withSeller: true })}
        rowActions={rowActions}
        toolbar={canRecharge ? <Button leftSection={<IconCoin size={16} />} onClick={() => setRechargeFor({})}>{t('系统充值')}</Button> : undefined}
        exportSlot={<Button variant="default" leftSection={<IconDownload size={16} />} loading={exporting} onClick={() => void runExport()}>{t('导出')}</Button>}
      />
      {rechargeFor && <SystemRechargeModal initialUserId={rechargeFor.userId} onClose={() => setRechargeFor(null)} />}
    </>
  );
}
