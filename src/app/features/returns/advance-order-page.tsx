// 预报单 (/back/advanceorder): parcels a carrier or seller pre-alerted, imported from xlsx (with a
// downloadable template), decided and corrected, exported — on the list-page kit.
import { useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconArrowBackUp, IconChecklist, IconDownload, IconFileImport } from '@tabler/icons-react';
import type { AdvanceImportResultDto, AdvanceOrderDto } from '#shared/contracts/returns.ts';
import { ENUM_CODES, labelKey } from '#shared/enums.ts';
import { canAdvance } from '#shared/rules/returns.ts';
import { errorMessage, ListPage, type FilterField, type RowAction } from '../../components/list-page/index.ts';
import { useServiceMutation } from '../../components/forms/refusal.ts';
import { useApi } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { advanceColumns } from './columns.tsx';
import { DecisionModal, type Decision } from './decision-modal.tsx';
import { advanceListQuery, type AdvanceSearch } from './queries.ts';
import { invalidateService } from '../../lib/query-of.ts';

export interface AdvanceOrderPageProps {
  search: AdvanceSearch;
  onSearchChange: (next: AdvanceSearch) => void;
  /** Posts the xlsx to File/ImportAdvanceOrder (the route passes the signed-in upload). */
  importFile: (file: File) => Promise<AdvanceImportResultDto>;
  /** Downloads File/GetAdvanceOrderImportTemplate. */
  downloadTemplate: () => Promise<void>;
  exportSlot?: ReactNode;
}

function ImportModal({ importFile, downloadTemplate, onClose }: Pick<AdvanceOrderPageProps, 'importFile' | 'downloadTemplate'> & { onClose: () => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<AdvanceImportResultDto | null>(null);

  const run = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      setResult(await importFile(file));
      await invalidateService(queryClient, 'AdvanceOrder');
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <Modal opened onClose={busy ? () => {} : onClose} title={t('导入预报单')} centered size="lg">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">{t('表头：快递单号（必填）、快递公司、卖家编码、备注。好的行导入，有问题的行按行号列出原因。')}</Text>
        <Group gap="sm">
          <Button leftSection={<IconFileImport size={16} />} loading={busy} onClick={() => input.current?.click()}>{t('选择 Excel 文件')}</Button>
          <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => void downloadTemplate().catch((err: unknown) => setError(errorMessage(err)))}>
            {t('下载导入模板')}
          </Button>
          <input ref={input} type="file" hidden accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            data-testid="advance-import-file" onChange={(e) => void run(e.currentTarget.files?.[0])} />
        </Group>
        {error && <Alert color="red" role="alert">{error}</Alert>}
        {result && (
          <Stack gap="xs" data-testid="advance-import-result">
            <Alert color={result.failed.length ? 'orange' : 'teal'}>{t('导入 {0} 行，失败 {1} 行', result.imported, result.failed.length)}</Alert>
            {result.failed.length > 0 && (
              <Table striped withTableBorder>
                <Table.Thead><Table.Tr><Table.Th>{t('行号')}</Table.Th><Table.Th>{t('快递单号')}</Table.Th><Table.Th>{t('原因')}</Table.Th></Table.Tr></Table.Thead>
                <Table.Tbody>
                  {result.failed.map((f) => (
                    <Table.Tr key={f.row}><Table.Td>{f.row}</Table.Td><Table.Td>{f.shipment || '—'}</Table.Td><Table.Td>{f.reason}</Table.Td></Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}

export function AdvanceOrderPage({ search, onSearchChange, importFile, downloadTemplate, exportSlot }: AdvanceOrderPageProps) {
  const t = useT();
  const api = useApi();
  const [importing, setImporting] = useState(false);
  const [dialog, setDialog] = useState<{ row: AdvanceOrderDto; again: boolean } | null>(null);
  const handle = useServiceMutation(['AdvanceOrder'], (a, input: Decision & { id: number }) => a.advanceOrder.handleStatus(input));
  const again = useServiceMutation(['AdvanceOrder'], (a, input: Decision & { id: number; remark: string }) => a.advanceOrder.againHandleStatus(input));

  const filters: FilterField<AdvanceSearch>[] = [
    { kind: 'text', key: 'shipment', label: t('快递单号') },
    { kind: 'text', key: 'userCode', label: t('卖家编码') },
    { kind: 'text', key: 'expressCompany', label: t('快递公司') },
    { kind: 'select', key: 'handleStatus', label: t('处理状态'), options: ENUM_CODES.AdvanceStatus.map((c) => ({ value: c, label: t(labelKey('AdvanceStatus', c)) })) },
    { kind: 'dateRange', key: 'dateFrom', toKey: 'dateTo', label: t('导入日期') },
  ];
  const rowActions: RowAction<AdvanceOrderDto>[] = [
    { key: 'handle', label: t('处理'), icon: <IconChecklist size={14} />, hidden: (r) => !canAdvance('handle', r), onClick: (r) => setDialog({ row: r, again: false }) },
    { key: 'again', label: t('重新处理'), icon: <IconArrowBackUp size={14} />, hidden: (r) => !canAdvance('handleAgain', r), onClick: (r) => setDialog({ row: r, again: true }) },
  ];

  return (
    <>
      <ListPage
        label={t('预报单')}
        search={search}
        onSearchChange={onSearchChange}
        query={advanceListQuery(api, search)}
        columns={advanceColumns(t)}
        filters={filters}
        rowActions={rowActions}
        toolbar={<Button leftSection={<IconFileImport size={16} />} onClick={() => setImporting(true)}>{t('导入预报单')}</Button>}
        exportSlot={exportSlot}
      />
      {importing && <ImportModal importFile={importFile} downloadTemplate={downloadTemplate} onClose={() => setImporting(false)} />}
      {dialog && (
        <DecisionModal
          title={`${dialog.again ? t('重新处理') : t('处理')}：${dialog.row.shipment}`}
          statusName="AdvanceStatus" again={dialog.again} current={dialog.row.handleStatus}
          onSubmit={(d) => (dialog.again
            ? again.mutateAsync({ id: dialog.row.id, ...d, remark: d.remark ?? '' })
            : handle.mutateAsync({ id: dialog.row.id, ...d }))}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}
