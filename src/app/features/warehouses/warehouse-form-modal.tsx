// 新建 / 编辑仓库: mainland warehouses have a city; overseas ones serve one site (DOMAIN §2).
import type { FormEvent } from 'react';
import { useState } from 'react';
import { Button, Group, Modal, SegmentedControl, Select, Stack, Switch, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { SITES, labelKey } from '#shared/enums.ts';
import type { WarehouseInfoDto } from '#shared/contracts/warehouse.ts';
import { useApi } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { FormAlert } from '../../components/forms/form-alert.tsx';
import { ModalActions } from '../../components/forms/modal-actions.tsx';
import { useZodForm } from '../../components/forms/use-zod-form.ts';
import { cityListQuery, useAddCity, useSaveWarehouse } from './warehouse-queries.ts';

const warehouseForm = z.object({
  warehouseName: z.string().trim().min(1, '请输入仓库名称').max(64, '仓库名称最多 64 个字符'),
  kind: z.enum(['1', '2']),
  warehouseCityId: z.string(),
  site: z.string(),
  address: z.string().trim().max(256, '地址最多 256 个字符'),
  contactName: z.string().trim().max(64, '联系人最多 64 个字符'),
  phone: z.string().trim().max(32, '电话最多 32 个字符'),
  isEnabled: z.boolean(),
}).refine((v) => v.kind === '1' || v.site !== '', { message: '海外仓需要选择站点', path: ['site'] });

export function WarehouseFormModal({ warehouse, onClose }: { warehouse: WarehouseInfoDto | null; onClose: () => void }) {
  const api = useApi();
  const t = useT();
  const creating = warehouse === null;
  const cities = useQuery(cityListQuery(api));
  const save = useSaveWarehouse();
  const addCity = useAddCity();
  const [newCity, setNewCity] = useState('');
  const form = useZodForm(warehouseForm, {
    warehouseName: warehouse?.warehouseName ?? '', kind: String(warehouse?.kind ?? 1) as '1' | '2',
    warehouseCityId: warehouse?.warehouseCityId ? String(warehouse.warehouseCityId) : '', site: warehouse?.site ?? '',
    address: warehouse?.address ?? '', contactName: warehouse?.contactName ?? '', phone: warehouse?.phone ?? '', isEnabled: warehouse?.isEnabled ?? true,
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const el = e.currentTarget as HTMLFormElement;
    const v = form.validate(el);
    if (!v) return;
    const kind = v.kind === '2' ? 2 : 1;
    const outcome = await save.mutateAsync({
      ...(warehouse ? { id: warehouse.id } : {}), warehouseName: v.warehouseName, kind,
      warehouseCityId: v.warehouseCityId ? Number(v.warehouseCityId) : null, site: kind === 2 ? (v.site as (typeof SITES)[number]) : null,
      address: v.address, contactName: v.contactName, phone: v.phone, isEnabled: v.isEnabled,
    });
    if (!outcome.ok) return form.showRefusal(outcome.refusal, el);
    notifications.show({ color: 'teal', message: creating ? t('已创建仓库 {0}', v.warehouseName) : t('已保存') });
    onClose();
  };

  const createCity = async () => {
    const outcome = await addCity.mutateAsync(newCity.trim());
    if (!outcome.ok) return notifications.show({ color: 'red', message: outcome.refusal.message });
    form.setValue('warehouseCityId', String(outcome.value.id));
    setNewCity('');
  };

  return (
    <Modal opened onClose={save.isPending ? () => {} : onClose} title={creating ? t('新建仓库') : t('编辑仓库 {0}', warehouse.warehouseName)} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <FormAlert message={form.formError} />
          <TextInput label={t('仓库名称')} withAsterisk {...form.text('warehouseName')} />
          <SegmentedControl data={[{ value: '1', label: t('大陆仓') }, { value: '2', label: t('海外仓') }]} value={form.values.kind} onChange={(v) => form.setValue('kind', v as '1' | '2')} />
          {form.values.kind === '2' ? (
            <Select label={t('站点')} withAsterisk data={SITES.map((s) => ({ value: s, label: t(labelKey('Site', s)) }))} value={form.values.site || null}
              onChange={(v) => form.setValue('site', v ?? '')} error={form.errors.site} />
          ) : (
            <>
              <Select label={t('城市')} clearable data={(cities.data ?? []).map((c) => ({ value: String(c.id), label: c.cityName }))}
                value={form.values.warehouseCityId || null} onChange={(v) => form.setValue('warehouseCityId', v ?? '')} />
              <Group gap="xs" align="end">
                <TextInput label={t('新增城市')} placeholder={t('例如 义乌')} value={newCity} onChange={(e) => setNewCity(e.currentTarget.value)} style={{ flex: 1 }} />
                <Button variant="light" disabled={!newCity.trim()} loading={addCity.isPending} onClick={() => void createCity()}>{t('添加')}</Button>
              </Group>
            </>
          )}
          <TextInput label={t('地址')} {...form.text('address')} />
          <Group grow>
            <TextInput label={t('联系人')} {...form.text('contactName')} />
            <TextInput label={t('电话')} {...form.text('phone')} />
          </Group>
          <Switch label={t('启用')} checked={form.values.isEnabled} onChange={(e) => form.setValue('isEnabled', e.currentTarget.checked)} />
          <ModalActions onCancel={onClose} saving={save.isPending} submitLabel={creating ? t('创建') : t('保存')} />
        </Stack>
      </form>
    </Modal>
  );
}
