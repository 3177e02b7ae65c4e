// 交接单 (DOMAIN §7 delivery receipts), the desk screens: the batches (/backstock/backdeliveryreceiptlist)
// and one batch's orders (/backstock/pagebackDeliveryreceiptbatch?storeId&batchName), with the hand-over
// sheet to print and closing a batch (its orders ship). Scanning is the floor's 交接扫描.
import { useState } from 'react';
import { Anchor, Badge, Button, Code, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconCheck, IconEye, IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import type { DataTableColumn } from 'mantine-datatable';
import type { DeliveryBatchDto } from '#shared/contracts/stock-out.ts';
import { fileUrl } from '#shared/file-links.ts';
import { errorMessage, formatDateTime, ListPage, type FilterField, type RowAction } from '../../components/list-page/index.ts';
import { batchNumbersQuery, receiptListQuery, type ReceiptListSearch } from './queries.ts';
import { FormAlert } from '../../components/forms/form-alert.tsx';
import { unwrap, useServiceMutation } from '../../components/forms/refusal.ts';
import { PathLink } from '../../components/path-link.tsx';
import { useApi } from '../../lib/api.ts';
import { useT, type Translate } from '../../lib/i18n.ts';
import { ConfirmDialog, type PendingConfirm } from '../../components/list-page/confirm-dialog.tsx';
import type { ConfirmSpec } from '../../components/list-page/types.ts';
import { queryOf } from '../../lib/query-of.ts';





const batchHref = (b: { storeId: number; batchName: string }) => `/backstock/pagebackDeliveryreceiptbatch?storeId=${b.storeId}&batchName=${encodeURIComponent(b.batchName)}`;
const sheetUrl = (b: { storeId: number; batchName: string }) => fileUrl('getDeliveryReceip', { storeId: b.storeId, batchName: b.batchName });

/** The question before a batch ships (issue 44 item 5), the same on the list and on the batch's page. */
const closeQuestion = (t: Translate, b: { batchName: string; count: number }): ConfirmSpec => ({
  title: t('关闭批次并出库'), message: t('关闭批次 {0}，将出库 {1} 单。确定吗？', b.batchName, b.count), confirmLabel: t('确定'), danger: false,
});

function useCloseBatch() {
  return useServiceMutation(['DeliveryReceipt', 'BackStockOrder'], (a, b: { storeId: number; batchName: string }) => a.deliveryReceipt.closeBatch(b));
}

export function ReceiptListPage({ search, onSearchChange }: { search: ReceiptListSearch; onSearchChange: (next: ReceiptListSearch) => void }) {
  const t = useT();
  const api = useApi();
  const close = useCloseBatch();
  const router = useRouter();
  const columns: DataTableColumn<DeliveryBatchDto>[] = [
    { accessor: 'batchName', title: t('批次'), render: (b) => <Anchor component={PathLink} href={batchHref(b)}><Code>{b.batchName}</Code></Anchor> },
    { accessor: 'storeName', title: t('店铺'), render: (b) => `${b.userCode ? `${b.userCode} · ` : ''}${b.storeName}` },
    { accessor: 'logisticMethod', title: t('物流方式') },
    { accessor: 'count', title: t('单数') },
    { accessor: 'totalWeight', title: t('总重量（kg）'), render: (b) => b.totalWeight.toFixed(3) },
    { accessor: 'isClosed', title: t('状态'), render: (b) => (b.isClosed ? <Badge color="teal" variant="light">{t('已关闭')}</Badge> : <Badge variant="light">{t('扫描中')}</Badge>) },
    { accessor: 'closedTime', title: t('关闭时间'), render: (b) => (b.closedTime ? `${formatDateTime(b.closedTime)} ${b.closedUserName ?? ''}` : '—') },
    { accessor: 'creationTime', title: t('创建时间'), render: (b) => formatDateTime(b.creationTime) },
  ];
  const filters: FilterField<ReceiptListSearch>[] = [
    { kind: 'text', key: 'batchName', label: t('批次') },
    { kind: 'text', key: 'logisticMethod', label: t('物流方式') },
    { kind: 'select', key: 'isClosed', label: t('状态'), options: [{ value: false, label: t('扫描中') }, { value: true, label: t('已关闭') }] },
  ];
  const rowActions: RowAction<DeliveryBatchDto>[] = [
    { key: 'view', label: t('查看'), icon: <IconEye size={14} />, onClick: (b) => void router.navigate({ href: batchHref(b) }) },
    { key: 'print', label: t('打印交接单'), icon: <IconPrinter size={14} />, onClick: (b) => window.open(sheetUrl(b), '_blank', 'noopener') },
    {
      key: 'close', label: t('关闭并出库'), icon: <IconCheck size={14} />, color: 'green', hidden: (b) => b.isClosed,
      confirm: (b) => closeQuestion(t, b),
      onClick: async (b) => unwrap(await close.mutateAsync({ storeId: b.storeId, batchName: b.batchName })),
    },
  ];
  return (
    <ListPage label={t('交接单')} search={search} onSearchChange={onSearchChange} query={receiptListQuery(api, search)}
      columns={columns} filters={filters} rowActions={rowActions} />
  );
}

export function ReceiptBatchPage({ storeId, batchName }: { storeId: number | undefined; batchName: string | undefined }) {
  const t = useT();
  const api = useApi();
  const close = useCloseBatch();
  const [asking, setAsking] = useState<PendingConfirm | null>(null);
  const numbers = useQuery({ ...batchNumbersQuery(api, storeId ?? 0, batchName ?? ''), enabled: !!storeId && !!batchName });
  const batches = useQuery(queryOf(api, 'DeliveryReceipt', 'getBatchList', { storeId: storeId! }, {
    enabled: !!storeId,
  }));
  if (!storeId || !batchName) return <FormAlert message={t('缺少店铺或批次')} />;
  const batch = batches.data?.items.find((b) => b.batchName === batchName);
  const items = numbers.data?.items ?? [];
  const total = items.reduce((s, i) => s + (i.weight ?? 0), 0);
  return (
    <Stack gap="md" maw={1000}>
      <Paper withBorder radius="md" p="lg">
        <Group justify="space-between">
          <Stack gap={4}>
            <Title order={4}>{t('交接批次')} <Code fz="md">{batchName}</Code></Title>
            {batch && <Text size="sm" c="dimmed">{batch.storeName} · {batch.logisticMethod} · {batch.isClosed ? t('已关闭') : t('扫描中')}</Text>}
          </Stack>
          <Group>
            <Button component="a" href={sheetUrl({ storeId, batchName })} target="_blank" rel="noopener" variant="light" leftSection={<IconPrinter size={16} />}>{t('打印交接单')}</Button>
            {batch && !batch.isClosed && (
              <Button color="green" leftSection={<IconCheck size={16} />} loading={close.isPending}
                onClick={() => setAsking({
                  spec: closeQuestion(t, batch),
                  run: async () => unwrap(await close.mutateAsync({ storeId, batchName })),
                })}>{t('关闭并出库')}</Button>
            )}
          </Group>
        </Group>
        <ConfirmDialog pending={asking} onClose={() => setAsking(null)} />
      </Paper>
      {numbers.error && <FormAlert message={errorMessage(numbers.error)} />}
      <Table striped withTableBorder data-testid="batch-numbers">
        <Table.Thead><Table.Tr><Table.Th>#</Table.Th><Table.Th>{t('订单号')}</Table.Th><Table.Th>{t('平台订单号')}</Table.Th><Table.Th>{t('重量（kg）')}</Table.Th><Table.Th>{t('扫描人')}</Table.Th><Table.Th>{t('时间')}</Table.Th></Table.Tr></Table.Thead>
        <Table.Tbody>
          {items.map((i, n) => (
            <Table.Tr key={i.id}>
              <Table.Td>{n + 1}</Table.Td><Table.Td><Code>{i.tradeNo}</Code></Table.Td><Table.Td>{i.orderNumber}</Table.Td>
              <Table.Td>{i.weight?.toFixed(3) ?? '—'}</Table.Td><Table.Td>{i.userName ?? '—'}</Table.Td><Table.Td>{formatDateTime(i.creationTime)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text fw={600}>{t('合计 {0} 单，总重量 {1} kg', items.length, total.toFixed(3))}</Text>
    </Stack>
  );
}
