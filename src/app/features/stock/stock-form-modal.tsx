// The seller's declare form (FrontStock/EditStock: a new record, or an edit while 0 待到货) and its
// 补充信息 (SupplementStockInfo: the product's details at any status but 6). One record carries one
// product (productSku, productNums); two products are two records (issue 13, Contract).
import { useState } from 'react';
import { Anchor, FileInput, Group, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconPhoto } from '@tabler/icons-react';
import { z } from 'zod';
import type { StockRecordDto } from '#shared/contracts/stock.ts';
import { labelKey } from '#shared/enums.ts';
import { normalizeTrackingNumber, TRACKING_NUMBER_MESSAGE, TRACKING_NUMBER_PATTERN } from '#shared/tracking-number.ts';
import { FormAlert } from '../../components/forms/form-alert.tsx';
import { FormDialog } from '../../components/forms/form-dialog.tsx';
import { cmText, intText, optionalKgText, optionalPointsText } from '../../components/forms/number-text.ts';
import { useServiceMutation } from '../../components/forms/refusal.ts';
import { useZodForm } from '../../components/forms/use-zod-form.ts';
import { useApi } from '../../lib/api.ts';
import { hasGuid, userImageUrl } from '../../lib/file-links.ts';
import { useT } from '../../lib/i18n.ts';
import { UploadError, type Uploader } from '../../lib/upload.ts';
import { STOCK_SERVICES, sellerStoresQuery } from './queries.ts';
import { useWarehouseChoices } from './use-warehouses.ts';
import { formSubmit } from './submit.ts';

const optionalText = (label: string, max: number) => z.string().trim().max(max, `${label}不能超过 ${max} 个字`);

const details = {
  productType: optionalText('商品类型', 64),
  purchaseCost: optionalPointsText('采购成本'),
  productLink: optionalText('商品链接', 512),
  productLong: cmText('长'),
  productWide: cmText('宽'),
  productHigh: cmText('高'),
  productWeight: optionalKgText('单件重量'),
  remark: optionalText('备注', 512),
};

const declareForm = z.object({
  storeId: z.string().min(1, '请选择店铺'),
  warehouseInfoId: z.string().min(1, '请选择仓库'),
  productSku: z.string().trim().min(1, '请输入 SKU').max(128, 'SKU 不能超过 128 个字'),
  productName: z.string().trim().min(1, '请输入商品名称').max(256, '商品名称不能超过 256 个字'),
  productNums: intText('商品数量'),
  packageNums: intText('箱数', 0),
  logisticsNumber: z.string().overwrite(normalizeTrackingNumber).min(4, '请输入物流单号（至少 4 位）').max(64, '物流单号过长').regex(TRACKING_NUMBER_PATTERN, TRACKING_NUMBER_MESSAGE),
  ...details,
});
const supplementForm = z.object(details);

type DetailValues = Record<keyof typeof details, string>;
const text = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));
const detailValues = (r: StockRecordDto | null): DetailValues => ({
  productType: text(r?.productType), purchaseCost: text(r?.purchaseCost), productLink: text(r?.productLink),
  productLong: text(r?.productLong), productWide: text(r?.productWide), productHigh: text(r?.productHigh),
  productWeight: text(r?.productWeight), remark: text(r?.remark),
});
const detailInput = (v: z.output<typeof supplementForm>, productImgGuid: string | null) => ({
  productType: v.productType || null, purchaseCost: v.purchaseCost, productLink: v.productLink || null, productImgGuid,
  productLong: v.productLong, productWide: v.productWide, productHigh: v.productHigh, productWeight: v.productWeight, remark: v.remark || null,
});

export type StockFormMode = { kind: 'declare' } | { kind: 'edit'; record: StockRecordDto } | { kind: 'supplement'; record: StockRecordDto };

