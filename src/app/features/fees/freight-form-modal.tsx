// 新增 / 编辑大陆运费 (MainlandFreight/Add, Edit): one rule per warehouse, site and cargo category at
// any instant. Once a rule has begun only 是否有效 may change (its prices explain past charges).
import { useState, type FormEvent } from 'react';
import { Alert, Group, Modal, Select, Stack, Switch, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { MainlandFreightDto } from '#shared/contracts/fees.ts';
import { ENUM_CODES, SITES, labelKey, type Site } from '#shared/enums.ts';
import { useApi } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { FormAlert } from '../../components/forms/form-alert.tsx';
import { ModalActions } from '../../components/forms/modal-actions.tsx';
import { useZodForm } from '../../components/forms/use-zod-form.ts';
import { intText, isoToLocal, kgText, localToIso, pointsText, timeText } from './fee-form.ts';
import { feeWarehousesQuery, useAddFreight, useEditFreight } from './fee-queries.ts';

export const CARGO_CATEGORIES = ENUM_CODES.CargoCategory;

const freightForm = z.object({
  warehouseInfoId: z.string().min(1, '请选择仓库'),
  site: z.string().min(1, '请选择站点'),
  cargoCategory: z.enum(['1', '2', '3']),
  beginTime: timeText('开始时间'),
  endTime: z.string().refine((v) => v === '' || localToIso(v) !== null, '结束时间无效'),
  isEffective: z.boolean(),
  firstWeight: kgText('首重'),
  firstWeightPrice: pointsText('首重价格'),
  continueWeight: kgText('续重'),
  continueWeightCost: pointsText('续重价格'),
  bulkyParameter: intText('抛重系数'),
}).refine((v) => v.endTime === '' || Date.parse(localToIso(v.endTime)!) >= Date.parse(localToIso(v.beginTime) ?? ''), { message: '结束时间不能早于开始时间', path: ['endTime'] });

export function FreightFormModal({ rule, onClose }: { rule: MainlandFreightDto | null; onClose: () => void }) {
  const api = useApi();
  const t = useT();
  const warehouses = useQuery(feeWarehousesQuery(api));
  const add = useAddFreight();
  const edit = useEditFreight();
  const saving = add.isPending || edit.isPending;
  const creating = rule === null;
  const [openedAt] = useState(() => Date.now());
  // begun: its amounts are history (the server refuses changes to them too)
  const begun = !!rule && Date.parse(rule.beginTime) <= openedAt;
  const form = useZodForm(freightForm, {
    warehouseInfoId: rule ? String(rule.warehouseInfoId) : '', site: rule?.site ?? '', cargoCategory: String(rule?.cargoCategory ?? 1) as '1',
    beginTime: isoToLocal(rule?.beginTime ?? new Date()), endTime: isoToLocal(rule?.endTime), isEffective: rule?.isEffective ?? true,
    firstWeight: rule ? String(rule.firstWeight) : '', firstWeightPrice: rule ? String(rule.firstWeightPrice) : '',
    continueWeight: rule ? String(rule.continueWeight) : '', continueWeightCost: rule ? String(rule.continueWeightCost) : '',
    bulkyParameter: String(rule?.bulkyParameter ?? 6000),
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const el = e.currentTarget as HTMLFormElement;
    const v = form.validate(el);
    if (!v) return;
    const body = {
      warehouseInfoId: Number(v.warehouseInfoId), site: v.site as Site, cargoCategory: Number(v.cargoCategory) as 1 | 2 | 3,
      beginTime: begun ? rule.beginTime : localToIso(v.beginTime)!, endTime: begun ? rule.endTime : v.endTime ? localToIso(v.endTime) : null,
      isEffective: v.isEffective, firstWeight: v.firstWeight, firstWeightPrice: v.firstWeightPrice, continueWeight: v.continueWeight,
      continueWeightCost: v.continueWeightCost, bulkyParameter: v.bulkyParameter,
    };
    const outcome = creating ? await add.mutateAsync(body) : await edit.mutateAsync({ ...body, id: rule.id });
    if (!outcome.ok) return form.showRefusal(outcome.refusal, el);
    notifications.show({ color: 'teal', message: creating ? t('已新增运费设置') : t('已保存') });
    onClose();
  };

  return (
    <Modal opened onClose={saving ? () => {} : onClose} title={creating ? t('新增运费设置') : t('编辑运费设置 #{0}', rule.id)} centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <FormAlert message={form.formError} />
          {begun && (
            <Alert color="blue" variant="light">{t('该设置已开始生效，价格和时间已成为历史记录，只能修改“是否有效”；如需调整价格，请先“结束”它，再新增一条设置。')}</Alert>
          )}
          <Group grow align="start">
            <Select label={t('仓库')} withAsterisk disabled={begun} data={(warehouses.data?.items ?? []).map((w) => ({ value: String(w.id), label: w.warehouseName }))}
              value={form.values.warehouseInfoId || null} onChange={(v) => form.setValue('warehouseInfoId', v ?? '')} error={form.errors.warehouseInfoId} />
            <Select label={t('站点')} withAsterisk disabled={begun} data={SITES.map((s) => ({ value: s, label: t(labelKey('Site', s)) }))}
              value={form.values.site || null} onChange={(v) => form.setValue('site', v ?? '')} error={form.errors.site} />
            <Select label={t('货物类型')} withAsterisk disabled={begun} allowDeselect={false} data={CARGO_CATEGORIES.map((c) => ({ value: String(c), label: t(labelKey('CargoCategory', c)) }))}
              value={form.values.cargoCategory} onChange={(v) => form.setValue('cargoCategory', (v ?? '1') as '1')} />
          </Group>
          <Group grow align="start">
            <TextInput type="datetime-local" label={t('开始时间（北京时间）')} withAsterisk disabled={begun} {...form.text('beginTime')} />
            <TextInput type="datetime-local" label={t('结束时间（留空为长期）')} disabled={begun} {...form.text('endTime')} />
          </Group>
          <Group grow align="start">
            <TextInput label={t('首重（kg）')} withAsterisk disabled={begun} inputMode="decimal" {...form.text('firstWeight')} />
            <TextInput label={t('首重价格（积分）')} withAsterisk disabled={begun} inputMode="decimal" {...form.text('firstWeightPrice')} />
          </Group>
          <Group grow align="start">
            <TextInput label={t('续重（kg）')} description={t('每满或不足一个续重单位收一次')} withAsterisk disabled={begun} inputMode="decimal" {...form.text('continueWeight')} />
            <TextInput label={t('续重价格（积分）')} withAsterisk disabled={begun} inputMode="decimal" {...form.text('continueWeightCost')} />
            <TextInput label={t('抛重系数')} description={t('体积重 = 长×宽×高(cm) ÷ 系数')} withAsterisk disabled={begun} inputMode="numeric" {...form.text('bulkyParameter')} />
          </Group>
          <Switch label={t('有效')} checked={form.values.isEffective} onChange={(e) => form.setValue('isEffective', e.currentTarget.checked)} />
          <ModalActions onCancel={onClose} saving={saving} submitLabel={creating ? t('新增') : t('保存')} />
        </Stack>
      </form>
    </Modal>
  );
}
