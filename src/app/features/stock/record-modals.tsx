// The dialogs on one stock record: the seller's return waybill (CreateReturnStore), and the warehouse's
// 验货 (IsCheckPass with the count and a note), 处理异常 (HandleAbnormal), 上架 (ShelfUpCheck's
// suggestion, then ShelfUp) and 头程费 (GetHeadFee). Refusals (409, 400) show on the form.
import { Alert, Button, Group, Modal, SegmentedControl, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { StockRecordDto } from '#shared/contracts/stock.ts';
import { plainPoints } from '#shared/money.ts';
import { stockRemaining } from '#shared/rules/stock.ts';
import { normalizeTrackingNumber, TRACKING_NUMBER_MESSAGE, TRACKING_NUMBER_PATTERN } from '#shared/tracking-number.ts';
import { FormDialog } from '../../components/forms/form-dialog.tsx';
import { intText } from '../../components/forms/number-text.ts';
import { useServiceMutation } from '../../components/forms/refusal.ts';
import { useZodForm } from '../../components/forms/use-zod-form.ts';
import { errorMessage } from '../../components/list-page/index.ts';
import { useApi } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { STOCK_SERVICES } from './queries.ts';
import { formSubmit } from './submit.ts';
import { queryOf } from '../../lib/query-of.ts';

const note = (label: string) => z.string().trim().max(512, `${label}不能超过 512 个字`);
const shelfCode = z.string().trim().toUpperCase().min(1, '请输入货架号').max(32, '货架号过长')
  .regex(/^[A-Z0-9]+(-[A-Z0-9]+)*$/, '货架号只能包含字母、数字和连字符（如 A-01-02）');

interface RecordModalProps { record: StockRecordDto; onClose: () => void }

const returnForm = z.object({
  shipNumber: z.string().overwrite(normalizeTrackingNumber).min(4, '请输入退回快递单号（至少 4 位）').max(64, '快递单号过长').regex(TRACKING_NUMBER_PATTERN, TRACKING_NUMBER_MESSAGE),
});

/** The seller: the waybill the warehouse sends a refused record back on (3 验货不通过, return chosen). */
export function ReturnStoreModal({ record, onClose }: RecordModalProps) {
  const t = useT();
  const form = useZodForm(returnForm, { shipNumber: '' });
  const save = useServiceMutation(STOCK_SERVICES, (a, v: z.output<typeof returnForm>) =>
    a.frontStock.createReturnStore({ orderId: record.id, shipNumber: v.shipNumber.toUpperCase() }));
  const submit = formSubmit(form, (v) => save.mutateAsync(v), onClose);
  return (
    <FormDialog
      title={t('退回：{0}', record.tradeNo)}
      onClose={onClose} onSubmit={submit} saving={save.isPending} formError={form.formError} submitLabel={t('提交')}
    >
      {record.checkRemark && <Alert color="orange" variant="light">{t('验货备注：{0}', record.checkRemark)}</Alert>}
      <TextInput label={t('退回快递单号')} withAsterisk description={t('仓库用这个面单把货物寄回给您')} {...form.text('shipNumber')} />
    </FormDialog>
  );
}

const checkForm = z.object({
  result: z.enum(['pass', 'fail']),
  checkNums: intText('实收数量', 0),
  checkRemark: note('备注'),
}).superRefine((v, ctx) => {
  if (v.result === 'fail' && !v.checkRemark) ctx.addIssue({ code: 'custom', path: ['checkRemark'], message: '验货不通过请写明原因' });
});

/** 验货 at the desk: pass or fail with what was counted (the floor's 验货 screen adds a photo). */
export function CheckModal({ record, onClose }: RecordModalProps) {
  const t = useT();
  const form = useZodForm(checkForm, { result: 'pass', checkNums: String(record.productNums), checkRemark: '' });
  const save = useServiceMutation(STOCK_SERVICES, (a, v: z.output<typeof checkForm>) =>
    a.backStock.isCheckPass({ id: record.id, ispass: v.result === 'pass', checkNums: v.checkNums, checkRemark: v.checkRemark || null }));
  const submit = formSubmit(form, (v) => save.mutateAsync(v), onClose);
  const pass = form.values.result === 'pass';
  return (
    <FormDialog
      title={t('验货：{0}', record.tradeNo)}
      onClose={onClose} onSubmit={submit} saving={save.isPending} formError={form.formError} submitLabel={pass ? t('验货通过') : t('验货不通过')}
    >
      <Text size="sm">{record.productSku} · {record.productName} · {t('申报 {0} 件，{1} 箱', record.productNums, record.packageNums)}</Text>
      <SegmentedControl
        aria-label={t('验货结果')} value={form.values.result} onChange={(v) => form.setValue('result', v as 'pass' | 'fail')} color={pass ? 'teal' : 'red'}
        data={[{ value: 'pass', label: t('验货通过') }, { value: 'fail', label: t('验货不通过') }]}
      />
      <TextInput label={t('实收数量')} withAsterisk inputMode="numeric" {...form.text('checkNums')}
        description={pass ? t('与申报数量不同时，按实收数量上架') : undefined} />
      <Textarea label={pass ? t('备注') : t('不通过原因')} withAsterisk={!pass} rows={2} {...form.text('checkRemark')} />
    </FormDialog>
  );
}

const abnormalForm = z.object({
  choice: z.enum(['accept', 'return']),
  acceptedQuantity: z.string().trim(),
  remark: note('备注'),
}).superRefine((v, ctx) => {
  if (v.choice === 'accept' && !(/^\d+$/.test(v.acceptedQuantity) && Number(v.acceptedQuantity) >= 1)) {
    ctx.addIssue({ code: 'custom', path: ['acceptedQuantity'], message: '接收数量须为至少 1 的整数' });
  }
});

/** 处理异常 of a 3 验货不通过 record: accept a corrected quantity (→ 2) or send it back to the seller. */
export function AbnormalModal({ record, onClose }: RecordModalProps) {
  const t = useT();
  const form = useZodForm(abnormalForm, { choice: 'accept', acceptedQuantity: String(record.checkNums ?? record.productNums), remark: '' });
  const save = useServiceMutation(STOCK_SERVICES, (a, v: z.output<typeof abnormalForm>) =>
    a.backStock.handleAbnormal({
      id: record.id, remark: v.remark || null,
      ...(v.choice === 'return' ? { returnIt: true } : { acceptedQuantity: Number(v.acceptedQuantity) }),
    }));
  const submit = formSubmit(form, (v) => save.mutateAsync(v), onClose);
  return (
    <FormDialog
      title={t('处理异常：{0}', record.tradeNo)}
      onClose={onClose} onSubmit={submit} saving={save.isPending} formError={form.formError} submitLabel={t('确定')}
    >
      <Text size="sm">{t('申报 {0} 件，验货 {1} 件', record.productNums, record.checkNums ?? '—')}{record.checkRemark ? ` · ${record.checkRemark}` : ''}</Text>
      <SegmentedControl
        aria-label={t('处理方式')} value={form.values.choice} onChange={(v) => form.setValue('choice', v as 'accept' | 'return')}
        data={[{ value: 'accept', label: t('按实收数量接收') }, { value: 'return', label: t('退回卖家') }]}
      />
      {form.values.choice === 'accept'
        ? <TextInput label={t('接收数量')} withAsterisk inputMode="numeric" {...form.text('acceptedQuantity')} />
        : <Text size="sm" c="dimmed">{t('卖家将看到退回要求，并填写退回快递单号')}</Text>}
      <Textarea label={t('备注')} rows={2} {...form.text('remark')} />
    </FormDialog>
  );
}

const shelfForm = z.object({ shelfPosition: shelfCode, quantity: intText('上架数量') });

/** 上架 at the desk: the suggested shelf (ShelfUpCheck), then ShelfUp with the shelf and quantity. */
export function ShelfUpModal({ record, onClose }: RecordModalProps) {
  const t = useT();
  const api = useApi();
  const check = useQuery(queryOf(api, 'BackStock', 'shelfUpCheck', { id: record.id }, {
    retry: false,
  }));
  const remaining = stockRemaining(record);
  const form = useZodForm(shelfForm, { shelfPosition: record.shelfPosition ?? '', quantity: String(remaining) });
  const save = useServiceMutation(STOCK_SERVICES, (a, v: z.output<typeof shelfForm>) =>
    a.backStock.shelfUp({ id: record.id, shelfPosition: v.shelfPosition, quantity: v.quantity }));
  const submit = formSubmit(form, (v) => save.mutateAsync(v), onClose);
  const suggestion = check.data?.suggestedShelfPosition ?? null;
  return (
    <FormDialog
      title={t('上架：{0}', record.tradeNo)}
      onClose={onClose} onSubmit={submit} saving={save.isPending} formError={form.formError} submitLabel={t('上架')}
    >
      <Text size="sm">{record.productSku} · {record.barCode ?? '—'} · {t('待上架 {0} 件', remaining)}</Text>
      {check.isError && <Alert color="orange" variant="light">{t('建议货位查询失败：{0}', errorMessage(check.error))}</Alert>}
      {check.data && (
        <Group gap="xs" data-testid="shelf-suggestion">
          <Text size="sm">{check.data.haveShelf ? t('商品现有货架') : t('建议空闲货架')}</Text>
          {suggestion
            ? <Button size="compact-sm" variant="light" onClick={() => form.setValue('shelfPosition', suggestion)}>{suggestion}</Button>
            : <Text size="sm" c="red">{t('没有空闲货架，请先新增货架')}</Text>}
        </Group>
      )}
      <TextInput label={t('货架号')} withAsterisk {...form.text('shelfPosition')} />
      <TextInput label={t('上架数量')} withAsterisk inputMode="numeric" {...form.text('quantity')} />
    </FormDialog>
  );
}

/** 头程费: the estimate per item from the freight rule (kept on the record and its product; charges nothing). */
export function HeadFeeModal({ record, onClose }: RecordModalProps) {
  const t = useT();
  const estimate = useServiceMutation(STOCK_SERVICES, (a, id: number) => a.backStock.getHeadFee({ id }));
  const result = estimate.data?.ok ? estimate.data.value : null;
  const refusal = estimate.data && !estimate.data.ok ? estimate.data.refusal.message : null;
  return (
    <Modal opened onClose={estimate.isPending ? () => {} : onClose} title={t('头程费：{0}', record.tradeNo)} centered>
      <Stack gap="sm">
        <Text size="sm">{t('按仓库的运费规则，以单件重量和尺寸估算每件的头程运费，不扣费。')}</Text>
        {refusal && <Alert color="red" variant="light" role="alert">{refusal}</Alert>}
        {result && (
          <Alert color="teal" variant="light" data-testid="head-fee-result">
            {t('每件 {0} 积分（整批 {1} 件，运费 {2}，计费重 {3} kg）',
              plainPoints(result.headFee), result.productNums, plainPoints(result.totalFreight), result.chargeableWeight)}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={estimate.isPending}>{t('关闭')}</Button>
          <Button loading={estimate.isPending} onClick={() => estimate.mutate(record.id)}>{t('估算')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
