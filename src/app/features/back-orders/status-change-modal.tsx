// 修改订单状态 / 修改包裹状态 for the selected orders: a target status and the reason the audit keeps.
// The server allows a step forward or 问题件 and back only; its refusal stays in the dialog.
import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { OrderDto } from '#shared/contracts/orders.ts';
import { useT } from '../../lib/i18n.ts';
import { codeOptions } from './labels.ts';
import { refusalText, useServiceMutation } from '../../components/forms/refusal.ts';

export type StatusKind = 'orderStatus' | 'packageStatus';

type Input = { kind: StatusKind; ids: number[]; status: number; reason: string };

export function StatusChangeModal({ kind, orders, onClose }: { kind: StatusKind; orders: OrderDto[]; onClose: () => void }) {
  const t = useT();
  const [status, setStatus] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ status?: string; reason?: string }>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const change = useServiceMutation(['BackOrder'], (api, input: Input) =>
    input.kind === 'orderStatus'
      ? api.backOrder.procesOrderStatus({ ids: input.ids, orderStatus: input.status as 1, reason: input.reason })
      : api.backOrder.processOrderPackageStatus({ ids: input.ids, packageStatus: input.status as 0, reason: input.reason }),
  );
  const options = codeOptions(t, kind === 'orderStatus' ? 'OrderStatus' : 'PackageStatus');
  const title = kind === 'orderStatus' ? t('修改订单状态') : t('修改包裹状态');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: typeof errors = {};
    if (status === null) next.status = t('请选择目标状态');
    if (!reason.trim()) next.reason = t('请填写原因');
    setErrors(next);
    setRefusal(null);
    if (next.status || next.reason) return;
    try {
      const outcome = await change.mutateAsync({ kind, ids: orders.map((o) => o.id), status: Number(status), reason: reason.trim() });
      if (!outcome.ok) return setRefusal(refusalText(outcome.refusal));
      notifications.show({ color: 'teal', message: t('已修改 {0} 个订单', outcome.value.count) });
      onClose();
    } catch {
      // Unexpected failures are shown by the shell's error dialog; the dialog stays open to retry.
    }
  };

  return (
    <Modal opened onClose={change.isPending ? () => {} : onClose} title={title} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">{t('已选 {0} 个订单：{1}', orders.length, orders.slice(0, 5).map((o) => o.tradeNo).join('、') + (orders.length > 5 ? '…' : ''))}</Text>
          {refusal && <Alert color="red" variant="light" role="alert">{refusal}</Alert>}
          <Select
            label={t('目标状态')}
            withAsterisk
            data={options.map((o) => ({ value: String(o.value), label: o.label }))}
            value={status}
            onChange={setStatus}
            error={errors.status}
            comboboxProps={{ withinPortal: true }}
          />
          <Textarea
            label={t('原因')}
            withAsterisk
            description={t('记入操作日志；改为问题件时卖家可见')}
            rows={3}
            maxLength={512}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={errors.reason}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={change.isPending}>{t('取消')}</Button>
            <Button type="submit" loading={change.isPending}>{t('确定')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
