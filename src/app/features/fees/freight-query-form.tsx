// The weight-and-size form of both freight calculators (staff 试算 and the seller's 运费试算).
import type { FormEvent } from 'react';
import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { FreightQueryInput } from '#shared/contracts/fees.ts';
import { ENUM_CODES, SITES, labelKey, type Site } from '#shared/enums.ts';
import { useApi } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import type { ApiError } from '../../lib/api.ts';
import type { Outcome } from '../../components/forms/refusal.ts';
import { FormAlert } from '../../components/forms/form-alert.tsx';
import { useZodForm } from '../../components/forms/use-zod-form.ts';
import { cmText, kgText } from './fee-form.ts';
import { feeWarehousesQuery } from './fee-queries.ts';

const CARGO = ENUM_CODES.CargoCategory;

const queryForm = z.object({
  warehouseInfoId: z.string().min(1, '请选择仓库'),
  site: z.string().min(1, '请选择站点'),
  cargoCategory: z.enum(['1', '2', '3']),
  weight: kgText('重量'),
  long: cmText('长'),
  wide: cmText('宽'),
  high: cmText('高'),
});

export function FreightQueryForm({ busy, onQuote, onRefused, submitLabel }: {
  busy: boolean;
  onQuote: (input: FreightQueryInput) => Promise<Outcome<unknown>>;
  onRefused?: (err: ApiError | null) => void;
  submitLabel?: string;
}) {
  const t = useT();
  const api = useApi();
  const warehouses = useQuery(feeWarehousesQuery(api));
  const form = useZodForm(queryForm, { warehouseInfoId: '', site: 'TW', cargoCategory: '1', weight: '', long: '', wide: '', high: '' });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const el = e.currentTarget as HTMLFormElement;
    const v = form.validate(el);
    if (!v) return;
    const outcome = await onQuote({
      warehouseInfoId: Number(v.warehouseInfoId), site: v.site as Site, cargoCategory: Number(v.cargoCategory) as 1 | 2 | 3, weight: v.weight,
      long: v.long, wide: v.wide, high: v.high,
    });
    if (!outcome.ok) form.showRefusal(outcome.refusal, el);
    onRefused?.(outcome.ok ? null : outcome.refusal);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <FormAlert message={form.formError} />
        <Group grow align="start">
          <Select label={t('仓库')} withAsterisk data={(warehouses.data?.items ?? []).filter((w) => w.isEnabled).map((w) => ({ value: String(w.id), label: w.warehouseName }))}
            value={form.values.warehouseInfoId || null} onChange={(v) => form.setValue('warehouseInfoId', v ?? '')} error={form.errors.warehouseInfoId} />
          <Select label={t('站点')} withAsterisk allowDeselect={false} data={SITES.map((s) => ({ value: s, label: t(labelKey('Site', s)) }))}
            value={form.values.site || null} onChange={(v) => form.setValue('site', v ?? '')} error={form.errors.site} />
          <Select label={t('货物类型')} withAsterisk allowDeselect={false} data={CARGO.map((c) => ({ value: String(c), label: t(labelKey('CargoCategory', c)) }))}
            value={form.values.cargoCategory} onChange={(v) => form.setValue('cargoCategory', (v ?? '1') as '1')} />
        </Group>
        <Group grow align="start">
          <TextInput label={t('重量（kg）')} withAsterisk inputMode="decimal" {...form.text('weight')} />
          <TextInput label={t('长（cm）')} inputMode="decimal" {...form.text('long')} />
          <TextInput label={t('宽（cm）')} inputMode="decimal" {...form.text('wide')} />
          <TextInput label={t('高（cm）')} inputMode="decimal" {...form.text('high')} />
        </Group>
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>{submitLabel ?? t('计算')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
