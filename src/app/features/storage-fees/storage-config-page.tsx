// /warehouse/userstorageconfig — 仓储费设置 (DOMAIN §7 storage fees): the sellers' own storage terms
// (UserStorageConfig) over the stores', and the daily job that charges them (ScheduledJob: last and
// next run, run now; StorageFee/RunDaily for one day).
import { useState, type FormEvent } from 'react';
import { Alert, Button, Code, Group, Modal, NumberInput, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPencil, IconPlayerPlay, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import type { UserStorageConfigDto } from '#shared/contracts/stock-out.ts';
import { plainPoints } from '#shared/money.ts';
import { formatDateTime, ListPage, type FilterField, type RowAction } from '../../components/list-page/index.ts';
import { storageConfigListQuery, type StorageConfigSearch } from './queries.ts';
import { FormAlert } from '../../components/forms/form-alert.tsx';
import { ModalActions } from '../../components/forms/modal-actions.tsx';
import { refusalText, unwrap, useServiceMutation } from '../../components/forms/refusal.ts';
import { useApi } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { queryOf } from '../../lib/query-of.ts';



interface Draft { id?: number; userId: string; freeDays: number | string; deductIntegral: number | string; deductionCycle: number | string }

function ConfigModal({ row, onClose }: { row: UserStorageConfigDto | null; onClose: () => void }) {
  const t = useT();
  const api = useApi();
  const sellers = useQuery(queryOf(api, 'BackOrder', 'getUserList', {}, { staleTime: 60_000 }));
  const [draft, setDraft] = useState<Draft>(row
    ? { id: row.id, userId: String(row.userId), freeDays: row.freeDays, deductIntegral: row.deductIntegral, deductionCycle: row.deductionCycle }
    : { userId: '', freeDays: 0, deductIntegral: 0, deductionCycle: 1 });
  const save = useServiceMutation(['UserStorageConfig'], (a, d: Draft) => a.userStorageConfig.edit({
    ...(d.id ? { id: d.id } : {}), userId: Number(d.userId), freeDays: Number(d.freeDays), deductIntegral: Number(d.deductIntegral), deductionCycle: Number(d.deductionCycle),
  }));
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!draft.userId) return setError(t('请选择卖家'));
    const outcome = await save.mutateAsync(draft);
    if (!outcome.ok) return setError(refusalText(outcome.refusal));
    onClose();
  };
  return (
    <Modal opened onClose={save.isPending ? () => {} : onClose} title={row ? t('编辑仓储费设置') : t('添加仓储费设置')} centered>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <FormAlert message={error} />
          <Select label={t('卖家')} withAsterisk searchable disabled={!!row} value={draft.userId || null}
            data={(sellers.data ?? []).map((s) => ({ value: String(s.id), label: `${s.userCode} · ${s.name || s.userName}` }))}
            onChange={(v) => setDraft({ ...draft, userId: v ?? '' })} />
          <NumberInput label={t('免费天数')} min={0} max={3650} value={draft.freeDays} onChange={(v) => setDraft({ ...draft, freeDays: v })} />
          <NumberInput label={t('每件扣积分')} min={0} decimalScale={2} value={draft.deductIntegral} onChange={(v) => setDraft({ ...draft, deductIntegral: v })} />
          <NumberInput label={t('扣费周期（天）')} min={1} max={365} value={draft.deductionCycle} onChange={(v) => setDraft({ ...draft, deductionCycle: v })} />
          <ModalActions onCancel={onClose} saving={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}

/** The daily storage-fee job: when it ran, what it did, when it runs next; run it now or charge one day. */
function JobPanel() {
  const t = useT();
  const api = useApi();
  const jobs = useQuery(queryOf(api, 'ScheduledJob', 'getList', {}));
  const runNow = useServiceMutation(['ScheduledJob'], (a, name: string) => a.scheduledJob.runNow({ name }));
  const runDay = useServiceMutation(['ScheduledJob'], (a, day: string) => a.storageFee.runDaily({ day }));
  const [day, setDay] = useState('');
  return (
    <Paper withBorder radius="md" p="md" data-testid="storage-job">
      <Title order={5} mb="xs">{t('定时任务')}</Title>
      {(jobs.data?.items ?? []).map((job) => (
        <Stack key={job.name} gap={4}>
          <Group justify="space-between">
            <Text fw={600}>{job.title} <Text span size="sm" c="dimmed">{job.schedule}</Text></Text>
            <Button size="xs" leftSection={<IconPlayerPlay size={14} />} loading={runNow.isPending} onClick={() => void runNow.mutateAsync(job.name)}>{t('立即运行')}</Button>
          </Group>
          <Text size="sm">{t('上次运行')}：{job.lastRunTime ? formatDateTime(job.lastRunTime) : '—'} · {t('已结算到')}：{job.lastDay ?? '—'} · {t('下次运行')}：{formatDateTime(job.nextRunTime)}</Text>
          {job.lastResult && <Text size="sm" c="dimmed">{job.lastResult}</Text>}
          {job.lastError && <Alert color="red" p="xs">{job.lastError}</Alert>}
        </Stack>
      ))}
      <Group mt="sm" align="flex-end">
        <TextInput label={t('结算某一天')} placeholder="YYYY-MM-DD" value={day} onChange={(e) => setDay(e.currentTarget.value.trim())} w={160} />
        <Button variant="light" disabled={!/^\d{4}-\d{2}-\d{2}$/.test(day)} loading={runDay.isPending} onClick={() => void runDay.mutateAsync(day)}>{t('结算')}</Button>
        {runDay.data?.ok && <Text size="sm">{t('{0}：新扣 {1} 笔，共 {2} 积分', runDay.data.value.day, runDay.data.value.posted, plainPoints(runDay.data.value.amount))}</Text>}
        {runDay.data && !runDay.data.ok && <Text size="sm" c="red">{refusalText(runDay.data.refusal)}</Text>}
      </Group>
    </Paper>
  );
}

export function StorageConfigPage({ search, onSearchChange }: { search: StorageConfigSearch; onSearchChange: (next: StorageConfigSearch) => void }) {
  const t = useT();
  const api = useApi();
  const [editing, setEditing] = useState<UserStorageConfigDto | 'new' | null>(null);
  const remove = useServiceMutation(['UserStorageConfig'], (a, id: number) => a.userStorageConfig.delete({ id }));
  const columns: DataTableColumn<UserStorageConfigDto>[] = [
    { accessor: 'userCode', title: t('卖家编码'), render: (r) => (r.userCode ? <Code>{r.userCode}</Code> : '—') },
    { accessor: 'userName', title: t('卖家'), render: (r) => r.userName ?? '—' },
    { accessor: 'freeDays', title: t('免费天数') },
    { accessor: 'deductIntegral', title: t('每件扣积分'), render: (r) => plainPoints(r.deductIntegral) },
    { accessor: 'deductionCycle', title: t('扣费周期（天）') },
    { accessor: 'creationTime', title: t('创建时间'), render: (r) => formatDateTime(r.creationTime) },
  ];
  const filters: FilterField<StorageConfigSearch>[] = [{ kind: 'text', key: 'userCode', label: t('卖家编码') }];
  const rowActions: RowAction<UserStorageConfigDto>[] = [
    { key: 'edit', label: t('编辑'), icon: <IconPencil size={14} />, onClick: (r) => setEditing(r) },
    {
      key: 'delete', label: t('删除'), icon: <IconTrash size={14} />, color: 'red',
      confirm: (r) => ({ title: t('删除设置'), message: t('删除卖家 {0} 的仓储费设置吗？删除后按店铺设置收费。', r.userCode ?? ''), confirmLabel: t('删除') }),
      onClick: async (r) => unwrap(await remove.mutateAsync(r.id)),
    },
  ];
  return (
    <Stack gap="md">
      <JobPanel />
      <ListPage label={t('仓储费设置')} search={search} onSearchChange={onSearchChange} query={storageConfigListQuery(api, search)}
        columns={columns} filters={filters} rowActions={rowActions}
        toolbar={<Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>{t('添加')}</Button>} />
      {editing && <ConfigModal row={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
