// 催单: a short message to the warehouse about one order (FrontUrgentOrder/CreateUrgent).
import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import type { OrderDto } from '#shared/contracts/orders.ts';
import { useT } from '../../lib/i18n.ts';
import { FormAlert } from '../../components/forms/form-alert.tsx';
import { errorMessage } from '../../components/list-page/errors.ts';
import { useCreateUrgent } from './order-mutations.ts';

export function UrgentRequestModal({ order, onClose, onSent }: { order: OrderDto; onClose: () => void; onSent?: () => void }) {
  const t = useT();
  const create = useCreateUrgent();
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const text = message.trim();
    if (!text) return setError(t('请输入催单内容'));
    if (text.length > 1000) return setError(t('催单内容不能超过 1000 个字'));
    const outcome = await create.mutateAsync({ orderId: order.id, message: text });
    if (!outcome.ok) return setFormError(errorMessage(outcome.refusal));
    onSent?.();
    onClose();
  };

  return (
    <Modal opened onClose={onClose} title={t('催单')} centered>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <Text size="sm">{t('订单')}：{order.tradeNo}（{order.orderNumber}）</Text>
          <FormAlert message={formError} />
          <Textarea
            label={t('催单内容')}
            placeholder={t('想对仓库说的话，例如：买家催发货，请尽快处理')}
            required
           
            rows={3}
            value={message}
            error={error}
            onChange={(e) => {
              setMessage(e.currentTarget.value);
              setError(null);
            }}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={create.isPending}>{t('取消')}</Button>
            <Button type="submit" loading={create.isPending}>{t('提交')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
