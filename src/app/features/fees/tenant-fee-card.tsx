// The tenant's flat fees (settings, default 0): 加急费 per urgent order (ledger channel 11) and 销毁费 per
// marketplace return the seller has destroyed (channel 9). One card each, the same form.
import { useState, type FormEvent } from 'react';
import { Button, Group, Paper, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../lib/api.ts';
import { refusalText } from '../../components/forms/refusal.ts';
import { formatPoints } from './fee-form.ts';
import { destroyFeeQuery, urgentFeeQuery, useEditDestroyFee, useEditUrgentFee } from './fee-queries.ts';
import { useT } from '../../lib/i18n.ts';

const POINTS = /^\d+(\.\d{1,2})?$/;

interface FeeCardProps {
  name: string;
  title: string;
  hint: string;
  testId: string;
  value: number | undefined;
  save: (points: number) => Promise<{ ok: true; value: number } | { ok: false; message: string }>;
  saving: boolean;
}

function FeeCard({ name, title, hint, testId, value, save, saving }: FeeCardProps) {
  const t = useT();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const text = (draft ?? '').trim();
    if (!POINTS.test(text)) return setError(t('{0}须为数字，最多两位小数', name));
    const outcome = await save(Number(text));
    if (!outcome.ok) return setError(outcome.message);
    notifications.show({ color: 'teal', message: t('{0}已设为 {1} 积分', name, formatPoints(outcome.value)) });
    setDraft(null);
    setError(null);
  };

  return (
    <Paper withBorder p="sm" radius="md" data-testid={`${testId}-card`}>
      <form onSubmit={submit} noValidate>
        <Group gap="sm" align="end">
          <div style={{ flex: 1 }}>
            <Text size="sm" fw={500}>{title}</Text>
            <Text size="xs" c="dimmed">{hint}</Text>
          </div>
          {draft === null ? (
            <>
              <Text size="lg" fw={600} data-testid={testId}>{value !== undefined ? t('{0} 积分', formatPoints(value)) : '…'}</Text>
              <Button variant="light" disabled={value === undefined} onClick={() => setDraft(String(value ?? 0))}>{t('修改')}</Button>
            </>
          ) : (
            <>
              <TextInput aria-label={t('{0}（积分）', name)} inputMode="decimal" value={draft} error={error} onChange={(e) => { setDraft(e.currentTarget.value); setError(null); }} w={140} />
              <Button variant="default" onClick={() => { setDraft(null); setError(null); }} disabled={saving}>{t('取消')}</Button>
              <Button type="submit" loading={saving}>{t('保存')}</Button>
            </>
          )}
        </Group>
      </form>
    </Paper>
  );
}

export function UrgentFeeCard() {
  const t = useT();
  const api = useApi();
  const fee = useQuery(urgentFeeQuery(api));
  const edit = useEditUrgentFee();
  return (
    <FeeCard
      name={t('加急费')} title={t('加急费（每个加急订单）')} hint={t('加急订单称重时另收，单独记一条“加急费”流水。')} testId="urgent-fee"
      value={fee.data?.urgentFee} saving={edit.isPending}
      save={async (points) => {
        const outcome = await edit.mutateAsync(points);
        return outcome.ok ? { ok: true, value: outcome.value.urgentFee } : { ok: false, message: refusalText(outcome.refusal) };
      }}
    />
  );
}

export function DestroyFeeCard() {
  const t = useT();
  const api = useApi();
  const fee = useQuery(destroyFeeQuery(api));
  const edit = useEditDestroyFee();
  return (
    <FeeCard
      name={t('销毁费')} title={t('销毁费（每件平台退货）')} hint={t('卖家选择销毁平台退货时扣一次，记一条“销毁费”流水。')} testId="destroy-fee"
      value={fee.data?.destroyFee} saving={edit.isPending}
      save={async (points) => {
        const outcome = await edit.mutateAsync(points);
        return outcome.ok ? { ok: true, value: outcome.value.destroyFee } : { ok: false, message: refusalText(outcome.refusal) };
      }}
    />
  );
}
