// The overseas return dialogs: 登记退件 (the seller, FrontAbroadReturn/CreateReturnOrder), 退件入库
// (staff at the desk, AbroadStockReturn/ConfirmReturnWarehousing with the quantities that came back)
// and 销毁 (staff, ComfirmDestroyOrder with the fee). Refusals (409) show on the dialog.
import { useState, type FormEvent } from 'react';
import { Alert, Code, Modal, NumberInput, Stack, Table, Text, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { AbroadOrderDto, AbroadReturnDto } from '#shared/contracts/overseas.ts';
import { normalizeTrackingNumber, TRACKING_NUMBER_MESSAGE, TRACKING_NUMBER_PATTERN } from '#shared/tracking-number.ts';
import { FormAlert } from '../../components/forms/form-alert.tsx';
import { ModalActions } from '../../components/forms/modal-actions.tsx';
import { refusalText, useServiceMutation } from '../../components/forms/refusal.ts';
import { useZodForm } from '../../components/forms/use-zod-form.ts';
import { errorMessage } from '../../components/list-page/index.ts';
import { useApi } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { checkReturnQuery, ORDER_SERVICES, RETURN_SERVICES } from './queries.ts';

const registerForm = z.object({
  returnNumber: z.string().overwrite(normalizeTrackingNumber).min(4, '请输入退件单号（至少 4 位）').max(64, '退件单号过长').regex(TRACKING_NUMBER_PATTERN, TRACKING_NUMBER_MESSAGE),
  reMark: z.string().trim().max(512, '备注不能超过 512 个字'),
});

export function RegisterReturnModal({ order, onClose }: { order: AbroadOrderDto; onClose: () => void }) {
  const t = useT();
  const form = useZodForm(registerForm, { returnNumber: '', reMark: '' });
  const create = useServiceMutation(RETURN_SERVICES, (a, v: z.output<typeof registerForm>) =>
    a.frontAbroadReturn.createReturnOrder({ orderId: order.id, returnNumber: v.returnNumber, orderNumber: order.orderNumber, reMark: v.reMark || null }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const el = e.currentTarget as HTMLFormElement;
    const v = form.validate(el);
    if (!v) return;
    const outcome = await create.mutateAsync(v);
    if (!outcome.ok) return form.showRefusal(outcome.refusal, el);
    notifications.show({ color: 'teal', message: t('已登记退件 {0}，到仓后入库', v.returnNumber) });
    onClose();
  };

  return (
    <Modal opened onClose={create.isPending ? () => {} : onClose} title={t('登记退件')} centered>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <Text size="sm">{t('订单')} <Code>{order.tradeNo}</Code> · {order.orderNumber}</Text>
          <FormAlert message={form.formError} />
          <TextInput label={t('退件单号')} description={t('买家寄回海外仓的快递单号')} withAsterisk {...form.text('returnNumber')} />
          <Textarea label={t('备注')} rows={2} {...form.text('reMark')} />
          <ModalActions onCancel={onClose} saving={create.isPending} submitLabel={t('登记')} />
        </Stack>
      </form>
    </Modal>
  );
}

/** The desk's 退件入库: the order's lines with what may still come back; the quantities that did. */
export function ConfirmWarehousingModal({ row, onClose }: { row: AbroadReturnDto; onClose: () => void }) {
  const t = useT();
  const api = useApi();
  const check = useQuery(checkReturnQuery(api, row.returnNumber));
  const [counts, setCounts] = useState<Record<number, number | string>>({});
  const [error, setError] = useState<string | null>(null);
  const confirm = useServiceMutation([...RETURN_SERVICES, ...ORDER_SERVICES], (a, items: { stockProductId: number; quantity: number }[]) =>
    a.abroadStockReturn.confirmReturnWarehousing({ returnNumber: row.returnNumber, items }));
  const lines = check.data?.orderItems ?? [];
  const countOf = (id: number, left: number) => counts[id] ?? left;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const items = lines.map((l) => ({ stockProductId: l.stockProductId, quantity: Number(countOf(l.stockProductId, l.quantity - l.returned)) }))
      .filter((i) => i.quantity > 0);
    if (items.length === 0 || items.some((i) => !Number.isInteger(i.quantity))) return setError(t('请填写入库数量（整数，至少一件）'));
    const outcome = await confirm.mutateAsync(items);
    if (!outcome.ok) return setError(refusalText(outcome.refusal));
    notifications.show({ color: 'teal', message: t('退件 {0} 已入库', row.returnNumber) });
    onClose();
  };

  return (
    <Modal opened onClose={confirm.isPending ? () => {} : onClose} title={t('退件入库')} centered size="lg">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <Text size="sm">{t('退件单号')} <Code>{row.returnNumber}</Code> · {t('订单')} <Code>{row.tradeNo}</Code></Text>
          {check.error && <Alert color="red">{errorMessage(check.error)}</Alert>}
          <FormAlert message={error} />
          <Table withTableBorder aria-label={t('入库数量')}>
            <Table.Thead>
              <Table.Tr><Table.Th>{t('SKU')}</Table.Th><Table.Th>{t('订单数量')}</Table.Th><Table.Th>{t('已退')}</Table.Th><Table.Th>{t('本次入库')}</Table.Th></Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.map((l) => (
                <Table.Tr key={l.stockProductId}>
                  <Table.Td><Code>{l.productSku}</Code> {l.productName}</Table.Td><Table.Td>{l.quantity}</Table.Td><Table.Td>{l.returned}</Table.Td>
                  <Table.Td>
                    <NumberInput w={100} min={0} max={l.quantity - l.returned} allowDecimal={false} aria-label={t('{0} 本次入库', l.productSku)}
                      value={countOf(l.stockProductId, l.quantity - l.returned)} onChange={(v) => setCounts((c) => ({ ...c, [l.stockProductId]: v }))} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <ModalActions onCancel={onClose} saving={confirm.isPending} submitLabel={t('确认入库')} />
        </Stack>
      </form>
    </Modal>
  );
}

const destroyForm = z.object({
  integralNumber: z.string().trim().regex(/^\d+(\.\d{1,2})?$/, '销毁费须为数字，最多两位小数').transform(Number),
});

export function DestroyModal({ row, onClose }: { row: AbroadReturnDto; onClose: () => void }) {
  const t = useT();
  const form = useZodForm(destroyForm, { integralNumber: '0' });
  const destroy = useServiceMutation(RETURN_SERVICES, (a, integralNumber: number) => a.abroadStockReturn.comfirmDestroyOrder({ orderReturnId: row.id, integralNumber }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const el = e.currentTarget as HTMLFormElement;
    const v = form.validate(el);
    if (!v) return;
    const outcome = await destroy.mutateAsync(v.integralNumber);
    if (!outcome.ok) return form.showRefusal(outcome.refusal, el);
    notifications.show({ color: 'teal', message: t('退件 {0} 已销毁', row.returnNumber) });
    onClose();
  };

  return (
    <Modal opened onClose={destroy.isPending ? () => {} : onClose} title={t('销毁退件')} centered>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <Text size="sm">{t('卖家 {0} 已选择销毁退件 {1}。销毁费从卖家积分扣除（销毁费）。', row.userCode ?? '', row.returnNumber)}</Text>
          <FormAlert message={form.formError} />
          <TextInput label={t('销毁费（积分）')} inputMode="decimal" withAsterisk {...form.text('integralNumber')} />
          <ModalActions onCancel={onClose} saving={destroy.isPending} submitLabel={t('确认销毁')} />
        </Stack>
      </form>
    </Modal>
  );
}
