// 新建分组 (BackGroup/AddGroup: name, sites, overseas warehouses, members) and 重命名分组
// (BackGroup/UpdateGroupName: the name only, the server keeps the rest). Mounted only while open.
import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, MultiSelect, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import type { GroupDto } from '#shared/contracts/groups.ts';
import { SITES, labelKey, type Site } from '#shared/enums.ts';
import { useApi } from '../../../lib/api.ts';
import { useT } from '../../../lib/i18n.ts';
import { refusalText } from '../../../components/forms/refusal.ts';
import { overseasWarehousesQuery, staffUsersQuery, useAddGroup, useRenameGroup } from './group-queries.ts';

interface Values { groupName: string; crossBorderSites: string[]; nativeSites: string[]; abroadWarehouses: string[]; groupPersonnels: string[]; isOk: boolean }
type Errors = Partial<Record<keyof Values, string>>;

const EMPTY: Values = { groupName: '', crossBorderSites: [], nativeSites: [], abroadWarehouses: [], groupPersonnels: [], isOk: true };
const picker = { searchable: true, clearable: true, comboboxProps: { withinPortal: true } } as const;

/** group null: a new group; otherwise renaming it. */
export function GroupFormModal({ group, onClose }: { group: GroupDto | null; onClose: () => void }) {
  const t = useT();
  const api = useApi();
  const add = useAddGroup();
  const rename = useRenameGroup();
  const saving = add.isPending || rename.isPending;
  const warehouses = useQuery({ ...overseasWarehousesQuery(api), enabled: !group });
  const staff = useQuery({ ...staffUsersQuery(api), enabled: !group });
  const [values, setValues] = useState<Values>(() => ({ ...EMPTY, groupName: group?.groupName ?? '' }));
  const [errors, setErrors] = useState<Errors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const sites = SITES.map((s) => ({ value: s, label: `${t(labelKey('Site', s))} (${s})` }));
  const warehouseData = (warehouses.data?.items ?? []).map((w) => ({ value: String(w.id), label: `${w.warehouseName}${w.site ? ` (${w.site})` : ''}` }));
  const staffData = (staff.data?.items ?? []).map((u) => ({ value: String(u.id), label: `${u.name || u.userName} (${u.userName})` }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setRefusal(null);
    const groupName = values.groupName.trim();
    if (!groupName) return setErrors({ groupName: t('请填写分组名称') });
    try {
      const outcome = group
        ? await rename.mutateAsync({ id: group.id, groupName })
        : await add.mutateAsync({
          groupName, crossBorderSites: values.crossBorderSites as Site[], nativeSites: values.nativeSites as Site[],
          abroadWarehouses: values.abroadWarehouses.map(Number), groupPersonnels: values.groupPersonnels.map(Number), isOk: values.isOk,
        });
      if (!outcome.ok) {
        const err = outcome.refusal;
        const member = err.status === 400 ? err.validationErrors?.[0]?.members[0]?.split(/[.[]/)[0] : undefined;
        if (member && member in values) setErrors({ [member]: refusalText(err) });
        else setRefusal(refusalText(err));
        return;
      }
      notifications.show({ color: 'teal', message: group ? t('已保存') : t('已创建分组 {0}', outcome.value.groupName) });
      onClose();
    } catch {
      // Unexpected failures are shown by the shell's error dialog; the form stays open to retry.
    }
  };

  const title = group ? t('重命名分组 {0}', group.groupName) : t('新建分组');
  return (
    <Modal opened onClose={saving ? () => {} : onClose} title={title} size="lg" centered>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="sm">
          {refusal && <Alert color="red" variant="light" role="alert">{refusal}</Alert>}
          <TextInput
            label={t('分组名称')} withAsterisk maxLength={64} value={values.groupName} error={errors.groupName}
            onChange={(e) => set('groupName', e.currentTarget.value)}
          />
          {group ? (
            <Text size="sm" c="dimmed">{t('站点、海外仓和成员在创建时设定；要改变它们，请删除后重新创建分组。')}</Text>
          ) : (
            <>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <MultiSelect label={t('跨境站点')} data={sites} value={values.crossBorderSites} error={errors.crossBorderSites}
                  onChange={(v) => set('crossBorderSites', v)} {...picker} />
                <MultiSelect label={t('本土站点')} data={sites} value={values.nativeSites} error={errors.nativeSites}
                  onChange={(v) => set('nativeSites', v)} {...picker} />
              </SimpleGrid>
              <MultiSelect label={t('海外仓')} data={warehouseData} value={values.abroadWarehouses} error={errors.abroadWarehouses}
                placeholder={warehouses.isPending ? t('加载中…') : undefined} nothingFoundMessage={t('没有海外仓')}
                onChange={(v) => set('abroadWarehouses', v)} {...picker} />
              <MultiSelect label={t('组员')} data={staffData} value={values.groupPersonnels} error={errors.groupPersonnels}
                placeholder={staff.isPending ? t('加载中…') : undefined} nothingFoundMessage={t('没有匹配的后台人员')}
                description={t('没有“仓库管理”权限的组员只能看到本组的站点和海外仓的数据。')}
                onChange={(v) => set('groupPersonnels', v)} {...picker} />
              <Switch label={t('启用')} checked={values.isOk} onChange={(e) => set('isOk', e.currentTarget.checked)} />
            </>
          )}
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={onClose} disabled={saving}>{t('取消')}</Button>
            <Button type="submit" loading={saving}>{group ? t('保存') : t('创建')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
