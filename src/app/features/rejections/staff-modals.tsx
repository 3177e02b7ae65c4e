// The staff's dialogs on a return request (BackExpressRejectionReturn, DOMAIN §6): 确认退回 (the
// courier's number, company and cost), 扣费 (a channel-8 fee from the seller's points) and 仓库备注.
// Refusals (409: e.g. the seller's points are short) show on the form.
import type { FormEvent } from 'react';
import { Modal, NativeSelect, Stack, TextInput, Textarea } from '@mantine/core';
import { z } from 'zod';
import type { RejectionDto } from '#shared/contracts/rejections.ts';
import { ENUM_CODES, labelKey, REJECTION_DEDUCTION_TYPE } from '#shared/enums.ts';
import { FormAlert } from '../../components/forms/form-alert.tsx';
import { ModalActions } from '../../components/forms/modal-actions.tsx';
import { useServiceMutation, type Outcome } from '../../components/forms/refusal.ts';
import { useZodForm } from '../../components/forms/use-zod-form.ts';
import type { ApiError } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { pointsText } from '../fees/fee-form.ts';

const returnForm = z.object({
  returnExpressCompany: z.string().trim().min(1, '请输入快递公司').max(64, '快递公司过长'),
  returnNo: z.string().trim().min(1, '请输入退回单号').max(64, '退回单号过长'),
  expressCost: pointsText('快递费用'),
});
const deductionForm = z.object({
  deductionType: z.enum(['1', '2', '3'], { message: '请选择扣费类型' }).transform(Number),
  amount: pointsText('扣费金额', { positive: true }),
});
const remarkForm = z.object({ remark: z.string().trim().max(512, '备注不能超过 512 个字') });

const SERVICE = ['BackExpressRejectionReturn'] as const;

/** The submit of these dialogs: check the form, call, show a refusal on it or close. */
function submitWith<V>(validate: (el: HTMLFormElement) => V | null, call: (v: V) => Promise<Outcome<unknown>>, showRefusal: (err: ApiError, el: HTMLFormElement) => void, onClose: () => void) {
  return async (e: FormEvent) => {
    e.preventDefault();
    const el = e.currentTarget as HTMLFormElement;
    const v = validate(el);
    if (v === null) return;
    const outcome = await call(v);
    if (!outcome.ok) return showRefusal(outcome.refusal, el);
    onClose();
  };
}

export function ConfirmReturnModal({ row, onClose }: { row: RejectionDto; onClose: () => void }) {
  const t = useT();
  const form = useZodForm(returnForm, { returnExpressCompany: '', returnNo: '', expressCost: '' });
  const confirm = useServiceMutation(SERVICE, (a, v: z.output<typeof returnForm>) => a.backExpressRejectionReturn.confirmReturn({ id: row.id, ...v }));
  const submit = submitWith((el) => form.validate(el), (v) => confirm.mutateAsync(v), form.showRefusal, onClose);
  return (
    <Modal opened onClose={confirm.isPending ? () => {} : onClose} title={t('确认退回：{0}', row.shipment)} centered>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <FormAlert message={form.formError} />
          <TextInput label={t('退回地址')} value={`${row.recipientName ?? ''} ${row.receiptPhone ?? ''} ${row.receiptAddress ?? ''}`.trim()} readOnly />
          <TextInput label={t('快递公司')} withAsterisk {...form.text('returnExpressCompany')} />
          <TextInput label={t('退回单号')} withAsterisk {...form.text('returnNo')} />
          <TextInput label={t('快递费用（积分）')} withAsterisk inputMode="decimal" {...form.text('expressCost')} />
          <ModalActions onCancel={onClose} saving={confirm.isPending} submitLabel={t('确认退回')} />
        </Stack>
      </form>
    </Modal>
  );
}

export function DeductionModal({ row, onClose }: { row: RejectionDto; onClose: () => void }) {
  const t = useT();
  const form = useZodForm(deductionForm, { deductionType: String(REJECTION_DEDUCTION_TYPE.returnFreight) as '1', amount: row.expressCost !== null ? String(row.expressCost) : '' });
  const deduct = useServiceMutation(SERVICE, (a, v: z.output<typeof deductionForm>) => a.backExpressRejectionReturn.confirmDeduction({ id: row.id, deductionType: v.deductionType as 1 | 2 | 3, amount: v.amount }));
  const submit = submitWith((el) => form.validate(el), (v) => deduct.mutateAsync(v), form.showRefusal, onClose);
  return (
    <Modal opened onClose={deduct.isPending ? () => {} : onClose} title={t('扣费：{0}', row.shipment)} centered>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <FormAlert message={form.formError} />
          <NativeSelect
            label={t('扣费类型')} withAsterisk value={form.values.deductionType} error={form.errors.deductionType}
            onChange={(e) => form.setValue('deductionType', e.currentTarget.value as '1')}
            data={ENUM_CODES.RejectionDeductionType.map((c) => ({ value: String(c), label: t(labelKey('RejectionDeductionType', c)) }))}
          />
          <TextInput label={t('扣费金额（积分）')} withAsterisk inputMode="decimal" description={t('从卖家 {0} 的积分中扣除', row.userCode ?? '')} {...form.text('amount')} />
          <ModalActions onCancel={onClose} saving={deduct.isPending} submitLabel={t('扣费')} />
        </Stack>
      </form>
    </Modal>
  );
}

export function WarehouseRemarkModal({ row, onClose }: { row: RejectionDto; onClose: () => void }) {
  const t = useT();
  const form = useZodForm(remarkForm, { remark: row.warehouseRemark ?? '' });
  const save = useServiceMutation(SERVICE, (a, v: z.output<typeof remarkForm>) => a.backExpressRejectionReturn.addWarehouseRemark({ id: row.id, remark: v.remark }));
  const submit = submitWith((el) => form.validate(el), (v) => save.mutateAsync(v), form.showRefusal, onClose);
  return (
    <Modal opened onClose={save.isPending ? () => {} : onClose} title={t('仓库备注：{0}', row.shipment)} centered>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <FormAlert message={form.formError} />
          <Textarea label={t('仓库备注')} rows={3} {...form.text('remark')} />
          <ModalActions onCancel={onClose} saving={save.isPending} submitLabel={t('保存')} />
        </Stack>
      </form>
    </Modal>
  );
}
