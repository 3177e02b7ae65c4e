// 组合商品 (DOMAIN §7): the seller's bundles of their own stock products, each (product, quantity),
// on the 囤货商品 screen (/frontstock/frontstockproduct?view=combinations) where the spec lists
// FrontStockProduct's EditCombinationStock / CancleCombinationStock. Ordering one reserves its parts;
// removing one keeps the orders placed with it.
import { useState, type FormEvent } from 'react';
import { ActionIcon, Button, Code, Group, Select, Tabs, Text, TextInput } from '@mantine/core';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import { z } from 'zod';
import type { CombinationDto } from '#shared/contracts/stock-orders.ts';
import { FormDialog } from '../../components/forms/form-dialog.tsx';
import { unwrap, useServiceMutation } from '../../components/forms/refusal.ts';
import { useZodForm } from '../../components/forms/use-zod-form.ts';
import { formatDateTime, ListPage, type FilterField, type RowAction } from '../../components/list-page/index.ts';
import { useApi } from '../../lib/api.ts';
import { useT, type Translate } from '../../lib/i18n.ts';
import { SellerProductListPage } from './product-list-pages.tsx';
import { combinationListQuery, sellerProductChoicesQuery } from './queries.ts';
import type { SellerProductSearch } from './search.ts';

const headForm = z.object({
  productSku: z.string().trim().min(1, '请输入组合 SKU').max(128, '组合 SKU 不能超过 128 个字'),
  productName: z.string().trim().min(1, '请输入组合名称').max(256, '组合名称不能超过 256 个字'),
});

interface Part { key: number; stockProductId: string | null; quantity: string }
interface PartErrors { stockProductId?: string; quantity?: string }

/** The parts as the service takes them, or the message of each line that is not right. */
function checkParts(parts: readonly Part[], t: Translate): { items: { stockProductId: number; quantity: number }[] } | { errors: Map<number, PartErrors> } {
  const errors = new Map<number, PartErrors>();
  for (const p of parts) {
    const e: PartErrors = {};
    if (!p.stockProductId) e.stockProductId = t('请选择商品');
    if (!/^\d+$/.test(p.quantity.trim()) || Number(p.quantity) < 1 || Number(p.quantity) > 100_000) e.quantity = t('数量须为 1–100000 的整数');
    if (e.stockProductId || e.quantity) errors.set(p.key, e);
  }
  if (errors.size) return { errors };
  return { items: parts.map((p) => ({ stockProductId: Number(p.stockProductId), quantity: Number(p.quantity) })) };
}

