// 新建 / 修改海外仓订单 (FrontAbroadOrder/CreateOrder, UpdateOrder): a store, an overseas warehouse of
// its site and the seller's stock products there with quantities. The server reserves them; a
// product short of stock is refused (409) on the form with its SKU.
import { useState, type FormEvent } from 'react';
import { ActionIcon, Alert, Button, Group, Modal, NumberInput, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { AbroadOrderDto } from '#shared/contracts/overseas.ts';
import { ENUM_CODES, type Site } from '#shared/enums.ts';
import { FormAlert } from '../../components/forms/form-alert.tsx';
import { ModalActions } from '../../components/forms/modal-actions.tsx';
import { useServiceMutation } from '../../components/forms/refusal.ts';
import { useZodForm } from '../../components/forms/use-zod-form.ts';
import { useCodeLabel } from '../../components/code-badge.tsx';
import { useApi } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { ORDER_SERVICES, overseasWarehousesQuery, sellerStoresQuery, warehouseStockQuery } from './queries.ts';

const orderForm = z.object({
  storeId: z.string().min(1, '请选择店铺'),
  warehouseInfoId: z.string().min(1, '请选择海外仓'),
  orderNumber: z.string().trim().min(1, '请输入订单号').max(64, '订单号过长'),
  shippingMethods: z.enum(['1', '2', '3']),
  cargoCategory: z.enum(['1', '2', '3']),
  reMark: z.string().trim().max(512, '备注不能超过 512 个字'),
});

interface Line { stockProductId: string; quantity: number | string }

type OrderBody = {
  storeId: number; warehouseInfoId: number; orderNumber: string; site: Site; shippingMethods: 1 | 2 | 3; cargoCategory: 1 | 2 | 3;
  reMark: string | null; items: { stockProductId: number; quantity: number }[];
};

export function AbroadOrderFormModal({ order, onClose }: { order: AbroadOrderDto | null; onClose: () => void }) {
  const t = useT();
  const api = useApi();
  const label = useCodeLabel();
  const stores = useQuery(sellerStoresQuery(api)).data ?? [];
  const warehouses = useQuery(overseasWarehousesQuery(api)).data?.items ?? [];
  const form = useZodForm(orderForm, {
    storeId: order ? String(order.storeId) : '', warehouseInfoId: order ? String(order.warehouseInfoId) : '', orderNumber: order?.orderNumber ?? '',
    shippingMethods: String(order?.shippingMethods ?? 2) as '2', cargoCategory: String(order?.cargoCategory ?? 1) as '1', reMark: order?.reMark ?? '',
  });
  const [lines, setLines] = useState<Line[]>(
    order ? order.orderProductInfosList.map((l) => ({ stockProductId: String(l.stockProductId ?? ''), quantity: l.quantity })) : [{ stockProductId: '', quantity: 1 }],
  );
  const [linesError, setLinesError] = useState<string | null>(null);
  const warehouseId = form.values.warehouseInfoId ? Number(form.values.warehouseInfoId) : null;
  const products = useQuery(warehouseStockQuery(api, warehouseId)).data?.items ?? [];
  const save = useServiceMutation(ORDER_SERVICES, (a, body: OrderBody) => (order ? a.frontAbroadOrder.updateOrder({ ...body, id: order.id }) : a.frontAbroadOrder.createOrder(body)));

  const setLine = (i: number, patch: Partial<Line>) => setLines((all) => all.map((l, j) => (j === i ? { ...l, ...patch } : l)));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const el = e.currentTarget as HTMLFormElement;
    const v = form.validate(el);
    const items = lines.map((l) => ({ stockProductId: Number(l.stockProductId), quantity: Number(l.quantity) }));
    const badLine = items.some((i) => !Number.isInteger(i.stockProductId) || i.stockProductId <= 0 || !Number.isInteger(i.quantity) || i.quantity < 1);
    setLinesError(badLine ? t('每行请选择商品并填写数量（至少 1 件）') : null);
    if (!v || badLine) return;
    const store = stores.find((s) => s.id === Number(v.storeId));
    const outcome = await save.mutateAsync({
      storeId: Number(v.storeId), warehouseInfoId: Number(v.warehouseInfoId), orderNumber: v.orderNumber, site: (store?.site ?? 'TW') as Site,
      shippingMethods: Number(v.shippingMethods) as 1, cargoCategory: Number(v.cargoCategory) as 1, reMark: v.reMark || null, items,
    });
    if (!outcome.ok) return form.showRefusal(outcome.refusal, el);
    notifications.show({ color: 'teal', message: order ? t('已保存') : t('已下单，库存已占用：{0}', outcome.value.tradeNo) });
    onClose();
  };

  return (
    <Modal opened onClose={save.isPending ? () => {} : onClose} title={order ? t('修改海外仓订单 {0}', order.tradeNo) : t('新建海外仓订单')} centered size="lg">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <FormAlert message={form.formError} />
          <Group grow align="start">
            <Select label={t('店铺')} withAsterisk searchable data={stores.map((s) => ({ value: String(s.id), label: `${s.storeName}（${label('Site', s.site)}）` }))}
              value={form.values.storeId || null} onChange={(v) => form.setValue('storeId', v ?? '')} error={form.errors.storeId} />
            <Select label={t('海外仓')} withAsterisk data={warehouses.map((w) => ({ value: String(w.id), label: w.warehouseName }))}
              value={form.values.warehouseInfoId || null} onChange={(v) => form.setValue('warehouseInfoId', v ?? '')} error={form.errors.warehouseInfoId} />
          </Group>
          <Group grow align="start">
            <TextInput label={t('订单号')} withAsterisk {...form.text('orderNumber')} />
            <Select label={t('物流方式')} allowDeselect={false} data={ENUM_CODES.ShippingMethod.map((c) => ({ value: String(c), label: label('ShippingMethod', c) }))}
              value={form.values.shippingMethods} onChange={(v) => form.setValue('shippingMethods', (v ?? '2') as '2')} />
            <Select label={t('货物类型')} allowDeselect={false} data={ENUM_CODES.CargoCategory.map((c) => ({ value: String(c), label: label('CargoCategory', c) }))}
              value={form.values.cargoCategory} onChange={(v) => form.setValue('cargoCategory', (v ?? '1') as '1')} />
          </Group>
          <Text fw={600} size="sm">{t('商品（从该海外仓的库存发货）')}</Text>
          {warehouseId === null && <Text size="sm" c="dimmed">{t('先选择海外仓')}</Text>}
          {lines.map((line, i) => (
            <Group key={i} align="end" wrap="nowrap" data-testid="order-line">
              <Select style={{ flex: 1 }} label={i === 0 ? t('商品') : undefined} searchable placeholder={t('选择商品')} disabled={warehouseId === null}
                data={products.map((p) => ({ value: String(p.id), label: t('{0} {1}（可用 {2}）', p.productSku, p.productName, p.available) }))}
                value={line.stockProductId || null} onChange={(v) => setLine(i, { stockProductId: v ?? '' })} aria-label={t('商品')} />
              <NumberInput w={110} label={i === 0 ? t('数量') : undefined} min={1} allowDecimal={false} value={line.quantity}
                onChange={(v) => setLine(i, { quantity: v })} aria-label={t('数量')} />
              <ActionIcon variant="subtle" color="red" size="lg" aria-label={t('删除此行')} disabled={lines.length === 1}
                onClick={() => setLines((all) => all.filter((_, j) => j !== i))}><IconTrash size={16} /></ActionIcon>
            </Group>
          ))}
          {linesError && <Alert color="red" variant="light">{linesError}</Alert>}
          <Button variant="subtle" leftSection={<IconPlus size={16} />} onClick={() => setLines((all) => [...all, { stockProductId: '', quantity: 1 }])} w="fit-content">
            {t('添加商品')}
          </Button>
          <Textarea label={t('备注')} rows={2} {...form.text('reMark')} />
          <ModalActions onCancel={onClose} saving={save.isPending} submitLabel={order ? t('保存') : t('下单')} />
        </Stack>
      </form>
    </Modal>
  );
}
