// 货架管理 (/backstock/backshelves): the shelves of each warehouse (Shelves/GetList), added one at a time
// or as a range differing in the last number group (A-01-01 … A-01-20), cleared (only when nothing on
// them has inventory) or deleted (only empty ones), and their labels printed (File/GetShelfLabel).
import { useState } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconEraser, IconPlus, IconPrinter, IconTrash } from '@tabler/icons-react';
import { z } from 'zod';
import type { ShelfDto } from '#shared/contracts/inventory.ts';
import { fileUrl } from '#shared/file-links.ts';
import { shelfRange } from '#shared/rules/stock.ts';
import { FormDialog } from '../../components/forms/form-dialog.tsx';
import { unwrap, useServiceMutation } from '../../components/forms/refusal.ts';
import { useZodForm } from '../../components/forms/use-zod-form.ts';
import { ListPage, type FilterField, type RowAction } from '../../components/list-page/index.ts';
import { useApi } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { shelfColumns } from './columns.tsx';
import { STOCK_SERVICES, shelfListQuery } from './queries.ts';
import { useWarehouseChoices } from './use-warehouses.ts';
import type { ShelfSearch } from './search.ts';
import { formSubmit } from './submit.ts';

const position = z.string().trim().toUpperCase().min(1, '请输入货架号').max(32, '货架号过长')
  .regex(/^[A-Z0-9]+(-[A-Z0-9]+)*$/, '货架号只能包含字母、数字和连字符（如 A-01-02）');
const rangeForm = z.object({
  warehouseInfoId: z.string().min(1, '请选择仓库'),
  shelfPosition: position,
  endShelfPosition: z.union([z.literal(''), position]),
});
type RangeValues = z.output<typeof rangeForm>;

/** Opens the labels of a range of existing shelves (one page each) in a new tab. */
const openShelfLabels = (v: { warehouseInfoId: number; shelfPosition: string; endShelfPosition?: string | undefined }) =>
  window.open(fileUrl('getShelfLabel', v), '_blank', 'noopener');

/** What a range will be, as the shared rule (and so the server) reads it. */
function RangePreview({ start, end }: { start: string; end: string }) {
  const t = useT();
  const [a, b] = [start.trim().toUpperCase(), end.trim().toUpperCase()];
  if (!a || !b) return null;
  const range = shelfRange(a, b);
  if ('refusal' in range) return <Text size="sm" c="red" data-testid="shelf-range">{range.refusal}</Text>;
  const { positions } = range;
  return (
    <Text size="sm" c="dimmed" data-testid="shelf-range">
      {t('共 {0} 个：{1}', positions.length, positions.length > 3 ? `${positions[0]}、${positions[1]} … ${positions.at(-1)}` : positions.join('、'))}
    </Text>
  );
}

/** The warehouse, the first position and (for a range) the last one: 新增货架 and 打印货架标签 ask the same. */
function RangeModal({ kind, warehouseInfoId, onClose }: { kind: 'add' | 'print'; warehouseInfoId: number | undefined; onClose: () => void }) {
  const t = useT();
  const warehouses = useWarehouseChoices();
  const [added, setAdded] = useState<{ count: number; existing: string[] } | null>(null);
  const form = useZodForm(rangeForm, { warehouseInfoId: warehouseInfoId ? String(warehouseInfoId) : '', shelfPosition: '', endShelfPosition: '' });
  const add = useServiceMutation(STOCK_SERVICES, (a, v: RangeValues) =>
    a.shelves.add({ warehouseInfoId: Number(v.warehouseInfoId), shelfPosition: v.shelfPosition, endShelfPosition: v.endShelfPosition || null }));
  const submit = formSubmit(form, async (v) => {
    if (kind === 'print') {
      openShelfLabels({ warehouseInfoId: Number(v.warehouseInfoId), shelfPosition: v.shelfPosition, endShelfPosition: v.endShelfPosition || undefined });
      return { ok: true, value: null };
    }
    const outcome = await add.mutateAsync(v);
    if (outcome.ok) setAdded({ count: outcome.value.items.length, existing: outcome.value.existing });
    return outcome;
  }, () => { if (kind === 'print') onClose(); });

  if (added) {
    return (
      <Modal opened onClose={onClose} title={t('新增货架')} centered>
        <Stack gap="sm">
          <Alert color="teal" variant="light" data-testid="shelves-added">{t('已新增 {0} 个货架', added.count)}</Alert>
          {added.existing.length > 0 && <Text size="sm" c="dimmed">{t('已存在，未重复添加：{0}', added.existing.join('、'))}</Text>}
          <Group justify="flex-end"><Button onClick={onClose}>{t('完成')}</Button></Group>
        </Stack>
      </Modal>
    );
  }
  return (
    <FormDialog
      title={kind === 'add' ? t('新增货架') : t('打印货架标签')}
      onClose={onClose} onSubmit={submit} saving={add.isPending} formError={form.formError} submitLabel={kind === 'add' ? t('新增') : t('打印')}
    >
      <Select
        label={t('仓库')} withAsterisk data={warehouses.select}
        value={form.values.warehouseInfoId || null} onChange={(v) => form.setValue('warehouseInfoId', v ?? '')} error={form.errors.warehouseInfoId}
        placeholder={t('请选择仓库')}
      />
      <TextInput label={t('货架号')} withAsterisk placeholder="A-01-01" {...form.text('shelfPosition')} />
      <TextInput
        label={t('结束货架号（可选）')} placeholder="A-01-20" {...form.text('endShelfPosition')}
        description={t('填写后包括两者之间的每个货架，只有最后一组数字不同（A-01-01 至 A-01-20）')}
      />
      <RangePreview start={form.values.shelfPosition} end={form.values.endShelfPosition} />
    </FormDialog>
  );
}

