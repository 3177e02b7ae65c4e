// 新增 / 编辑基础费用设置 (BaseCostSetting/Add, Edit). Once a setting has begun, its amounts and times
// are history: the form shows them read-only and only 是否有效 may change (the server enforces it too).
import { useState, type FormEvent } from 'react';
import { Alert, Group, Modal, Select, Stack, Switch, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { BaseCostSettingDto } from '#shared/contracts/fees.ts';
import { labelKey } from '#shared/enums.ts';
import { useApi } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { FormAlert } from '../../components/forms/form-alert.tsx';
import { ModalActions } from '../../components/forms/modal-actions.tsx';
import { useZodForm, type ZodForm } from '../../components/forms/use-zod-form.ts';
import { isoToLocal, localToIso, pointsText, timeText, intText } from './fee-form.ts';
import { allWarehousesQuery, useAddBaseCost, useEditBaseCost } from './fee-queries.ts';

/** The fields every base cost setting has, per warehouse and order type or per store (海外仓). */
export const baseCostShape = {
  beginTime: timeText('开始时间'),
  endTime: z.string().refine((v) => v === '' || localToIso(v) !== null, '结束时间无效'),
  isEffective: z.boolean(),
  baseCost: pointsText('基础费用', { positive: true }),
  baseSkuNums: intText('基础SKU数'),
  exceedSkuCost: pointsText('超出每SKU费用'),
  maxSkuCost: pointsText('SKU费用上限'),
  sackPrice: pointsText('包材费'),
};
/** The end, when given, not before the begin. */
export const endAfterBegin = (v: { beginTime: string; endTime: string }) =>
  v.endTime === '' || Date.parse(localToIso(v.endTime)!) >= Date.parse(localToIso(v.beginTime) ?? '');
export const END_MESSAGE = { message: '结束时间不能早于开始时间', path: ['endTime'] };

const baseCostForm = z.object({
  warehouseInfoId: z.string().min(1, '请选择仓库'),
  orderType: z.enum(['1', '2', '3'], '请选择订单类型'),
  ...baseCostShape,
}).refine(endAfterBegin, END_MESSAGE);

type Setting = { beginTime: string; endTime: string | null; baseCost: number; baseSkuNums: number; exceedSkuCost: number; maxSkuCost: number; sackPrice: number };

/** The form's starting values of the shared fields: the setting's, or a new one's from now. */
export const baseCostInitial = (setting: Setting | null, isEffective: boolean) => ({
  beginTime: isoToLocal(setting?.beginTime ?? new Date()), endTime: isoToLocal(setting?.endTime), isEffective,
  baseCost: setting ? String(setting.baseCost) : '', baseSkuNums: String(setting?.baseSkuNums ?? 1), exceedSkuCost: setting ? String(setting.exceedSkuCost) : '0',
  maxSkuCost: setting ? String(setting.maxSkuCost) : '0', sackPrice: setting ? String(setting.sackPrice) : '0',
});

/**
 * The shared fields of the request body. A begun setting keeps its exact stored times (the server
 * compares them).
 */
export function baseCostBody(v: z.output<z.ZodObject<typeof baseCostShape>>, begun: Setting | null) {
  return {
    beginTime: begun ? begun.beginTime : localToIso(v.beginTime)!, endTime: begun ? begun.endTime : v.endTime ? localToIso(v.endTime) : null,
    baseCost: v.baseCost, baseSkuNums: v.baseSkuNums, exceedSkuCost: v.exceedSkuCost, maxSkuCost: v.maxSkuCost, sackPrice: v.sackPrice,
  };
}

type SharedForm = ZodForm<z.ZodObject<typeof baseCostShape>>;

/** Times, amounts and the switch; read-only once the setting has begun (its numbers are history). */
export function BaseCostFields({ form, begun, switchLabel }: { form: Pick<SharedForm, 'values' | 'text' | 'setValue'>; begun: boolean; switchLabel?: string }) {
  const t = useT();
  return (
    <>
      <Group grow align="start">
        <TextInput type="datetime-local" label={t('开始时间（北京时间）')} withAsterisk disabled={begun} {...form.text('beginTime')} />
        <TextInput type="datetime-local" label={t('结束时间（留空为长期）')} disabled={begun} {...form.text('endTime')} />
      </Group>
      <Group grow align="start">
        <TextInput label={t('基础费用（积分）')} withAsterisk disabled={begun} inputMode="decimal" {...form.text('baseCost')} />
        <TextInput label={t('基础SKU数')} description={t('基础费用包含的 SKU 种数')} withAsterisk disabled={begun} inputMode="numeric" {...form.text('baseSkuNums')} />
      </Group>
      <Group grow align="start">
        <TextInput label={t('超出每SKU费用（积分）')} withAsterisk disabled={begun} inputMode="decimal" {...form.text('exceedSkuCost')} />
        <TextInput label={t('SKU费用上限（积分）')} description={t('超出部分最多收这么多')} withAsterisk disabled={begun} inputMode="decimal" {...form.text('maxSkuCost')} />
        <TextInput label={t('包材费（积分）')} withAsterisk disabled={begun} inputMode="decimal" {...form.text('sackPrice')} />
      </Group>
      <Switch label={switchLabel ?? t('有效')} checked={form.values.isEffective} onChange={(e) => form.setValue('isEffective', e.currentTarget.checked)} />
    </>
  );
}

export const BEGUN_NOTE = '该设置已开始生效，金额和时间已成为历史记录，只能修改“是否有效”；如需调整价格，请先“结束”它，再新增一条设置。';

export const ORDER_TYPES = [1, 2, 3] as const;

export function BaseCostFormModal({ setting, onClose }: { setting: BaseCostSettingDto | null; onClose: () => void }) {
  const api = useApi();
  const t = useT();
  // Overseas warehouses too: a seller's stock order from an overseas warehouse's stock is weighed there.
  const warehouses = useQuery(allWarehousesQuery(api));
  const add = useAddBaseCost();
  const edit = useEditBaseCost();
  const saving = add.isPending || edit.isPending;
  const creating = setting === null;
  const [openedAt] = useState(() => Date.now());
  // begun: its amounts are history (the server refuses changes to them too)
  const begun = !!setting && Date.parse(setting.beginTime) <= openedAt;
  const form = useZodForm(baseCostForm, {
    warehouseInfoId: setting ? String(setting.warehouseInfoId) : '', orderType: String(setting?.orderType ?? 1) as '1',
    ...baseCostInitial(setting, setting?.isEffective ?? true),
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const el = e.currentTarget as HTMLFormElement;
    const v = form.validate(el);
    if (!v) return;
    const body = {
      warehouseInfoId: Number(v.warehouseInfoId), orderType: Number(v.orderType) as 1 | 2 | 3, isEffective: v.isEffective, ...baseCostBody(v, begun ? setting : null),
    };
    const outcome = creating ? await add.mutateAsync(body) : await edit.mutateAsync({ ...body, id: setting.id });
    if (!outcome.ok) return form.showRefusal(outcome.refusal, el);
    notifications.show({ color: 'teal', message: creating ? t('已新增基础费用设置') : t('已保存') });
    onClose();
  };

  return (
    <Modal opened onClose={saving ? () => {} : onClose} title={creating ? t('新增基础费用设置') : t('编辑基础费用设置 #{0}', setting.id)} centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <FormAlert message={form.formError} />
          {begun && <Alert color="blue" variant="light">{t(BEGUN_NOTE)}</Alert>}
          <Group grow align="start">
            <Select label={t('仓库')} withAsterisk disabled={begun} data={(warehouses.data?.items ?? []).map((w) => ({ value: String(w.id), label: w.kind === 2 ? t('{0}（{1}）', w.warehouseName, t('海外仓')) : w.warehouseName }))}
              value={form.values.warehouseInfoId || null} onChange={(v) => form.setValue('warehouseInfoId', v ?? '')} error={form.errors.warehouseInfoId} />
            <Select label={t('订单类型')} withAsterisk disabled={begun} allowDeselect={false} data={ORDER_TYPES.map((o) => ({ value: String(o), label: t(labelKey('OrderType', o)) }))}
              value={form.values.orderType} onChange={(v) => form.setValue('orderType', (v ?? '1') as '1')} error={form.errors.orderType} />
          </Group>
          <BaseCostFields form={form} begun={begun} />
          <ModalActions onCancel={onClose} saving={saving} submitLabel={creating ? t('新增') : t('保存')} />
        </Stack>
      </form>
    </Modal>
  );
}
