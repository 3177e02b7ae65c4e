// The dialogs on one stock product. The seller's: 安全库存 (EditSafeStockNum), 编辑 (EditStockProduct),
// 出入库记录 (GetInOutStockRecord). The warehouse's: 盘点 (CreateStockNum: the counted quantity and a
// reason), 货架 (EditShelfPosition), 上架费 (SettingShelfCost), 仓储费 (SetStockCost), 预入库
// (EditPreStockNum). Refusals (409, 400) show on the form.
import { useState } from 'react';
import { Alert, Code, Group, Modal, Pagination, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { StockProductDto } from '#shared/contracts/inventory.ts';
import { plainPoints } from '#shared/money.ts';
import { CodeBadge } from '../../components/code-badge.tsx';
import { FormDialog } from '../../components/forms/form-dialog.tsx';
import { intText, optionalPointsText, pointsText } from '../../components/forms/number-text.ts';
import { useServiceMutation } from '../../components/forms/refusal.ts';
import { useZodForm } from '../../components/forms/use-zod-form.ts';
import { errorMessage, formatDateTime } from '../../components/list-page/index.ts';
import { PlainTable } from '../../components/plain-table.tsx';
import { useApi } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { STOCK_SERVICES, inOutRecordQuery } from './queries.ts';
import { formSubmit } from './submit.ts';

interface ProductModalProps { product: StockProductDto; onClose: () => void }

const title = (p: StockProductDto) => `${p.productSku}（${p.barCode}）`;
const wholeText = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));

const safeForm = z.object({ safestockNumber: intText('安全库存', 0) });

export function SafeStockModal({ product, onClose }: ProductModalProps) {
  const t = useT();
  const form = useZodForm(safeForm, { safestockNumber: wholeText(product.safeStockNumber) });
  const save = useServiceMutation(STOCK_SERVICES, (a, v: z.output<typeof safeForm>) => a.frontStockProduct.editSafeStockNum({ id: product.id, ...v }));
  const submit = formSubmit(form, (v) => save.mutateAsync(v), onClose);
  return (
    <FormDialog
      title={t('安全库存：{0}', title(product))}
      onClose={onClose} onSubmit={submit} saving={save.isPending} formError={form.formError}
    >
      <TextInput
        label={t('安全库存（件）')} withAsterisk inputMode="numeric" {...form.text('safestockNumber')}
        description={t('可用数量低于它时通知您；0 表示不提醒。当前可用 {0} 件', product.available)}
      />
    </FormDialog>
  );
}

const editForm = z.object({
  productName: z.string().trim().min(1, '请输入商品名称').max(256, '商品名称不能超过 256 个字'),
  productType: z.string().trim().max(64, '商品类型不能超过 64 个字'),
  barCode: z.string().trim().min(1, '请输入商品条码').max(64, '商品条码过长').regex(/^[\x21-\x7e]+$/, '条码只能包含英文字母、数字和符号'),
  remark: z.string().trim().max(512, '备注不能超过 512 个字'),
});

export function EditProductModal({ product, onClose }: ProductModalProps) {
  const t = useT();
  const form = useZodForm(editForm, {
    productName: product.productName, productType: product.productType ?? '', barCode: product.barCode, remark: product.remark ?? '',
  });
  const save = useServiceMutation(STOCK_SERVICES, (a, v: z.output<typeof editForm>) =>
    a.frontStockProduct.editStockProduct({
      id: product.id, productName: v.productName, productType: v.productType || null, barCode: v.barCode, remark: v.remark || null,
    }));
  const submit = formSubmit(form, (v) => save.mutateAsync(v), onClose);
  return (
    <FormDialog
      title={t('编辑商品：{0}', product.productSku)}
      onClose={onClose} onSubmit={submit} saving={save.isPending} formError={form.formError}
    >
      <TextInput label={t('商品名称')} withAsterisk {...form.text('productName')} />
      <TextInput label={t('商品类型')} {...form.text('productType')} />
      <TextInput label={t('商品条码')} withAsterisk description={t('改为商品自带的条码后，请重新打印标签')} {...form.text('barCode')} />
      <Textarea label={t('备注')} rows={2} {...form.text('remark')} />
    </FormDialog>
  );
}

