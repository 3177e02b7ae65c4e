// 催单 (/backurgent/backurgentorderlist): sellers' urge messages about orders; staff reply once.
import { useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Code, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMessageReply } from '@tabler/icons-react';
import type { UrgentRequestDto } from '#shared/contracts/orders.ts';
import { URGENT_REQUEST_STATUS } from '#shared/enums.ts';
import { ListPage, formatDateTime, type FilterField, type RowAction } from '../../components/list-page/index.ts';
import { useApi } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { urgentListQuery } from './queries.ts';
import { refusalText, useServiceMutation } from '../../components/forms/refusal.ts';
import type { UrgentListSearch } from './search.ts';

const replied = (u: UrgentRequestDto) => u.status === URGENT_REQUEST_STATUS.replied;

export function UrgentListPage({ search, onSearchChange }: { search: UrgentListSearch; onSearchChange: (next: UrgentListSearch) => void }) {
  const t = useT();
  const api = useApi();
  const [replying, setReplying] = useState<UrgentRequestDto | null>(null);
  const filters: FilterField<UrgentListSearch>[] = [
    { kind: 'text', key: 'number', label: t('单号'), placeholder: t('交易号 / 订单号') },
    { kind: 'select', key: 'status', label: t('状态'), options: [{ value: 0, label: t('待处理') }, { value: 1, label: t('已处理') }] },
  ];
  const rowActions: RowAction<UrgentRequestDto>[] = [
    { key: 'reply', label: t('回复'), icon: <IconMessageReply size={14} />, hidden: (u) => replied(u), onClick: (u) => setReplying(u) },
  ];
  return (
    <>
      <ListPage
        label={t('催单列表')}
        search={search}
        onSearchChange={onSearchChange}
        query={urgentListQuery(api, search)}
        filters={filters}
        rowActions={rowActions}
        columns={[
          { accessor: 'tradeNo', title: t('交易号'), render: (u) => <Code>{u.tradeNo}</Code> },
          { accessor: 'orderNumber', title: t('订单号') },
          { accessor: 'userCode', title: t('卖家编码') },
          { accessor: 'message', title: t('催单内容'), noWrap: false, render: (u) => <Text size="sm" maw={280} style={{ overflowWrap: 'anywhere' }}>{u.message}</Text> },
          { accessor: 'status', title: t('状态'), render: (u) => <Badge variant="light" radius="sm" color={replied(u) ? 'teal' : 'orange'}>{replied(u) ? t('已处理') : t('待处理')}</Badge> },
          { accessor: 'reply', title: t('回复'), noWrap: false, render: (u) => <Text size="sm" maw={280} style={{ overflowWrap: 'anywhere' }}>{u.reply ?? '—'}</Text> },
          { accessor: 'replyUserName', title: t('回复人'), render: (u) => u.replyUserName ?? '—' },
          { accessor: 'creationTime', title: t('创建时间'), render: (u) => formatDateTime(u.creationTime) },
        ]}
      />
      {replying && <ReplyModal request={replying} onClose={() => setReplying(null)} />}
    </>
  );
}

function ReplyModal({ request, onClose }: { request: UrgentRequestDto; onClose: () => void }) {
  const t = useT();
  const [reply, setReply] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const process = useServiceMutation(['BackUrgentOrder'], (api, input: { id: number; reply: string }) => api.backUrgentOrder.processUrgentOrder(input));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setRefusal(null);
    if (!reply.trim()) return setError(t('请填写回复内容'));
    setError(null);
    try {
      const outcome = await process.mutateAsync({ id: request.id, reply: reply.trim() });
      if (!outcome.ok) return setRefusal(refusalText(outcome.refusal));
      notifications.show({ color: 'teal', message: t('已回复') });
      onClose();
    } catch {
      // Unexpected failures are shown by the shell's error dialog.
    }
  };
  return (
    <Modal opened onClose={process.isPending ? () => {} : onClose} title={t('回复催单')} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">{t('交易号')}: <Code>{request.tradeNo}</Code></Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>{request.message}</Text>
          {refusal && <Alert color="red" variant="light" role="alert">{refusal}</Alert>}
          <Textarea label={t('回复内容')} withAsterisk rows={3} maxLength={1000} value={reply} onChange={(e) => setReply(e.currentTarget.value)} error={error} data-autofocus />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={process.isPending}>{t('取消')}</Button>
            <Button type="submit" loading={process.isPending}>{t('回复')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
