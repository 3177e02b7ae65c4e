// 新建大陆包 / 编辑大陆包 (BackMainLandPackage/EditMainLandPackage): warehouse, site and cargo category
// (fixed once the bag holds orders — the server says so), the international waybill number,
// dimensions, weight and the staff member it is assigned to. Mounted only while open.
import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import type { MainLandPackageDto } from '#shared/contracts/mainland-package.ts';
import { ENUM_CODES, SITES, labelKey, type Site } from '#shared/enums.ts';
import { useApi } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { refusalText, useServiceMutation } from '../../components/forms/refusal.ts';
import { appointUsersQuery, mainlandWarehousesQuery } from './queries.ts';

type Num = number | string;
interface Values {
  packageName: string; warehouseInfoId: string | null; site: string | null; cargoCategory: string | null; waybill: string;
  long: Num; wide: Num; high: Num; weight: Num; appointUserId: string | null;
}
type Errors = Partial<Record<keyof Values, string>>;

const initial = (p: MainLandPackageDto | null): Values => ({
  packageName: p?.packageName ?? '', warehouseInfoId: p ? String(p.warehouseInfoId) : null, site: p?.site ?? null,
  cargoCategory: p ? String(p.cargoCategory) : null, waybill: p?.mainLandInterNationalShipment ?? '',
  long: p?.long ?? '', wide: p?.wide ?? '', high: p?.high ?? '', weight: p?.weight ?? '', appointUserId: p?.appointUserId ? String(p.appointUserId) : null,
});
const num = (v: Num) => (v === '' || v === null || v === undefined ? null : Number(v));

export function PackageFormModal({ pkg, onClose }: { pkg: MainLandPackageDto | null; onClose: () => void }) {
  const t = useT();
  const api = useApi();
  const warehouses = useQuery(mainlandWarehousesQuery(api));
  const staff = useQuery(appointUsersQuery(api));
  const save = useServiceMutation(['BackMainLandPackage'], (a, input: Parameters<typeof a.backMainLandPackage.editMainLandPackage>[0]) => a.backMainLandPackage.editMainLandPackage(input));
  const [values, setValues] = useState<Values>(() => initial(pkg));
  const [errors, setErrors] = useState<Errors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const warehouseData = (warehouses.data?.items ?? []).map((w) => ({ value: String(w.id), label: w.warehouseName }));
  if (pkg && !warehouseData.some((w) => w.value === String(pkg.warehouseInfoId))) warehouseData.unshift({ value: String(pkg.warehouseInfoId), label: pkg.warehouseName });
  const staffData = (staff.data ?? []).map((u) => ({ value: String(u.id), label: u.name ? `${u.name} (${u.userName})` : u.userName }));
  if (pkg?.appointUserId && !staffData.some((u) => u.value === String(pkg.appointUserId))) staffData.unshift({ value: String(pkg.appointUserId), label: pkg.appointUserName ?? String(pkg.appointUserId) });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setRefusal(null);
    const next: Errors = {};
    if (!values.warehouseInfoId) next.warehouseInfoId = t('请选择仓库');
    if (!values.site) next.site = t('请选择站点');
    if (!values.cargoCategory) next.cargoCategory = t('请选择货物类别');
    if (values.waybill.trim() && !/^[A-Za-z0-9-]{4,64}$/.test(values.waybill.trim())) next.waybill = t('国际运单号只能包含字母、数字和 -，4–64 位');
    setErrors(next);
    if (Object.keys(next).length) return;
    try {
      const outcome = await save.mutateAsync({
        id: pkg?.id, packageName: values.packageName.trim() || null, warehouseInfoId: Number(values.warehouseInfoId), site: values.site as Site,
        cargoCategory: Number(values.cargoCategory) as 1 | 2 | 3, mainLandInterNationalShipment: values.waybill.trim() || null,
        long: num(values.long), wide: num(values.wide), high: num(values.high), weight: num(values.weight),
        appointUserId: values.appointUserId ? Number(values.appointUserId) : null,
      });
      if (!outcome.ok) {
        const err = outcome.refusal;
        if (err.status === 400 && err.validationErrors?.length) {
          const field: Errors = {};
          const other: string[] = [];
          for (const v of err.validationErrors) {
            const member = v.members[0] ?? '';
            const key = (member === 'mainLandInterNationalShipment' ? 'waybill' : Object.keys(values).find((k) => k === member)) as keyof Values | undefined;
            if (key) field[key] ??= v.message;
            else other.push(v.message);
          }
          setErrors(field);
          if (other.length) setRefusal(other.join('；'));
        } else setRefusal(refusalText(err));
        return;
      }
      notifications.show({ color: 'teal', message: pkg ? t('已保存') : t('已创建大陆包 {0}', outcome.value.packageName) });
      onClose();
    } catch {
      // Unexpected failures reach the shell's error dialog; the form stays open to retry.
    }
  };

  const title = pkg ? t('编辑大陆包') : t('新建大陆包');
  return (
    <Modal opened onClose={save.isPending ? () => {} : onClose} title={title} size="lg" centered>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="sm">
          {refusal && <Alert color="red" variant="light" role="alert">{refusal}</Alert>}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={t('包名')} placeholder={t('留空则自动命名')} maxLength={64} value={values.packageName} onChange={(e) => set('packageName', e.currentTarget.value)} />
            <TextInput label={t('国际运单号')} maxLength={64} value={values.waybill} error={errors.waybill} onChange={(e) => set('waybill', e.currentTarget.value)} />
            <Select label={t('仓库')} withAsterisk data={warehouseData} value={values.warehouseInfoId} onChange={(v) => set('warehouseInfoId', v)} error={errors.warehouseInfoId} comboboxProps={{ withinPortal: true }} />
            <Select
              label={t('站点')} withAsterisk searchable value={values.site} onChange={(v) => set('site', v)} error={errors.site} comboboxProps={{ withinPortal: true }}
              data={SITES.map((s) => ({ value: s, label: `${t(labelKey('Site', s))} (${s})` }))}
            />
            <Select
              label={t('货物类别')} withAsterisk value={values.cargoCategory} onChange={(v) => set('cargoCategory', v)} error={errors.cargoCategory} comboboxProps={{ withinPortal: true }}
              data={ENUM_CODES.CargoCategory.map((c) => ({ value: String(c), label: t(labelKey('CargoCategory', c)) }))}
            />
            <Select label={t('指派人员')} clearable searchable data={staffData} value={values.appointUserId} onChange={(v) => set('appointUserId', v)} error={errors.appointUserId} comboboxProps={{ withinPortal: true }} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <NumberInput label={t('长 (cm)')} min={0} max={1000} decimalScale={1} value={values.long} error={errors.long} onChange={(v) => set('long', v)} />
            <NumberInput label={t('宽 (cm)')} min={0} max={1000} decimalScale={1} value={values.wide} error={errors.wide} onChange={(v) => set('wide', v)} />
            <NumberInput label={t('高 (cm)')} min={0} max={1000} decimalScale={1} value={values.high} error={errors.high} onChange={(v) => set('high', v)} />
            <NumberInput label={t('重量 (kg)')} min={0} max={10000} decimalScale={3} value={values.weight} error={errors.weight} onChange={(v) => set('weight', v)} />
          </SimpleGrid>
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>{t('取消')}</Button>
            <Button type="submit" loading={save.isPending}>{t('保存')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
