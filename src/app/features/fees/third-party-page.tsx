// 第三方参数 (/warehouse/thirdpartyparameter): the bulky parameter of third-party lines per warehouse
// and site, versioned like the other settings; 启用/停用 switches one (switching on re-checks overlaps).
import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlayerStop, IconPlus, IconPower } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import { z } from 'zod';
import type { ThirdPartyParameterDto } from '#shared/contracts/fees.ts';
import { SITES, labelKey, type Site } from '#shared/enums.ts';
import { useApi } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { unwrap } from '../../components/forms/refusal.ts';
import { FormAlert } from '../../components/forms/form-alert.tsx';
import { ModalActions } from '../../components/forms/modal-actions.tsx';
import { useZodForm } from '../../components/forms/use-zod-form.ts';
import { ListPage, formatDateTime, type FilterField, type RowAction } from '../../components/list-page/index.ts';
import { EndTimeModal } from './end-time-modal.tsx';
import { intText, isoToLocal, localToIso, timeText } from './fee-form.ts';
import { feeWarehousesQuery, thirdPartyListQuery, useAddThirdParty, useEndThirdParty, useToggleThirdParty } from './fee-queries.ts';
import { thirdPartyInput, type ThirdPartySearch } from './fee-search.ts';
import { PhaseBadge } from './phase-badge.tsx';

const thirdPartyForm = z.object({
  warehouseInfoId: z.string().min(1, '请选择仓库'),
  site: z.string().min(1, '请选择站点'),
  beginTime: timeText('开始时间'),
  endTime: z.string().refine((v) => v === '' || localToIso(v) !== null, '结束时间无效'),
  isEffective: z.boolean(),
  bulkyParameter: intText('抛重系数'),
}).refine((v) => v.endTime === '' || Date.parse(localToIso(v.endTime)!) >= Date.parse(localToIso(v.beginTime) ?? ''), { message: '结束时间不能早于开始时间', path: ['endTime'] });

export function ThirdPartyFormModal({ onClose }: { onClose: () => void }) {
  const api = useApi();
  const t = useT();
  const warehouses = useQuery(feeWarehousesQuery(api));
  const add = useAddThirdParty();
  const form = useZodForm(thirdPartyForm, { warehouseInfoId: '', site: '', beginTime: isoToLocal(new Date()), endTime: '', isEffective: true, bulkyParameter: '6000' });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const el = e.currentTarget as HTMLFormElement;
    const v = form.validate(el);
    if (!v) return;
    const outcome = await add.mutateAsync({
      warehouseInfoId: Number(v.warehouseInfoId), site: v.site as Site, beginTime: localToIso(v.beginTime)!, endTime: v.endTime ? localToIso(v.endTime) : null,
      isEffective: v.isEffective, bulkyParameter: v.bulkyParameter,
    });
    if (!outcome.ok) return form.showRefusal(outcome.refusal, el);
    notifications.show({ color: 'teal', message: t('已新增第三方参数') });
    onClose();
  };
  return (
    <Modal opened onClose={add.isPending ? () => {} : onClose} title={t('新增第三方参数')} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <FormAlert message={form.formError} />
          <Group grow align="start">
            <Select label={t('仓库')} withAsterisk data={(warehouses.data?.items ?? []).map((w) => ({ value: String(w.id), label: w.warehouseName }))}
              value={form.values.warehouseInfoId || null} onChange={(v) => form.setValue('warehouseInfoId', v ?? '')} error={form.errors.warehouseInfoId} />
            <Select label={t('站点')} withAsterisk data={SITES.map((s) => ({ value: s, label: t(labelKey('Site', s)) }))}
              value={form.values.site || null} onChange={(v) => form.setValue('site', v ?? '')} error={form.errors.site} />
          </Group>
          <Group grow align="start">
            <TextInput type="datetime-local" label={t('开始时间（北京时间）')} withAsterisk {...form.text('beginTime')} />
            <TextInput type="datetime-local" label={t('结束时间（留空为长期）')} {...form.text('endTime')} />
          </Group>
          <TextInput label={t('抛重系数')} description={t('体积重 = 长×宽×高(cm) ÷ 系数')} withAsterisk inputMode="numeric" {...form.text('bulkyParameter')} />
          <Switch label={t('有效')} checked={form.values.isEffective} onChange={(e) => form.setValue('isEffective', e.currentTarget.checked)} />
          <ModalActions onCancel={onClose} saving={add.isPending} submitLabel={t('新增')} />
        </Stack>
      </form>
    </Modal>
  );
}