/** The seller's view of one product's movements (FrontStockProduct/GetInOutStockRecord), paged. */
export function InOutRecordModal({ product, onClose }: ProductModalProps) {
  const t = useT();
  const api = useApi();
  const [page, setPage] = useState(1);
  const list = useQuery({ ...inOutRecordQuery(api, product.id, page), placeholderData: keepPreviousData });
  const pages = Math.max(1, Math.ceil((list.data?.totalCount ?? 0) / 10));
  return (
    <Modal opened onClose={onClose} title={t('出入库记录：{0}', title(product))} centered size="xl">
      <Stack gap="sm">
        <Text size="sm">{t('库存 {0} · 已占用 {1} · 可用 {2}', product.inventory, product.reserved, product.available)}</Text>
        {list.isError && <Alert color="red" variant="light">{errorMessage(list.error)}</Alert>}
        <PlainTable striped data-testid="in-out-records">
          <thead>
            <tr><th>{t('时间')}</th><th>{t('类型')}</th><th>{t('数量')}</th><th>{t('变动后库存')}</th><th>{t('货架')}</th><th>{t('单号')}</th><th>{t('备注')}</th></tr>
          </thead>
          <tbody>
            {(list.data?.items ?? []).map((r) => (
              <tr key={r.id}>
                <td>{formatDateTime(r.creationTime)}</td>
                <td><CodeBadge name="ListedType" code={r.type} /></td>
                <td style={{ fontWeight: 700, color: `var(--mantine-color-${r.quantity < 0 ? 'red-7' : 'green-8'})` }}>
                  {r.quantity > 0 ? `+${r.quantity}` : r.quantity}
                </td>
                <td>{r.inventoryAfter}</td>
                <td>{r.shelfPosition ?? '—'}</td>
                <td>{r.tradeNo ? <Code>{r.tradeNo}</Code> : '—'}</td>
                <td>{r.remark ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </PlainTable>
        {list.data?.items.length === 0 && <Text c="dimmed" ta="center" size="sm">{t('暂无数据')}</Text>}
        {pages > 1 && <Group justify="center"><Pagination total={pages} value={page} onChange={setPage} size="sm" /></Group>}
      </Stack>
    </Modal>
  );
}

const countForm = z.object({ stocknum: intText('盘点数量', 0), reason: z.string().trim().min(1, '请填写盘点原因').max(256, '原因不能超过 256 个字') });

/** 盘点: the quantity counted on the shelf; the server writes one 盘点调整 row with the difference. */
export function CountModal({ product, onClose }: ProductModalProps) {
  const t = useT();
  const form = useZodForm(countForm, { stocknum: wholeText(product.inventory), reason: '' });
  const save = useServiceMutation(STOCK_SERVICES, (a, v: z.output<typeof countForm>) => a.backStockProduct.createStockNum({ id: product.id, ...v }));
  const submit = formSubmit(form, (v) => save.mutateAsync(v), onClose);
  const counted = Number(form.values.stocknum);
  const delta = /^\d+$/.test(form.values.stocknum.trim()) ? counted - product.inventory : null;
  return (
    <FormDialog
      title={t('盘点：{0}', title(product))}
      onClose={onClose} onSubmit={submit} saving={save.isPending} formError={form.formError} submitLabel={t('确认盘点')}
    >
      <Text size="sm">{t('系统库存 {0} 件（已占用 {1}），货架 {2}', product.inventory, product.reserved, product.shelfPosition ?? '—')}</Text>
      <TextInput
        label={t('实盘数量（件）')} withAsterisk inputMode="numeric" {...form.text('stocknum')}
        description={delta === null || delta === 0 ? t('与系统库存一致时不产生调整') : t('将调整 {0} 件', delta > 0 ? `+${delta}` : delta)}
      />
      <Textarea label={t('原因')} withAsterisk rows={2} {...form.text('reason')} />
    </FormDialog>
  );
}

const shelfForm = z.object({
  shelfPosition: z.string().trim().toUpperCase().min(1, '请输入货架号').max(32, '货架号过长')
    .regex(/^[A-Z0-9]+(-[A-Z0-9]+)*$/, '货架号只能包含字母、数字和连字符（如 A-01-02）'),
});

export function ShelfPositionModal({ product, onClose }: ProductModalProps) {
  const t = useT();
  const form = useZodForm(shelfForm, { shelfPosition: product.shelfPosition ?? '' });
  const save = useServiceMutation(STOCK_SERVICES, (a, v: z.output<typeof shelfForm>) => a.backStockProduct.editShelfPosition({ id: product.id, ...v }));
  const submit = formSubmit(form, (v) => save.mutateAsync(v), onClose);
  return (
    <FormDialog
      title={t('移动货架：{0}', title(product))}
      onClose={onClose} onSubmit={submit} saving={save.isPending} formError={form.formError}
    >
      <TextInput label={t('货架号')} withAsterisk description={t('商品和它的 {0} 件库存一起移到这个货架', product.inventory)} {...form.text('shelfPosition')} />
    </FormDialog>
  );
}

const shelfCostForm = z.object({ onlyOneShelfCost: pointsText('上架费') });

export function ShelfCostModal({ product, onClose }: ProductModalProps) {
  const t = useT();
  const form = useZodForm(shelfCostForm, { onlyOneShelfCost: product.onlyOneShelfCost === null ? '' : plainPoints(product.onlyOneShelfCost) });
  const save = useServiceMutation(STOCK_SERVICES, (a, v: z.output<typeof shelfCostForm>) => a.backStockProduct.settingShelfCost({ id: product.id, ...v }));
  const submit = formSubmit(form, (v) => save.mutateAsync(v), onClose);
  return (
    <FormDialog title={t('上架费：{0}', title(product))} onClose={onClose} onSubmit={submit} saving={save.isPending} formError={form.formError}>
      <TextInput label={t('上架费（积分/件）')} withAsterisk inputMode="decimal" description={t('扣上架费时按上架件数一次性收取')} {...form.text('onlyOneShelfCost')} />
    </FormDialog>
  );
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const stockCostForm = z.object({
  deductIntegral: optionalPointsText('仓储费'),
  deductionCycle: z.string().trim().refine((v) => v === '' || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 365), '扣费周期须为 1–365 天')
    .transform((v) => (v === '' ? null : Number(v))),
  beginDeductionTime: z.string().trim().refine((v) => v === '' || DAY.test(v), '开始日期无效'),
});

/** 仓储费: points per item every deductionCycle days from a day (Asia/Shanghai); empty fields fall back to the store's. */
export function StockCostModal({ product, onClose }: ProductModalProps) {
  const t = useT();
  const form = useZodForm(stockCostForm, {
    deductIntegral: product.deductIntegral === null ? '' : plainPoints(product.deductIntegral), deductionCycle: wholeText(product.deductionCycle),
    beginDeductionTime: product.beginDeductionTime ? formatDateTime(product.beginDeductionTime).slice(0, 10) : '',
  });
  const save = useServiceMutation(STOCK_SERVICES, (a, v: z.output<typeof stockCostForm>) => a.backStockProduct.setStockCost({
    id: product.id, deductIntegral: v.deductIntegral, deductionCycle: v.deductionCycle,
    beginDeductionTime: v.beginDeductionTime ? `${v.beginDeductionTime}T00:00:00+08:00` : null,
  }));
  const submit = formSubmit(form, (v) => save.mutateAsync(v), onClose);
  return (
    <FormDialog title={t('仓储费：{0}', title(product))} onClose={onClose} onSubmit={submit} saving={save.isPending} formError={form.formError}>
      <Text size="sm" c="dimmed">{t('留空则按店铺的仓储费设置')}</Text>
      <TextInput label={t('仓储费（积分/件）')} inputMode="decimal" {...form.text('deductIntegral')} />
      <TextInput label={t('扣费周期（天）')} inputMode="numeric" {...form.text('deductionCycle')} />
      <TextInput label={t('开始扣费日期')} type="date" {...form.text('beginDeductionTime')} />
    </FormDialog>
  );
}

const preForm = z.object({ prestockNumber: intText('预入库数量', 0) });

export function PreStockModal({ product, onClose }: ProductModalProps) {
  const t = useT();
  const form = useZodForm(preForm, { prestockNumber: wholeText(product.preStockNumber) });
  const save = useServiceMutation(STOCK_SERVICES, (a, v: z.output<typeof preForm>) => a.backStockProduct.editPreStockNum({ id: product.id, ...v }));
  const submit = formSubmit(form, (v) => save.mutateAsync(v), onClose);
  return (
    <FormDialog title={t('预入库：{0}', title(product))} onClose={onClose} onSubmit={submit} saving={save.isPending} formError={form.formError}>
      <TextInput label={t('预入库数量（件）')} withAsterisk inputMode="numeric" description={t('预计到仓的数量，仅供计划，不改变库存')} {...form.text('prestockNumber')} />
    </FormDialog>
  );
}