export function CombinationModal({ combination, onClose }: { combination: CombinationDto | null; onClose: () => void }) {
  const t = useT();
  const api = useApi();
  const products = useQuery(sellerProductChoicesQuery(api));
  const form = useZodForm(headForm, { productSku: combination?.productSku ?? '', productName: combination?.productName ?? '' });
  const [parts, setParts] = useState<Part[]>(
    combination?.items.map((i, n) => ({ key: n + 1, stockProductId: String(i.stockProductId), quantity: String(i.quantity) })) ?? [{ key: 1, stockProductId: null, quantity: '1' }],
  );
  const [partErrors, setPartErrors] = useState<Map<number, PartErrors>>(new Map());
  const save = useServiceMutation(['FrontStockProduct'], (a, input: Parameters<typeof a.frontStockProduct.editCombinationStock>[0]) => a.frontStockProduct.editCombinationStock(input));
  const setPart = (key: number, patch: Partial<Part>) => {
    setParts((list) => list.map((p) => (p.key === key ? { ...p, ...patch } : p)));
    setPartErrors((m) => (m.has(key) ? new Map([...m].filter(([k]) => k !== key)) : m));
  };
  const options = (products.data?.items ?? []).map((p) => ({ value: String(p.id), label: `${p.productSku} · ${p.productName}（${t('可用')} ${p.available}）` }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const el = e.currentTarget as HTMLFormElement;
    const head = form.validate(el);
    const checked = checkParts(parts, t);
    setPartErrors('errors' in checked ? checked.errors : new Map());
    if (!head || 'errors' in checked) return;
    const outcome = await save.mutateAsync({ ...(combination ? { id: combination.id } : {}), ...head, items: checked.items });
    if (!outcome.ok) return form.showRefusal(outcome.refusal, el);
    onClose();
  };

  return (
    <FormDialog
      title={combination ? t('编辑组合：{0}', combination.productSku) : t('新建组合商品')} size="lg"
      onClose={onClose} onSubmit={submit} saving={save.isPending} formError={form.formError}
    >
      <Group grow align="flex-start">
        <TextInput label={t('组合 SKU')} withAsterisk data-autofocus {...form.text('productSku')} />
        <TextInput label={t('组合名称')} withAsterisk {...form.text('productName')} />
      </Group>
      <Text size="sm" fw={500}>{t('组成商品（每组的件数）')}</Text>
      {parts.map((p, n) => (
        <Group key={p.key} align="flex-start" wrap="nowrap" data-testid="combination-part">
          <Select
            label={t('商品 {0}', n + 1)} data={options} searchable value={p.stockProductId} style={{ flex: 1 }}
            onChange={(v) => setPart(p.key, { stockProductId: v })} error={partErrors.get(p.key)?.stockProductId}
            placeholder={products.isPending ? t('加载中…') : t('选择库存商品')} comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            label={t('件数 {0}', n + 1)} w={110} inputMode="numeric" value={p.quantity}
            onChange={(e) => setPart(p.key, { quantity: e.currentTarget.value })} error={partErrors.get(p.key)?.quantity}
          />
          <ActionIcon
            variant="subtle" color="red" size="lg" mt={26} aria-label={t('删除第 {0} 行', n + 1)} disabled={parts.length === 1}
            onClick={() => setParts((list) => list.filter((x) => x.key !== p.key))}
          ><IconTrash size={18} /></ActionIcon>
        </Group>
      ))}
      <Button
        variant="light" leftSection={<IconPlus size={16} />} w="fit-content" disabled={parts.length >= 50}
        onClick={() => setParts((list) => [...list, { key: Math.max(0, ...list.map((x) => x.key)) + 1, stockProductId: null, quantity: '1' }])}
      >{t('添加商品')}</Button>
    </FormDialog>
  );
}

export function CombinationListPage({ search, onSearchChange }: { search: SellerProductSearch; onSearchChange: (next: SellerProductSearch) => void }) {
  const t = useT();
  const api = useApi();
  const [editing, setEditing] = useState<CombinationDto | 'new' | null>(null);
  const remove = useServiceMutation(['FrontStockProduct'], (a, id: number) => a.frontStockProduct.cancleCombinationStock({ id }));
  const columns: DataTableColumn<CombinationDto>[] = [
    { accessor: 'productSku', title: t('组合 SKU'), render: (c) => <Code>{c.productSku}</Code> },
    { accessor: 'productName', title: t('组合名称') },
    { accessor: 'items', title: t('组成'), render: (c) => c.items.map((i) => `${i.productSku}×${i.quantity}`).join('、') },
    { accessor: 'available', title: t('可组数量') },
    { accessor: 'creationTime', title: t('创建时间'), render: (c) => formatDateTime(c.creationTime) },
  ];
  const filters: FilterField<SellerProductSearch>[] = [{ kind: 'text', key: 'keyword', label: t('关键字'), placeholder: t('组合 SKU 或名称') }];
  const rowActions: RowAction<CombinationDto>[] = [
    { key: 'edit', label: t('编辑'), icon: <IconEdit size={14} />, onClick: (c) => setEditing(c) },
    {
      key: 'delete', label: t('删除'), icon: <IconTrash size={14} />, color: 'red',
      confirm: (c) => ({ title: t('删除组合'), message: t('删除组合 {0}？已下的订单不受影响，之后不能再用它下单。', c.productSku), confirmLabel: t('删除') }),
      onClick: async (c) => unwrap(await remove.mutateAsync(c.id)),
    },
  ];
  return (
    <>
      <ListPage
        label={t('组合商品')} search={search} onSearchChange={onSearchChange} query={combinationListQuery(api, search)}
        columns={columns} filters={filters} rowActions={rowActions} emptyText={t('还没有组合商品')}
        toolbar={<Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>{t('新建组合')}</Button>}
      />
      {editing && <CombinationModal combination={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </>
  );
}

/** /frontstock/frontstockproduct: the seller's products and their combinations, one tab each (?view=). */
export function SellerStockProductScreen({ search, onSearchChange }: { search: SellerProductSearch; onSearchChange: (next: SellerProductSearch) => void }) {
  const t = useT();
  const view = search.view ?? 'products';
  return (
    <Tabs value={view} onChange={(v) => onSearchChange(v === 'combinations' ? { view: 'combinations' } : {})} keepMounted={false}>
      <Tabs.List mb="sm">
        <Tabs.Tab value="products">{t('库存商品')}</Tabs.Tab>
        <Tabs.Tab value="combinations">{t('组合商品')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="products"><SellerProductListPage search={search} onSearchChange={onSearchChange} /></Tabs.Panel>
      <Tabs.Panel value="combinations"><CombinationListPage search={search} onSearchChange={onSearchChange} /></Tabs.Panel>
    </Tabs>
  );
}
