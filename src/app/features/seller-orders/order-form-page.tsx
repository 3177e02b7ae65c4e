// 新建订单 / 编辑订单 (/front/order[?id=]). Client checks in Chinese first; a 400 from the server puts
// each message next to its field (order lines included), a 409 shows its sentence above the form.
import { useRef, useState, type FormEvent } from 'react';
import {
  Anchor, Button, Center, Fieldset, FileInput, Grid, Group, Loader, Paper, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput, Textarea, Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconFileTypePdf, IconPlus, IconTrash } from '@tabler/icons-react';
import { useApi } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { useCodeLabel } from '../../components/code-badge.tsx';
import { errorMessage } from '../../components/list-page/errors.ts';
import { FormAlert } from '../../components/forms/form-alert.tsx';
import { orderInfoQuery, storeListQuery, warehouseOptionsQuery } from './order-queries.ts';
import { useSaveOrder } from './order-mutations.ts';
import { canOrder } from '#shared/rules/orders.ts';
import { checkOrder, emptyLine, fieldOfMember, initialValues, lineKey, type FormErrors, type LineField, type LineValues, type OrderFormValues } from './order-form-model.ts';
import { pdfUrl, type Uploader } from './upload.ts';

export interface OrderFormPageProps {
  /** Edit this order; absent creates one. */
  id?: number;
  upload: Uploader;
  onSaved: (orderId: number) => void;
  onCancel: () => void;
}

export function OrderFormPage({ id, upload, onSaved, onCancel }: OrderFormPageProps) {
  const api = useApi();
  const t = useT();
  const stores = useQuery(storeListQuery(api));
  const warehouses = useQuery(warehouseOptionsQuery(api));
  const order = useQuery({ ...orderInfoQuery(api, id ?? 0), enabled: id !== undefined });
  const failed = stores.error ?? warehouses.error ?? order.error;
  if (failed) return <FormAlert message={errorMessage(failed)} />;
  if (!stores.data || !warehouses.data || (id !== undefined && !order.data)) {
    return <Center h={200}><Loader type="dots" aria-label={t('加载中')} /></Center>;
  }
  if (order.data && !canOrder('sellerUpdate', order.data)) {
    return <FormAlert message={t('订单 {0} 已打包或已关闭，不能再修改', order.data.tradeNo)} />;
  }
  const enabled = warehouses.data.items.filter((w) => w.isEnabled);
  return (
    <OrderForm
      id={id}
      stores={stores.data}
      warehouses={enabled}
      initial={initialValues(order.data, stores.data, enabled)}
      upload={upload}
      onSaved={onSaved}
      onCancel={onCancel}
    />
  );
}

interface OrderFormProps extends OrderFormPageProps {
  stores: NonNullable<ReturnType<typeof useQuery<import('#shared/contracts/orders.ts').StoreDto[]>>['data']>;
  warehouses: { id: number; warehouseName: string }[];
  initial: OrderFormValues;
}