export function ShelfListPage({ search, onSearchChange }: { search: ShelfSearch; onSearchChange: (next: ShelfSearch) => void }) {
  const t = useT();
  const api = useApi();
  const warehouses = useWarehouseChoices();
  const [modal, setModal] = useState<'add' | 'print' | null>(null);
  const clear = useServiceMutation(STOCK_SERVICES, (a, id: number) => a.shelves.clear({ id }));
  const remove = useServiceMutation(STOCK_SERVICES, (a, id: number) => a.shelves.delete({ id }));

  const filters: FilterField<ShelfSearch>[] = [
    { kind: 'select', key: 'warehouseInfoId', label: t('仓库'), options: warehouses.filter },
    { kind: 'text', key: 'shelfPosition', label: t('货架号'), placeholder: t('货架号开头，如 A-01') },
    { kind: 'select', key: 'free', label: t('占用'), options: [{ value: true, label: t('空闲货架') }] },
  ];
  const rowActions: RowAction<ShelfDto>[] = [
    {
      key: 'print', label: t('打印标签'), icon: <IconPrinter size={14} />,
      onClick: (s) => openShelfLabels({ warehouseInfoId: s.warehouseInfoId, shelfPosition: s.shelfPosition }),
    },
    {
      key: 'clear', label: t('清空'), icon: <IconEraser size={14} />, disabled: (s) => (s.productCount === 0 ? t('货架上没有商品') : false),
      confirm: (s) => ({ title: t('清空货架'), message: t('把 {0} 个商品从货架 {1} 移开吗？它们须已没有库存。', s.productCount, s.shelfPosition), confirmLabel: t('清空') }),
      onClick: async (s) => unwrap(await clear.mutateAsync(s.id)),
    },
    {
      key: 'delete', label: t('删除'), icon: <IconTrash size={14} />, color: 'red',
      confirm: (s) => ({ title: t('删除货架'), message: t('删除货架 {0} 吗？', s.shelfPosition), confirmLabel: t('删除') }),
      onClick: async (s) => unwrap(await remove.mutateAsync(s.id)),
    },
  ];

  return (
    <>
      <ListPage
        label={t('货架')}
        search={search}
        onSearchChange={onSearchChange}
        query={shelfListQuery(api, search)}
        columns={shelfColumns(t)}
        filters={filters}
        rowActions={rowActions}
        toolbar={(
          <Group gap="sm">
            <Button leftSection={<IconPlus size={16} />} onClick={() => setModal('add')}>{t('新增货架')}</Button>
            <Button variant="light" leftSection={<IconPrinter size={16} />} onClick={() => setModal('print')}>{t('打印货架标签')}</Button>
          </Group>
        )}
      />
      {modal && <RangeModal kind={modal} warehouseInfoId={search.warehouseInfoId} onClose={() => setModal(null)} />}
    </>
  );
}
