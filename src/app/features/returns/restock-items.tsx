// What goes back to stock (重新入库, a return's 入库): by default the order's own lines; or staff name
// the seller's stock products at that warehouse and how many (only what they found usable).
import { ActionIcon, Button, Group, NativeSelect, Radio, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { sellerProductsQuery } from './queries.ts';

export interface RestockDraft {
  /** 'order': the order's lines; 'named': the rows below. */
  mode: 'order' | 'named';
  rows: { stockProductId: string; quantity: string }[];
}

export const EMPTY_RESTOCK: RestockDraft = { mode: 'order', rows: [{ stockProductId: '', quantity: '1' }] };

/** The draft as the action's `items` (undefined: the order's lines), or the message of what is missing. */
export function restockItems(draft: RestockDraft): { items?: { stockProductId: number; quantity: number }[]; error?: string } {
  if (draft.mode === 'order') return {};
  const items: { stockProductId: number; quantity: number }[] = [];
  for (const row of draft.rows) {
    const quantity = Number(row.quantity);
    if (!row.stockProductId) return { error: '请选择入库的商品' };
    if (!Number.isInteger(quantity) || quantity < 1) return { error: '数量须为正整数' };
    items.push({ stockProductId: Number(row.stockProductId), quantity });
  }
  return items.length ? { items } : { error: '请至少指定一件商品' };
}

export function RestockItemsField({ userCode, warehouseInfoId, value, onChange, error, orderKnown }: {
  userCode: string; warehouseInfoId: number | null; value: RestockDraft; onChange: (next: RestockDraft) => void; error?: string | null;
  /** Whether an order is known (else the products must be named). */
  orderKnown: boolean;
}) {
  const t = useT();
  const api = useApi();
  const named = value.mode === 'named' || !orderKnown;
  const products = useQuery({ ...sellerProductsQuery(api, userCode, warehouseInfoId), enabled: named });
  const options = [{ value: '', label: t('选择商品') }, ...(products.data?.items ?? []).map((p) => ({ value: String(p.id), label: `${p.productSku} · ${p.productName}（库存 ${p.inventory}）` }))];
  const setRow = (i: number, patch: Partial<RestockDraft['rows'][number]>) =>
    onChange({ ...value, rows: value.rows.map((r, j) => (j === i ? { ...r, ...patch } : r)) });

  return (
    <Stack gap="xs" data-testid="restock-items">
      {orderKnown && (
        <Radio.Group label={t('入库商品')} value={value.mode} onChange={(mode) => onChange({ ...value, mode: mode as RestockDraft['mode'] })}>
          <Group gap="md" mt={4}>
            <Radio value="order" label={t('按订单商品全部入库')} />
            <Radio value="named" label={t('指定商品和数量')} />
          </Group>
        </Radio.Group>
      )}
      {named && (
        <>
          {!orderKnown && <Text size="sm" fw={500}>{t('入库商品（没有对应的订单，请指定）')}</Text>}
          {products.isError && <Text size="sm" c="red">{t('卖家的库存商品加载失败')}</Text>}
          {value.rows.map((row, i) => (
            <Group key={i} gap="xs" wrap="nowrap" align="flex-end">
              <NativeSelect aria-label={t('商品')} style={{ flex: 1 }} data={options} value={row.stockProductId} onChange={(e) => setRow(i, { stockProductId: e.currentTarget.value })} />
              <TextInput aria-label={t('数量')} w={80} inputMode="numeric" value={row.quantity} onChange={(e) => setRow(i, { quantity: e.currentTarget.value })} />
              <ActionIcon variant="subtle" color="red" aria-label={t('删除')} disabled={value.rows.length === 1}
                onClick={() => onChange({ ...value, rows: value.rows.filter((_, j) => j !== i) })}>
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
          <Button variant="subtle" size="xs" leftSection={<IconPlus size={14} />} w="fit-content"
            onClick={() => onChange({ ...value, rows: [...value.rows, { stockProductId: '', quantity: '1' }] })}>
            {t('再加一种商品')}
          </Button>
        </>
      )}
      {error && <Text size="sm" c="red" role="alert">{error}</Text>}
    </Stack>
  );
}