function OrderForm({ id, stores, warehouses, initial, upload, onSaved, onCancel }: OrderFormProps) {
  const t = useT();
  const label = useCodeLabel();
  const save = useSaveOrder();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<OrderFormValues>(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  const clear = (...keys: string[]) =>
    setErrors((e) => (keys.some((k) => e[k]) ? Object.fromEntries(Object.entries(e).filter(([k]) => !keys.includes(k))) : e));
  const set = <K extends keyof OrderFormValues>(key: K, value: OrderFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    clear(key);
  };
  const setLine = (index: number, field: LineField, value: string) => {
    setValues((v) => ({ ...v, lines: v.lines.map((l, i) => (i === index ? { ...l, [field]: value } : l)) }));
    clear(lineKey(index, field));
  };
  // Line errors are keyed by position: removing a line drops all of them rather than shifting.
  const addLine = () => {
    setValues((v) => ({ ...v, lines: [...v.lines, emptyLine()] }));
    clear('lines');
  };
  const removeLine = (index: number) => {
    setValues((v) => ({ ...v, lines: v.lines.filter((_, i) => i !== index) }));
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !k.startsWith('lines.'))));
  };

  const focusFirstError = () =>
    setTimeout(() => {
      const target = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]');
      if (target?.matches('input, textarea')) target.focus();
      target?.scrollIntoView?.({ block: 'center' });
    }, 0);

  const pickPdf = async (file: File | null) => {
    if (!file) return setValues((v) => ({ ...v, pdfGuid: null, pdfName: null }));
    setUploading(true);
    try {
      const uploaded = await upload(file);
      setValues((v) => ({ ...v, pdfGuid: uploaded.guid, pdfName: uploaded.fileName }));
      clear('pdfGuid');
    } catch (err) {
      setErrors((e) => ({ ...e, pdfGuid: t('上传失败：{0}', errorMessage(err)) }));
    } finally {
      setUploading(false);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const checked = checkOrder(values, stores, t);
    if (checked.errors) {
      setErrors(checked.errors);
      focusFirstError();
      return;
    }
    setErrors({});
    const outcome = await save.mutateAsync({ id, body: checked.body });
    if (outcome.ok) return onSaved(outcome.value.id);
    const err = outcome.refusal;
    const fieldErrors: FormErrors = {};
    const other: string[] = [];
    for (const v of err.status === 400 ? (err.validationErrors ?? []) : []) {
      const key = v.members.map(fieldOfMember).find((k): k is string => k !== null);
      if (key) fieldErrors[key] ??= v.message;
      else other.push(v.message);
    }
    setErrors(fieldErrors);
    setFormError(other.length ? other.join('；') : Object.keys(fieldErrors).length ? null : err.message);
    focusFirstError();
  };

  const store = stores.find((s) => String(s.id) === values.storeId);
  const storeOptions = stores.map((s) => ({ value: String(s.id), label: `${s.storeName}（${label('Site', s.site)}）`, disabled: !s.whetherEffective }));

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} maw={1100}>
      <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate aria-label={id ? t('编辑订单') : t('新建订单')}>
        <Stack gap="md">
          <Title order={4}>{id ? t('编辑订单') : t('新建订单')}</Title>
          <FormAlert message={formError} />
          {stores.length === 0 && <FormAlert message={t('您还没有可用的店铺，请联系仓库为您添加店铺')} />}

          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
            <Select
              label={t('店铺')} required data={storeOptions} value={values.storeId} searchable
              onChange={(v) => set('storeId', v)} error={errors.storeId} placeholder={t('请选择店铺')}
            />
            <TextInput label={t('站点')} value={store ? label('Site', store.site) : ''} readOnly placeholder={t('随店铺')} />
            <Select
              label={t('仓库')} required data={warehouses.map((w) => ({ value: String(w.id), label: w.warehouseName }))}
              value={values.warehouseInfoId} onChange={(v) => set('warehouseInfoId', v)} error={errors.warehouseInfoId} placeholder={t('请选择仓库')}
            />
            <TextInput
              label={t('订单号')} required value={values.orderNumber} error={errors.orderNumber} placeholder={t('虾皮订单号或您自己的单号')}
              onChange={(e) => set('orderNumber', e.currentTarget.value)}
            />
            <Select
              label={t('货物类别')} required allowDeselect={false} value={values.cargoCategory} error={errors.cargoCategory}
              data={(['1', '2', '3'] as const).map((c) => ({ value: c, label: label('CargoCategory', c) }))}
              onChange={(v) => v && set('cargoCategory', v as OrderFormValues['cargoCategory'])}
            />
            <Select
              label={t('物流方式')} required allowDeselect={false} value={values.shippingMethods} error={errors.shippingMethods}
              data={(['1', '2', '3'] as const).map((c) => ({ value: c, label: label('ShippingMethod', c) }))}
              onChange={(v) => {
                if (!v) return;
                set('shippingMethods', v as OrderFormValues['shippingMethods']);
                clear('pdfGuid');
              }}
            />
          </SimpleGrid>

          <Stack gap={4}>
            <Text size="sm" fw={500}>{t('订单类型')}</Text>
            <SegmentedControl
              aria-label={t('订单类型')} value={values.orderType} onChange={(v) => set('orderType', v as OrderFormValues['orderType'])}
              data={[{ value: '1', label: label('OrderType', 1) }, { value: '2', label: label('OrderType', 2) }]} style={{ alignSelf: 'flex-start' }}
            />
          </Stack>

          <Stack gap={4}>
            <FileInput
              label={t('面单 PDF')} required={values.shippingMethods === '1'} accept="application/pdf" clearable
              leftSection={<IconFileTypePdf size={16} />} placeholder={values.pdfName ?? t('选择 PDF 文件')}
              description={values.shippingMethods === '1' ? t('虾皮官方物流必须上传虾皮面单') : t('可选')}
              error={errors.pdfGuid} disabled={uploading} onChange={(f) => void pickPdf(f)} maw={420}
            />
            {uploading && <Text size="xs" c="dimmed">{t('上传中…')}</Text>}
            {values.pdfGuid && !uploading && (
              <Group gap="xs">
                <Text size="xs" c="teal">{t('已上传')}：{values.pdfName}</Text>
                <Anchor size="xs" href={pdfUrl(values.pdfGuid)} target="_blank" rel="noreferrer">{t('查看')}</Anchor>
              </Group>
            )}
          </Stack>

          <Textarea label={t('备注')} rows={2} value={values.reMark} error={errors.reMark} onChange={(e) => set('reMark', e.currentTarget.value)} />

          <Stack gap="xs">
            <Group justify="space-between">
              <Text fw={600}>{t('商品明细')}</Text>
              <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={addLine}>{t('添加商品')}</Button>
            </Group>
            {errors.lines && <Text size="sm" c="red" role="alert">{errors.lines}</Text>}
            {values.lines.map((line, i) => (
              <LineEditor key={line.key} index={i} line={line} errors={errors} onChange={setLine} onRemove={values.lines.length > 1 ? removeLine : undefined} />
            ))}
          </Stack>

          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={save.isPending}>{t('返回')}</Button>
            <Button type="submit" loading={save.isPending} disabled={uploading}>{id ? t('保存') : t('提交订单')}</Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function LineEditor({ index, line, errors, onChange, onRemove }: {
  index: number; line: LineValues; errors: FormErrors;
  onChange: (index: number, field: LineField, value: string) => void; onRemove?: (index: number) => void;
}) {
  const t = useT();
  const input = (field: LineField) => ({
    value: line[field], error: errors[lineKey(index, field)],
    onChange: (e: { currentTarget: { value: string } }) => onChange(index, field, e.currentTarget.value),
  });
  return (
    <Fieldset legend={t('第 {0} 行', index + 1)} p="sm" aria-label={t('第 {0} 行', index + 1)}>
      <Grid gap="xs">
        <Grid.Col span={{ base: 12, sm: 6, md: 3 }}><TextInput label={t('商品名称')} required {...input('productName')} /></Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3, md: 2 }}><TextInput label={t('SKU')} {...input('productSku')} /></Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3, md: 2 }}><TextInput label={t('规格')} {...input('specification')} /></Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3, md: 1 }}><TextInput label={t('数量')} required inputMode="numeric" {...input('quantity')} /></Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3, md: 1 }}><TextInput label={t('单价')} inputMode="decimal" {...input('price')} /></Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
          <Group gap={4} align="flex-start" wrap="nowrap">
            <TextInput label={t('国内快递单号')} required style={{ flex: 1 }} {...input('shipment')} />
            {onRemove && (
              <Button mt={25} variant="subtle" color="red" px={8} aria-label={t('删除第 {0} 行', index + 1)} onClick={() => onRemove(index)}>
                <IconTrash size={16} />
              </Button>
            )}
          </Group>
        </Grid.Col>
      </Grid>
    </Fieldset>
  );
}
