// /frontstock/createstockorder — 新建囤货订单 (FrontStockOrder/CreateStockOrder): the seller picks a
// store and, per line, one of their stock products or combinations with a quantity. The server
// reserves everything at once; a short product refuses the whole order with its SKU (shown here).
import { useState, type FormEvent } from 'react';
import { ActionIcon, Button, FileInput, Group, NumberInput, Paper, Select, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { ENUM_CODES, labelKey, SHIPPING_METHOD } from '#shared/enums.ts';
import { FormAlert } from '../../components/forms/form-alert.tsx';
import { refusalText, useServiceMutation } from '../../components/forms/refusal.ts';
import { useApi } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { uploadFile } from '../../lib/upload.ts';
import { useAuth } from '../../lib/use-auth.ts';
import { queryOf } from '../../lib/query-of.ts';

interface Line { key: number; pick: string | null; quantity: number | string }

type CreateInput = Parameters<ReturnType<typeof useApi>['frontStockOrder']['createStockOrder']>[0];

export function CreateStockOrderPage({ onCreated }: { onCreated: (id: number) => void }) {
  const t = useT();
  const api = useApi();
  const auth = useAuth();
  const stores = useQuery(queryOf(api, 'FrontOrder', 'getStoreList', {}));
  const products = useQuery(queryOf(api, 'FrontStockProduct', 'getStockProductList', { pageSize: 500 }));
  const combinations = useQuery(queryOf(api, 'FrontStockProduct', 'getCombinationList', { pageSize: 500 }));
  const [storeId, setStoreId] = useState<string | null>(null);
  const [orderNumber, setOrderNumber] = useState('');
  const [shippingMethods, setShipping] = useState<string>(String(SHIPPING_METHOD.thirdParty));
  const [cargoCategory, setCargo] = useState<string>('1');
  const [pdf, setPdf] = useState<File | null>(null);
  const [reMark, setReMark] = useState('');
  const [lines, setLines] = useState<Line[]>([{ key: 1, pick: null, quantity: 1 }]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const create = useServiceMutation(['FrontStockOrder', 'FrontStockProduct'], (a, input: CreateInput) => a.frontStockOrder.createStockOrder(input));

  const options = [
    { group: t('库存商品'), items: (products.data?.items ?? []).map((p) => ({ value: `P:${p.id}`, label: `${p.productSku} · ${p.productName}（${t('可用')} ${p.available}）` })) },
    { group: t('组合商品'), items: (combinations.data?.items ?? []).map((c) => ({ value: `C:${c.id}`, label: `${c.productSku} · ${c.productName}（${t('可组')} ${c.available}）` })) },
  ];
  const setLine = (key: number, patch: Partial<Line>) => setLines((list) => list.map((l) => (l.key === key ? { ...l, ...patch } : l)));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const store = stores.data?.find((s) => String(s.id) === storeId);
    if (!store) return setError(t('请选择店铺'));
    if (!orderNumber.trim()) return setError(t('请输入订单号'));
    const items = lines.filter((l) => l.pick).map((l) => {
      const [kind, id] = l.pick!.split(':');
      return kind === 'C' ? { combinationId: Number(id), quantity: Number(l.quantity) } : { stockProductId: Number(id), quantity: Number(l.quantity) };
    });
    if (items.length === 0) return setError(t('至少需要一行商品'));
    setBusy(true);
    try {
      const pdfGuid = pdf ? (await uploadFile(auth, pdf)).guid : null;
      const outcome = await create.mutateAsync({
        storeId: store.id, orderNumber: orderNumber.trim(), site: store.site, shippingMethods: Number(shippingMethods) as 1 | 2 | 3,
        cargoCategory: Number(cargoCategory) as 1 | 2 | 3, pdfGuid, items, reMark: reMark.trim() || null,
      });
      if (!outcome.ok) return setError(refusalText(outcome.refusal));
      onCreated(outcome.value.id);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder radius="md" p="lg" maw={900} data-testid="create-stock-order">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <Title order={4}>{t('新建囤货订单')}</Title>
          <FormAlert message={error} />
          <Group grow>
            <Select label={t('店铺')} withAsterisk value={storeId} onChange={setStoreId}
              data={(stores.data ?? []).map((s) => ({ value: String(s.id), label: `${s.storeName}（${s.site}）` }))} />
            <TextInput label={t('订单号')} withAsterisk value={orderNumber} onChange={(e) => setOrderNumber(e.currentTarget.value)} maxLength={64} />
          </Group>
          <Group grow>
            <Select label={t('物流方式')} value={shippingMethods} onChange={(v) => setShipping(v ?? '2')} allowDeselect={false}
              data={ENUM_CODES.ShippingMethod.map((c) => ({ value: String(c), label: t(labelKey('ShippingMethod', c)) }))} />
            <Select label={t('货物类别')} value={cargoCategory} onChange={(v) => setCargo(v ?? '1')} allowDeselect={false}
              data={[1, 2, 3].map((c) => ({ value: String(c), label: t(labelKey('CargoCategory', c)) }))} />
          </Group>
          {Number(shippingMethods) === SHIPPING_METHOD.shopeeSls && (
            <FileInput label={t('面单 PDF')} accept="application/pdf" value={pdf} onChange={setPdf} withAsterisk />
          )}
          {lines.map((l) => (
            <Group key={l.key} align="flex-end" wrap="nowrap" data-testid="stock-order-line">
              <Select label={t('商品')} data={options} searchable value={l.pick} onChange={(v) => setLine(l.key, { pick: v })} style={{ flex: 1 }} />
              <NumberInput label={t('数量')} min={1} max={100000} w={110} value={l.quantity} onChange={(v) => setLine(l.key, { quantity: v })} />
              <ActionIcon variant="subtle" color="red" size="lg" aria-label={t('删除')} disabled={lines.length === 1}
                onClick={() => setLines((list) => list.filter((x) => x.key !== l.key))}><IconTrash size={18} /></ActionIcon>
            </Group>
          ))}
          <Button variant="light" leftSection={<IconPlus size={16} />} w="fit-content"
            onClick={() => setLines((list) => [...list, { key: Math.max(...list.map((x) => x.key)) + 1, pick: null, quantity: 1 }])}>{t('添加一行')}</Button>
          <Textarea label={t('备注')} value={reMark} onChange={(e) => setReMark(e.currentTarget.value)} maxLength={512} />
          <Group justify="flex-end"><Button type="submit" loading={busy}>{t('提交订单')}</Button></Group>
        </Stack>
      </form>
    </Paper>
  );
}
