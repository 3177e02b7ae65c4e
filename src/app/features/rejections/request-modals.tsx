// 申请拒收 / 申请退回 (ExpressRejection/CreateRejectionInfo, CreateReturnInfo) and the staff's
// 拒收失败 reason (BackExpressRejectionReturn/processFaile). Refusals (409) show on the form.
import type { FormEvent } from 'react';
import { Modal, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { FormAlert } from '../../components/forms/form-alert.tsx';
import { ModalActions } from '../../components/forms/modal-actions.tsx';
import { useServiceMutation } from '../../components/forms/refusal.ts';
import { useZodForm } from '../../components/forms/use-zod-form.ts';
import { useApi } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { warehouseOptionsQuery } from '../seller-orders/order-queries.ts';

const shipment = z.string().trim().min(4, '请输入快递单号（至少 4 位）').max(64, '快递单号过长').regex(/^[A-Za-z0-9-]+$/, '只能包含字母、数字和 -');
const reMark = z.string().trim().max(512, '备注不能超过 512 个字');

const rejectionForm = z.object({
  shipment,
  expressCompany: z.string().trim().min(1, '请输入快递公司').max(64, '快递公司过长'),
  warehouseInfoId: z.string().min(1, '请选择仓库'),
  reMark,
});

const returnForm = z.object({
  shipment,
  recipientName: z.string().trim().min(1, '请输入收件人').max(64, '收件人过长'),
  receiptPhone: z.string().trim().min(1, '请输入联系电话').max(32, '联系电话过长'),
  receiptAddress: z.string().trim().min(1, '请输入退回地址').max(512, '退回地址过长'),
  reMark,
});

const failForm = z.object({ reason: z.string().trim().min(1, '请输入失败原因').max(512, '失败原因不能超过 512 个字') });

export function RejectionRequestModal({ onClose }: { onClose: () => void }) {
  const t = useT();
  const api = useApi();
  const warehouses = useQuery(warehouseOptionsQuery(api));
  const form = useZodForm(rejectionForm, { shipment: '', expressCompany: '', warehouseInfoId: '', reMark: '' });
  const create = useServiceMutation(['ExpressRejection'], (a, input: { shipment: string; expressCompany: string; warehouseInfoId: number; reMark: string | null }) => a.expressRejection.createRejectionInfo(input));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const el = e.currentTarget as HTMLFormElement;
    const v = form.validate(el);
    if (!v) return;
    const outcome = await create.mutateAsync({ shipment: v.shipment, expressCompany: v.expressCompany, warehouseInfoId: Number(v.warehouseInfoId), reMark: v.reMark || null });
    if (!outcome.ok) return form.showRefusal(outcome.refusal, el);
    onClose();
  };

  return (
    <Modal opened onClose={create.isPending ? () => {} : onClose} title={t('申请拒收')} centered>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <FormAlert message={form.formError} />
          <TextInput label={t('快递单号')} withAsterisk {...form.text('shipment')} />
          <TextInput label={t('快递公司')} withAsterisk {...form.text('expressCompany')} />
          <Select
            label={t('仓库')} withAsterisk data={(warehouses.data?.items ?? []).map((w) => ({ value: String(w.id), label: w.warehouseName }))}
            value={form.values.warehouseInfoId || null} onChange={(v) => form.setValue('warehouseInfoId', v ?? '')} error={form.errors.warehouseInfoId}
          />
          <Textarea label={t('备注')} rows={2} {...form.text('reMark')} />
          <ModalActions onCancel={onClose} saving={create.isPending} submitLabel={t('提交')} />
        </Stack>
      </form>
    </Modal>
  );
}

/** 申请退回; `shipment`: the parcel it is asked for (from its row in 我的快递), filled in. */
export function ReturnRequestModal({ onClose, shipment = '' }: { onClose: () => void; shipment?: string }) {
  const t = useT();
  const form = useZodForm(returnForm, { shipment, recipientName: '', receiptPhone: '', receiptAddress: '', reMark: '' });
  const create = useServiceMutation(['ExpressRejection'], (a, input: z.output<typeof returnForm>) => a.expressRejection.createReturnInfo({ ...input, reMark: input.reMark || null }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const el = e.currentTarget as HTMLFormElement;
    const v = form.validate(el);
    if (!v) return;
    const outcome = await create.mutateAsync(v);
    if (!outcome.ok) return form.showRefusal(outcome.refusal, el);
    onClose();
  };

  return (
    <Modal opened onClose={create.isPending ? () => {} : onClose} title={t('申请退回')} centered>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <FormAlert message={form.formError} />
          <TextInput label={t('快递单号')} description={t('已签收入库的包裹')} withAsterisk {...form.text('shipment')} />
          <TextInput label={t('收件人')} withAsterisk {...form.text('recipientName')} />
          <TextInput label={t('联系电话')} withAsterisk {...form.text('receiptPhone')} />
          <Textarea label={t('退回地址')} withAsterisk rows={2} {...form.text('receiptAddress')} />
          <Textarea label={t('备注')} rows={2} {...form.text('reMark')} />
          <ModalActions onCancel={onClose} saving={create.isPending} submitLabel={t('提交')} />
        </Stack>
      </form>
    </Modal>
  );
}

export function FailRejectionModal({ id, shipment, onClose }: { id: number; shipment: string; onClose: () => void }) {
  const t = useT();
  const form = useZodForm(failForm, { reason: '' });
  const fail = useServiceMutation(['BackExpressRejectionReturn'], (a, reason: string) => a.backExpressRejectionReturn.processFaile({ id, reason }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const el = e.currentTarget as HTMLFormElement;
    const v = form.validate(el);
    if (!v) return;
    const outcome = await fail.mutateAsync(v.reason);
    if (!outcome.ok) return form.showRefusal(outcome.refusal, el);
    onClose();
  };

  return (
    <Modal opened onClose={fail.isPending ? () => {} : onClose} title={t('拒收失败：{0}', shipment)} centered>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <FormAlert message={form.formError} />
          <Textarea label={t('失败原因')} withAsterisk rows={3} placeholder={t('例如：包裹已签收入库')} {...form.text('reason')} />
          <ModalActions onCancel={onClose} saving={fail.isPending} submitLabel={t('确定')} />
        </Stack>
      </form>
    </Modal>
  );
}
