// 加急费: the tenant's fee for each urgent order (ledger channel 11), default 0.
import { useState, type FormEvent } from 'react';
import { Button, Group, Paper, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../lib/api.ts';
import { refusalText } from '../../components/forms/refusal.ts';
import { formatPoints } from './fee-form.ts';
import { urgentFeeQuery, useEditUrgentFee } from './fee-queries.ts';

const POINTS = /^\d+(\.\d{1,2})?$/;

export function UrgentFeeCard() {
  const api = useApi();
  const fee = useQuery(urgentFeeQuery(api));
  const save = useEditUrgentFee();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = (draft ?? '').trim();
    if (!POINTS.test(value)) return setError('加急费须为数字，最多两位小数');
    const outcome = await save.mutateAsync(Number(value));
    if (!outcome.ok) return setError(refusalText(outcome.refusal));
    notifications.show({ color: 'teal', message: `加急费已设为 ${formatPoints(outcome.value.urgentFee)} 积分` });
    setDraft(null);
    setError(null);
  };

  return (
    <Paper withBorder p="sm" radius="md">
      <form onSubmit={submit} noValidate>
        <Group gap="sm" align="end">
          <div style={{ flex: 1 }}>
            <Text size="sm" fw={500}>加急费（每个加急订单）</Text>
            <Text size="xs" c="dimmed">加急订单称重时另收，单独记一条“加急费”流水。</Text>
          </div>
          {draft === null ? (
            <>
              <Text size="lg" fw={600} data-testid="urgent-fee">{fee.data ? `${formatPoints(fee.data.urgentFee)} 积分` : '…'}</Text>
              <Button variant="light" disabled={!fee.data} onClick={() => setDraft(String(fee.data?.urgentFee ?? 0))}>修改</Button>
            </>
          ) : (
            <>
              <TextInput aria-label="加急费（积分）" inputMode="decimal" value={draft} error={error} onChange={(e) => { setDraft(e.currentTarget.value); setError(null); }} w={140} />
              <Button variant="default" onClick={() => { setDraft(null); setError(null); }} disabled={save.isPending}>取消</Button>
              <Button type="submit" loading={save.isPending}>保存</Button>
            </>
          )}
        </Group>
      </form>
    </Paper>
  );
}
