// 海外仓费用 (/warehouse/overseasbasecost): the base cost of overseas orders per store
// (OverseasBaseCostSetting), versioned like every fee setting: one effective setting per store at any
// moment, a begun one keeps its amounts; charged when an overseas order is packed.
import { useState, type FormEvent } from 'react';
import { Alert, Button, Modal, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconPlayerStop, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import { z } from 'zod';
import type { ApiClient } from '#shared/api-client.ts';
import type { InputOf } from '#shared/contracts/define.ts';
import type { OverseasBaseCostSettingDto, overseasBaseCostSetting } from '#shared/contracts/fees.ts';
import { useApi } from '../../lib/api.ts';
import { FormAlert } from '../../components/forms/form-alert.tsx';
import { ModalActions } from '../../components/forms/modal-actions.tsx';
import { useServiceMutation } from '../../components/forms/refusal.ts';
import { useZodForm } from '../../components/forms/use-zod-form.ts';
import { ListPage, type FilterField, type RowAction } from '../../components/list-page/index.ts';
import { BEGUN_NOTE, BaseCostFields, END_MESSAGE, baseCostBody, baseCostInitial, baseCostShape, endAfterBegin } from './base-cost-form-modal.tsx';
import { EndTimeModal } from './end-time-modal.tsx';
import { formatPoints } from './fee-form.ts';
import { overseasBaseCostListQuery } from './fee-queries.ts';
import { overseasBaseCostInput, type OverseasBaseCostSearch } from './fee-search.ts';
import { baseCostAmountColumns } from './base-cost-page.tsx';
import { useT } from '../../lib/i18n.ts';
import { queryOf } from '../../lib/query-of.ts';

type Actions = (typeof overseasBaseCostSetting)['actions'];
const SERVICE = ['OverseasBaseCostSetting'] as const;

/** Every store (the staff's list), for the store filter and picker. */
const storesQuery = (api: ApiClient) =>
  queryOf(api, 'BackStoreAddress', 'getStoreAddressList', { currentPage: 1, pageSize: 500 }, { staleTime: 60_000 });

const form = z.object({ storeId: z.string().min(1, '请选择店铺'), ...baseCostShape }).refine(endAfterBegin, END_MESSAGE);

function OverseasBaseCostFormModal({ setting, onClose }: { setting: OverseasBaseCostSettingDto | null; onClose: () => void }) {
  const t = useT();
  const api = useApi();
  const stores = useQuery(storesQuery(api)).data?.items ?? [];
  const save = useServiceMutation(SERVICE, (a, body: InputOf<Actions['add']>) => (setting ? a.overseasBaseCostSetting.editList({ ...body, id: setting.id }) : a.overseasBaseCostSetting.add(body)));
  const [openedAt] = useState(() => Date.now());
  const begun = !!setting && Date.parse(setting.beginTime) <= openedAt;
  const f = useZodForm(form, { storeId: setting ? String(setting.storeId) : '', ...baseCostInitial(setting, setting?.whetherEffective ?? true) });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const el = e.currentTarget as HTMLFormElement;
    const v = f.validate(el);
    if (!v) return;
    const outcome = await save.mutateAsync({ storeId: Number(v.storeId), whetherEffective: v.isEffective, ...baseCostBody(v, begun ? setting : null) });
    if (!outcome.ok) return f.showRefusal(outcome.refusal, el);
    notifications.show({ color: 'teal', message: setting ? t('已保存') : t('已新增海外仓费用设置') });
    onClose();
  };

  return (
    <Modal opened onClose={save.isPending ? () => {} : onClose} title={setting ? t('编辑海外仓费用设置 #{0}', setting.id) : t('新增海外仓费用设置')} centered size="lg">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <FormAlert message={f.formError} />
          {begun && <Alert color="blue" variant="light">{t(BEGUN_NOTE)}</Alert>}
          <Select label={t('店铺')} withAsterisk searchable disabled={begun}
            data={stores.map((s) => ({ value: String(s.id), label: t('{0}（{1} · {2}）', s.storeName, s.userCode ?? '', s.site) }))}
            value={f.values.storeId || null} onChange={(v) => f.setValue('storeId', v ?? '')} error={f.errors.storeId} />
          <BaseCostFields form={f} begun={begun} />
          <ModalActions onCancel={onClose} saving={save.isPending} submitLabel={setting ? t('保存') : t('新增')} />
        </Stack>
      </form>
    </Modal>
  );
}

export function OverseasBaseCostPage({ search, onSearchChange }: { search: OverseasBaseCostSearch; onSearchChange: (next: OverseasBaseCostSearch) => void }) {
  const t = useT();
  const api = useApi();
  const stores = useQuery(storesQuery(api)).data?.items ?? [];
  const [editing, setEditing] = useState<{ setting: OverseasBaseCostSettingDto | null } | null>(null);
  const [ending, setEnding] = useState<OverseasBaseCostSettingDto | null>(null);
  const end = useServiceMutation(SERVICE, (a, input: InputOf<Actions['editEndTime']>) => a.overseasBaseCostSetting.editEndTime(input));

  const filters: FilterField<OverseasBaseCostSearch>[] = [
    { kind: 'select', key: 'storeId', label: t('店铺'), searchable: true, options: stores.map((s) => ({ value: s.id, label: t('{0}（{1}）', s.storeName, s.userCode ?? '') })) },
    { kind: 'select', key: 'whetherEffective', label: t('是否有效'), options: [{ value: true, label: t('有效') }, { value: false, label: t('已停用') }] },
  ];
  const columns: DataTableColumn<OverseasBaseCostSettingDto>[] = [
    { accessor: 'storeName', title: t('店铺'), render: (s) => <Text size="sm" fw={500}>{s.storeName ?? s.storeId}</Text> },
    { accessor: 'userCode', title: t('卖家编码'), render: (s) => s.userCode ?? '—' },
    ...baseCostAmountColumns<OverseasBaseCostSettingDto>(t),
  ];
  const rowActions: RowAction<OverseasBaseCostSettingDto>[] = [
    { key: 'edit', label: t('编辑'), icon: <IconPencil size={14} />, onClick: (s) => setEditing({ setting: s }) },
    { key: 'end', label: t('结束'), icon: <IconPlayerStop size={14} />, onClick: (s) => setEnding(s), disabled: (s) => (s.phase === 'ended' ? t('已结束') : false) },
  ];

  return (
    <>
      <ListPage
        label={t('海外仓费用设置')}
        search={search}
        onSearchChange={onSearchChange}
        query={overseasBaseCostListQuery(api, overseasBaseCostInput(search))}
        columns={columns}
        filters={filters}
        rowActions={rowActions}
        toolbar={<Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ setting: null })}>{t('新增设置')}</Button>}
      />
      {editing && <OverseasBaseCostFormModal setting={editing.setting} onClose={() => setEditing(null)} />}
      {ending && (
        <EndTimeModal
          subject={t('{0} · 基础费用 {1}', ending.storeName ?? ending.storeId, formatPoints(ending.baseCost))}
          beginTime={ending.beginTime} endTime={ending.endTime} saving={end.isPending}
          onSubmit={(endTime) => end.mutateAsync({ id: ending.id, endTime })}
          onClose={() => setEnding(null)}
        />
      )}
    </>
  );
}
