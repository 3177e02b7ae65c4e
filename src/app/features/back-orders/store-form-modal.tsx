// 新建店铺 / 编辑店铺 (BackStoreAddress/EditStoreAddress) with the seller picker (BackOrder/GetUserList).
// Mounted only while open, so every opening starts from the row's values.
import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { EditStoreInput, StoreDto } from '#shared/contracts/orders.ts';
import type { Site } from '#shared/enums.ts';
import { useApi } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { siteOptions } from './labels.ts';
import { sellerListQuery } from './queries.ts';
import { refusalText, useServiceMutation } from '../../components/forms/refusal.ts';

type Values = {
  userId: string | null; storeName: string; site: string | null; contactName: string; contactPhone: string;
  storeAddress: string; remark: string; whetherLocal: boolean; whetherEffective: boolean;
};
type Errors = Partial<Record<keyof Values, string>>;

const initialValues = (s: StoreDto | null): Values => ({
  userId: s ? String(s.userId) : null, storeName: s?.storeName ?? '', site: s?.site ?? null, contactName: s?.contactName ?? '',
  contactPhone: s?.contactPhone ?? '', storeAddress: s?.storeAddress ?? '', remark: s?.remark ?? '',
  whetherLocal: s?.whetherLocal ?? false, whetherEffective: s?.whetherEffective ?? true,
});

export function useSaveStore() {
  return useServiceMutation(['BackStoreAddress'], (api, input: z.input<typeof EditStoreInput>) => api.backStoreAddress.editStoreAddress(input));
}

export function StoreFormModal({ store, onClose }: { store: StoreDto | null; onClose: () => void }) {
  const t = useT();
  const api = useApi();
  const sellers = useQuery(sellerListQuery(api));
  const save = useSaveStore();
  const [values, setValues] = useState<Values>(() => initialValues(store));
  const [errors, setErrors] = useState<Errors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const textProps = (key: 'storeName' | 'contactName' | 'contactPhone' | 'storeAddress') => ({
    value: values[key], error: errors[key], onChange: (e: { currentTarget: { value: string } }) => set(key, e.currentTarget.value),
  });

  const sellerData = (sellers.data ?? []).map((s) => ({ value: String(s.id), label: `${s.userCode} ${s.name} (${s.userName})` }));
  if (store && values.userId && !sellerData.some((o) => o.value === values.userId)) {
    sellerData.unshift({ value: values.userId, label: `${store.userCode ?? ''} ${store.userName ?? ''}`.trim() });
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setRefusal(null);
    const next: Errors = {};
    if (!values.userId) next.userId = t('请选择卖家');
    if (!values.storeName.trim()) next.storeName = t('请填写店铺名称');
    if (!values.site) next.site = t('请选择站点');
    setErrors(next);
    if (Object.keys(next).length) return;
    try {
      const outcome = await save.mutateAsync({
        id: store?.id, userId: Number(values.userId), storeName: values.storeName.trim(), site: values.site as Site,
        contactName: values.contactName.trim(), contactPhone: values.contactPhone.trim(), storeAddress: values.storeAddress.trim(),
        remark: values.remark.trim() || null, whetherLocal: values.whetherLocal, whetherEffective: values.whetherEffective,
      });
      if (!outcome.ok) {
        const err = outcome.refusal;
        if (err.status === 400 && err.validationErrors?.length) {
          const fieldErrors: Errors = {};
          const other: string[] = [];
          for (const v of err.validationErrors) {
            const key = Object.keys(values).find((k) => v.members.some((m) => m.toLowerCase().startsWith(k.toLowerCase()))) as keyof Values | undefined;
            if (key) fieldErrors[key] ??= v.message;
            else other.push(v.message);
          }
          setErrors(fieldErrors);
          if (other.length) setRefusal(other.join('；'));
        } else setRefusal(refusalText(err));
        return;
      }
      notifications.show({ color: 'teal', message: store ? t('已保存') : t('已创建店铺 {0}', outcome.value.storeName) });
      onClose();
    } catch {
      // Unexpected failures are shown by the shell's error dialog; the form stays open to retry.
    }
  };

  return (
    <Modal opened onClose={save.isPending ? () => {} : onClose} title={store ? t('编辑店铺') : t('新建店铺')} size="lg" centered>
      <form onSubmit={submit} noValidate aria-label={store ? t('编辑店铺') : t('新建店铺')}>
        <Stack gap="sm">
          {refusal && <Alert color="red" variant="light" role="alert">{refusal}</Alert>}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label={t('卖家')}
              withAsterisk
              searchable
              placeholder={sellers.isPending ? t('加载中…') : t('输入卖家编码或姓名')}
              nothingFoundMessage={t('没有匹配的卖家')}
              data={sellerData}
              value={values.userId}
              onChange={(v) => set('userId', v)}
              error={errors.userId ?? (sellers.isError ? t('卖家列表加载失败') : undefined)}
              disabled={!!store}
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              label={t('站点')}
              withAsterisk
              data={siteOptions(t)}
              value={values.site}
              onChange={(v) => set('site', v)}
              error={errors.site}
              comboboxProps={{ withinPortal: true }}
            />
            <TextInput label={t('店铺名称')} withAsterisk maxLength={128} {...textProps('storeName')} />
            <TextInput label={t('联系人')} maxLength={64} {...textProps('contactName')} />
            <TextInput label={t('联系电话')} inputMode="tel" maxLength={32} {...textProps('contactPhone')} />
            <TextInput label={t('店铺地址')} maxLength={256} {...textProps('storeAddress')} />
          </SimpleGrid>
          <Textarea label={t('备注')} rows={2} maxLength={512} value={values.remark} onChange={(e) => set('remark', e.currentTarget.value)} />
          <Group gap="xl" wrap="wrap">
            <Switch label={t('海外仓本地店铺')} checked={values.whetherLocal} onChange={(e) => set('whetherLocal', e.currentTarget.checked)} />
            <Switch label={t('启用')} checked={values.whetherEffective} onChange={(e) => set('whetherEffective', e.currentTarget.checked)} />
          </Group>
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>{t('取消')}</Button>
            <Button type="submit" loading={save.isPending}>{t('保存')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