export function ThirdPartyPage({ search, onSearchChange }: { search: ThirdPartySearch; onSearchChange: (next: ThirdPartySearch) => void }) {
  const api = useApi();
  const t = useT();
  const warehouses = useQuery(feeWarehousesQuery(api));
  const [adding, setAdding] = useState(false);
  const [ending, setEnding] = useState<ThirdPartyParameterDto | null>(null);
  const toggle = useToggleThirdParty();
  const end = useEndThirdParty();

  const filters: FilterField<ThirdPartySearch>[] = [
    { kind: 'select', key: 'warehouseInfoId', label: t('仓库'), options: (warehouses.data?.items ?? []).map((w) => ({ value: w.id, label: w.warehouseName })) },
    { kind: 'select', key: 'site', label: t('站点'), options: SITES.map((s) => ({ value: s, label: t(labelKey('Site', s)) })) },
    { kind: 'select', key: 'isEffective', label: t('是否有效'), options: [{ value: true, label: t('有效') }, { value: false, label: t('已停用') }] },
  ];
  const columns: DataTableColumn<ThirdPartyParameterDto>[] = [
    { accessor: 'warehouseName', title: t('仓库'), render: (r) => <Text size="sm" fw={500}>{r.warehouseName ?? r.warehouseInfoId}</Text> },
    { accessor: 'site', title: t('站点'), render: (r) => t(labelKey('Site', r.site)) },
    { accessor: 'bulkyParameter', title: t('抛重系数'), textAlign: 'right' },
    { accessor: 'beginTime', title: t('开始时间'), render: (r) => formatDateTime(r.beginTime) },
    { accessor: 'endTime', title: t('结束时间'), render: (r) => (r.endTime ? formatDateTime(r.endTime) : t('长期')) },
    { accessor: 'phase', title: t('状态'), render: (r) => <PhaseBadge phase={r.phase} /> },
  ];
  const rowActions: RowAction<ThirdPartyParameterDto>[] = [
    {
      key: 'toggle', label: t('启用/停用'), icon: <IconPower size={14} />,
      confirm: (r) => ({
        title: r.isEffective ? t('停用第三方参数') : t('启用第三方参数'),
        message: r.isEffective ? t('停用后，{0} {1} 的第三方线路不再按抛重系数 {2} 计算。', r.warehouseName ?? '', t(labelKey('Site', r.site)), r.bulkyParameter) : t('启用抛重系数 {0}？与其他有效参数时间重叠时会被拒绝。', r.bulkyParameter),
        confirmLabel: r.isEffective ? t('停用') : t('启用'),
      }),
      onClick: async (r) => unwrap(await toggle.mutateAsync(r.id)),
    },
    { key: 'end', label: t('结束'), icon: <IconPlayerStop size={14} />, onClick: (r) => setEnding(r), disabled: (r) => (r.phase === 'ended' ? t('已结束') : false) },
  ];

  return (
    <>
      <ListPage
        label={t('第三方参数')}
        search={search}
        onSearchChange={onSearchChange}
        query={thirdPartyListQuery(api, thirdPartyInput(search))}
        columns={columns}
        filters={filters}
        rowActions={rowActions}
        toolbar={<Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>{t('新增参数')}</Button>}
      />
      {adding && <ThirdPartyFormModal onClose={() => setAdding(false)} />}
      {ending && (
        <EndTimeModal
          subject={t('{0} · {1} · 抛重系数 {2}', ending.warehouseName ?? '', t(labelKey('Site', ending.site)), ending.bulkyParameter)}
          beginTime={ending.beginTime} endTime={ending.endTime} saving={end.isPending}
          onSubmit={(endTime) => end.mutateAsync({ id: ending.id, endTime })}
          onClose={() => setEnding(null)}
        />
      )}
    </>
  );
}