/** The product photo: uploaded when picked (File/UploadFile), its guid goes with the form. */
function ProductImage({ guid, onChange, upload }: { guid: string | null; onChange: (guid: string | null) => void; upload: Uploader }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pick = async (file: File | null) => {
    setError(null);
    if (!file) return onChange(null);
    setBusy(true);
    try {
      onChange((await upload(file)).guid);
    } catch (err) {
      setError(err instanceof UploadError ? err.message : t('上传失败，请重试'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap={4}>
      <FileInput
        label={t('商品图片')} accept="image/jpeg,image/png,image/webp" clearable leftSection={<IconPhoto size={16} />}
        placeholder={hasGuid(guid) ? t('已上传，选择新图片替换') : t('选择图片（可选）')} error={error} disabled={busy} onChange={(f) => void pick(f)}
      />
      {busy && <Text size="xs" c="dimmed">{t('上传中…')}</Text>}
      {hasGuid(guid) && !busy && <Anchor size="xs" href={userImageUrl(guid)} target="_blank" rel="noreferrer">{t('查看图片')}</Anchor>}
    </Stack>
  );
}

function DetailFields({ form }: { form: { text: (key: keyof DetailValues) => { value: string; onChange: (e: never) => void; error: string | undefined } } }) {
  const t = useT();
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label={t('商品类型')} {...form.text('productType')} />
        <TextInput label={t('采购成本（积分/件）')} inputMode="decimal" {...form.text('purchaseCost')} />
      </SimpleGrid>
      <TextInput label={t('商品链接')} {...form.text('productLink')} />
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <TextInput label={t('长（cm）')} inputMode="decimal" {...form.text('productLong')} />
        <TextInput label={t('宽（cm）')} inputMode="decimal" {...form.text('productWide')} />
        <TextInput label={t('高（cm）')} inputMode="decimal" {...form.text('productHigh')} />
        <TextInput label={t('单件重量（kg）')} inputMode="decimal" {...form.text('productWeight')} />
      </SimpleGrid>
      <Textarea label={t('备注')} rows={2} {...form.text('remark')} />
    </>
  );
}

export function StockFormModal({ mode, upload, onClose }: { mode: StockFormMode; upload: Uploader; onClose: () => void }) {
  return mode.kind === 'supplement'
    ? <SupplementModal record={mode.record} upload={upload} onClose={onClose} />
    : <DeclareModal record={mode.kind === 'edit' ? mode.record : null} upload={upload} onClose={onClose} />;
}

function DeclareModal({ record, upload, onClose }: { record: StockRecordDto | null; upload: Uploader; onClose: () => void }) {
  const t = useT();
  const api = useApi();
  const stores = useQuery(sellerStoresQuery(api));
  const warehouses = useWarehouseChoices();
  const [imageGuid, setImageGuid] = useState<string | null>(record?.productImgGuid ?? null);
  const form = useZodForm(declareForm, {
    storeId: text(record?.storeId), warehouseInfoId: text(record?.warehouseInfoId),
    productSku: record?.productSku ?? '', productName: record?.productName ?? '',
    productNums: text(record?.productNums), packageNums: text(record?.packageNums ?? 1), logisticsNumber: record?.logisticsNumber ?? '',
    ...detailValues(record),
  });
  const save = useServiceMutation(STOCK_SERVICES, (a, v: z.output<typeof declareForm>) => a.frontStock.editStock({
    ...(record ? { id: record.id } : {}),
    storeId: Number(v.storeId), warehouseInfoId: Number(v.warehouseInfoId), productSku: v.productSku, productName: v.productName,
    productNums: v.productNums, packageNums: v.packageNums, logisticsNumber: v.logisticsNumber.toUpperCase(), ...detailInput(v, imageGuid),
  }));

  const submit = formSubmit(form, (v) => save.mutateAsync(v), onClose);

  const storeOptions = (stores.data ?? []).map((s) => ({
    value: String(s.id), label: `${s.storeName}（${t(labelKey('Site', s.site))}）`, disabled: !s.whetherEffective,
  }));
  return (
    <FormDialog
      title={record ? t('修改囤货单：{0}', record.tradeNo) : t('申报囤货')}
      onClose={onClose} onSubmit={submit} saving={save.isPending} formError={form.formError} submitLabel={record ? t('保存') : t('提交')} size="lg"
    >
      {stores.data?.length === 0 && <FormAlert message={t('您还没有可用的店铺，请联系仓库为您添加店铺')} />}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label={t('店铺')} withAsterisk data={storeOptions} searchable value={form.values.storeId || null}
          onChange={(v) => form.setValue('storeId', v ?? '')} error={form.errors.storeId} placeholder={t('请选择店铺')}
        />
        <Select
          label={t('仓库')} withAsterisk data={warehouses.select}
          value={form.values.warehouseInfoId || null} onChange={(v) => form.setValue('warehouseInfoId', v ?? '')} error={form.errors.warehouseInfoId}
          placeholder={t('请选择仓库')}
        />
        <TextInput label="SKU" withAsterisk {...form.text('productSku')} />
        <TextInput label={t('商品名称')} withAsterisk {...form.text('productName')} />
        <TextInput label={t('商品数量（件）')} withAsterisk inputMode="numeric" {...form.text('productNums')} />
        <TextInput label={t('箱数')} withAsterisk inputMode="numeric" {...form.text('packageNums')} />
      </SimpleGrid>
      <TextInput label={t('物流单号')} withAsterisk description={t('寄往仓库的快递单号：到仓签收时按它标记已到货')} {...form.text('logisticsNumber')} />
      <DetailFields form={form} />
      <ProductImage guid={imageGuid} onChange={setImageGuid} upload={upload} />
    </FormDialog>
  );
}

function SupplementModal({ record, upload, onClose }: { record: StockRecordDto; upload: Uploader; onClose: () => void }) {
  const t = useT();
  const [imageGuid, setImageGuid] = useState<string | null>(record.productImgGuid);
  const form = useZodForm(supplementForm, detailValues(record));
  const save = useServiceMutation(STOCK_SERVICES, (a, v: z.output<typeof supplementForm>) =>
    a.frontStock.supplementStockInfo({ id: record.id, ...detailInput(v, imageGuid) }));
  const submit = formSubmit(form, (v) => save.mutateAsync(v), onClose);
  return (
    <FormDialog
      title={t('补充信息：{0}', record.tradeNo)}
      onClose={onClose} onSubmit={submit} saving={save.isPending} formError={form.formError} submitLabel={t('保存')} size="lg"
    >
      <Group gap="xs">
        <Text size="sm" c="dimmed">SKU</Text><Text size="sm" fw={600}>{record.productSku}</Text><Text size="sm">{record.productName}</Text>
      </Group>
      <DetailFields form={form} />
      <ProductImage guid={imageGuid} onChange={setImageGuid} upload={upload} />
    </FormDialog>
  );
}
