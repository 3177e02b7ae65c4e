// 平台退货: the staff's list of marketplace returns (/back/shopeeorderreturn: mark handled, with what goes
// into stock for 入库; the warehouse's remark) and the seller's (/front/shopeeorderreturn: pre-declare
// a return, choose 入库 / 退回卖家 / 销毁), on the list-page kit.
import { useState } from 'react';
import { Alert, Button, Modal, Radio, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconCheck, IconNote, IconPlus, IconSelect } from '@tabler/icons-react';
import type { OrderReturnDto } from '#shared/contracts/returns.ts';
import { ENUM_CODES, labelKey, ORDER_RETURN_HANDLE_TYPE } from '#shared/enums.ts';
import { plainPoints } from '#shared/money.ts';
import { canOrderReturn } from '#shared/rules/returns.ts';
import { ListPage, type FilterField, type RowAction } from '../../components/list-page/index.ts';
import { FormAlert } from '../../components/forms/form-alert.tsx';
import { ModalActions } from '../../components/forms/modal-actions.tsx';
import { refusalText, useServiceMutation, type Outcome } from '../../components/forms/refusal.ts';
import { useApi } from '../../lib/api.ts';
import { useT, type Translate } from '../../lib/i18n.ts';
import { orderReturnColumns } from './columns.tsx';
import { mainlandWarehousesQuery, sellerReturnListQuery, staffReturnListQuery, type SellerReturnSearch, type StaffReturnSearch } from './queries.ts';
import { EMPTY_RESTOCK, restockItems, RestockItemsField } from './restock-items.tsx';
import { queryOf } from '../../lib/query-of.ts';

const statusOptions = (t: Translate) => ENUM_CODES.OrderReturnStatus.map((c) => ({ value: c, label: t(labelKey('OrderReturnStatus', c)) }));
const typeOptions = (t: Translate) => ENUM_CODES.OrderReturnHandleType.map((c) => ({ value: c, label: t(labelKey('OrderReturnHandleType', c)) }));

/** A dialog's submit: a check that may stop it, then the call, its refusal shown on the dialog. */
function useDialogSubmit(onClose: () => void) {
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const submit = async (call: () => Promise<Outcome<unknown>> | null) => {
    setFormError(null);
    const pending = call();
    if (!pending) return;
    setSaving(true);
    try {
      const outcome = await pending;
      if (!outcome.ok) return setFormError(refusalText(outcome.refusal));
      onClose();
    } finally {
      setSaving(false);
    }
  };
  return { saving, formError, submit };
}

const SERVICES = ['ShopeeOrderReturn', 'FrontShopeeOrderReturn'] as const;

function HandleReturnModal({ row, onClose }: { row: OrderReturnDto; onClose: () => void }) {
  const t = useT();
  const [remark, setRemark] = useState(row.warehouseRemark ?? '');
  const [draft, setDraft] = useState(EMPTY_RESTOCK);
  const [itemsError, setItemsError] = useState<string | null>(null);
  const handle = useServiceMutation([...SERVICES, 'BackStockProduct'], (a, input: { items?: { stockProductId: number; quantity: number }[] }) =>
    a.shopeeOrderReturn.update({ id: row.id, whetherHandle: 1, reMark: remark.trim() || null, ...input }));
  const { saving, formError, submit } = useDialogSubmit(onClose);
  const toStock = row.handleType === ORDER_RETURN_HANDLE_TYPE.toStock;
  return (
    <Modal opened onClose={saving ? () => {} : onClose} title={t('标记已处理：{0}', row.orderNumber)} centered size="lg">
      <form noValidate onSubmit={(e) => {
        e.preventDefault();
        void submit(() => {
          const chosen = toStock ? restockItems(row.orderId === null ? { ...draft, mode: 'named' } : draft) : {};
          if (chosen.error) { setItemsError(t(chosen.error)); return null; }
          return handle.mutateAsync(chosen.items ? { items: chosen.items } : {});
        });
      }}>
        <Stack gap="sm">
          <FormAlert message={formError} />
          <Text size="sm">{t('卖家选择：')}<b>{row.handleType ? t(labelKey('OrderReturnHandleType', row.handleType)) : '—'}</b></Text>
          {toStock && (
            <RestockItemsField userCode={row.userCode} warehouseInfoId={row.warehouseInfoId} value={draft} orderKnown={row.orderId !== null}
              onChange={(next) => { setDraft(next); setItemsError(null); }} error={itemsError} />
          )}
          {row.handleType === ORDER_RETURN_HANDLE_TYPE.returnToSeller && (
            <Text size="sm">{t('退回地址：')}{`${row.recipientName ?? ''} ${row.receiptPhone ?? ''} ${row.receiptAddress ?? ''}`}</Text>
          )}
          <Textarea label={t('仓库备注')} rows={2} value={remark} onChange={(e) => setRemark(e.currentTarget.value)} maxLength={512} />
          <ModalActions onCancel={onClose} saving={saving} submitLabel={t('标记已处理')} />
        </Stack>
      </form>
    </Modal>
  );
}

function ReturnRemarkModal({ row, onClose }: { row: OrderReturnDto; onClose: () => void }) {
  const t = useT();
  const [remark, setRemark] = useState(row.warehouseRemark ?? '');
  const save = useServiceMutation(SERVICES, (a, reMark: string | null) => a.shopeeOrderReturn.update({ id: row.id, reMark }));
  const { saving, formError, submit } = useDialogSubmit(onClose);
  return (
    <Modal opened onClose={saving ? () => {} : onClose} title={t('仓库备注：{0}', row.orderNumber)} centered>
      <form noValidate onSubmit={(e) => { e.preventDefault(); void submit(() => save.mutateAsync(remark.trim() || null)); }}>
        <Stack gap="sm">
          <FormAlert message={formError} />
          <Textarea label={t('仓库备注')} rows={3} value={remark} onChange={(e) => setRemark(e.currentTarget.value)} maxLength={512} />
          <ModalActions onCancel={onClose} saving={saving} />
        </Stack>
      </form>
    </Modal>
  );
}

export function StaffOrderReturnPage({ search, onSearchChange }: { search: StaffReturnSearch; onSearchChange: (next: StaffReturnSearch) => void }) {
  const t = useT();
  const api = useApi();
  const [dialog, setDialog] = useState<{ kind: 'handle' | 'remark'; row: OrderReturnDto } | null>(null);
  const filters: FilterField<StaffReturnSearch>[] = [
    { kind: 'text', key: 'orderNumber', label: t('订单号') },
    { kind: 'text', key: 'userCode', label: t('卖家编码') },
    { kind: 'select', key: 'whetherHandle', label: t('状态'), options: statusOptions(t) },
    { kind: 'select', key: 'handleType', label: t('处理方式'), options: typeOptions(t) },
    { kind: 'dateRange', key: 'dateFrom', toKey: 'dateTo', label: t('登记日期') },
  ];
  const rowActions: RowAction<OrderReturnDto>[] = [
    { key: 'handle', label: t('标记已处理'), icon: <IconCheck size={14} />, hidden: (r) => !canOrderReturn('handle', r), onClick: (r) => setDialog({ kind: 'handle', row: r }) },
    { key: 'remark', label: t('仓库备注'), icon: <IconNote size={14} />, onClick: (r) => setDialog({ kind: 'remark', row: r }) },
  ];
  return (
    <>
      <ListPage
        label={t('平台退货')}
        search={search}
        onSearchChange={onSearchChange}
        query={staffReturnListQuery(api, search)}
        columns={orderReturnColumns(t, { withSeller: true })}
        filters={filters}
        rowActions={rowActions}
      />
      {dialog?.kind === 'handle' && <HandleReturnModal row={dialog.row} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'remark' && <ReturnRemarkModal row={dialog.row} onClose={() => setDialog(null)} />}
    </>
  );
}

function DeclareReturnModal({ onClose }: { onClose: () => void }) {
  const t = useT();
  const api = useApi();
  const warehouses = useQuery(mainlandWarehousesQuery(api));
  const [values, setValues] = useState({ orderNumber: '', warehouseInfoId: '', shipment: '', reMark: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof typeof values, string>>>({});
  const create = useServiceMutation(['FrontShopeeOrderReturn'], (a, input: { orderNumber: string; warehouseInfoId: number; shipment: string | null; reMark: string | null }) =>
    a.frontShopeeOrderReturn.createOrderReturn(input));
  const { saving, formError, submit } = useDialogSubmit(onClose);
  const set = (key: keyof typeof values) => (value: string) => { setValues((v) => ({ ...v, [key]: value })); setErrors((e) => ({ ...e, [key]: undefined })); };
  return (
    <Modal opened onClose={saving ? () => {} : onClose} title={t('预报退货')} centered>
      <form noValidate onSubmit={(e) => {
        e.preventDefault();
        void submit(() => {
          const next: typeof errors = {};
          if (!values.orderNumber.trim()) next.orderNumber = t('请输入订单号');
          if (!values.warehouseInfoId) next.warehouseInfoId = t('请选择仓库');
          setErrors(next);
          if (Object.keys(next).length) return null;
          return create.mutateAsync({
            orderNumber: values.orderNumber.trim(), warehouseInfoId: Number(values.warehouseInfoId), shipment: values.shipment.trim() || null, reMark: values.reMark.trim() || null,
          });
        });
      }}>
        <Stack gap="sm">
          <FormAlert message={formError} />
          <Text size="sm" c="dimmed">{t('买家退货寄回仓库前先登记，到仓扫描时就能认出是您的。')}</Text>
          <TextInput label={t('订单号')} withAsterisk value={values.orderNumber} error={errors.orderNumber} onChange={(e) => set('orderNumber')(e.currentTarget.value)} />
          <Select label={t('退回仓库')} withAsterisk value={values.warehouseInfoId || null} error={errors.warehouseInfoId}
            data={(warehouses.data?.items ?? []).map((w) => ({ value: String(w.id), label: w.warehouseName }))} onChange={(v) => set('warehouseInfoId')(v ?? '')} />
          <TextInput label={t('退货快递单号（可选）')} value={values.shipment} onChange={(e) => set('shipment')(e.currentTarget.value)} />
          <Textarea label={t('备注')} rows={2} value={values.reMark} onChange={(e) => set('reMark')(e.currentTarget.value)} maxLength={512} />
          <ModalActions onCancel={onClose} saving={saving} submitLabel={t('提交')} />
        </Stack>
      </form>
    </Modal>
  );
}

function DecideReturnModal({ row, onClose }: { row: OrderReturnDto; onClose: () => void }) {
  const t = useT();
  const api = useApi();
  const fee = useQuery(queryOf(api, 'FrontShopeeOrderReturn', 'getDestroyFee'));
  const [handleType, setHandleType] = useState(String(row.handleType ?? ORDER_RETURN_HANDLE_TYPE.toStock));
  const [address, setAddress] = useState({ recipientName: row.recipientName ?? '', receiptPhone: row.receiptPhone ?? '', receiptAddress: row.receiptAddress ?? '' });
  const [reMark, setReMark] = useState(row.reMark ?? '');
  const decide = useServiceMutation(['FrontShopeeOrderReturn'], (a, input: Parameters<typeof a.frontShopeeOrderReturn.update>[0]) => a.frontShopeeOrderReturn.update(input));
  const { saving, formError, submit } = useDialogSubmit(onClose);
  const sendBack = Number(handleType) === ORDER_RETURN_HANDLE_TYPE.returnToSeller;
  const destroy = Number(handleType) === ORDER_RETURN_HANDLE_TYPE.destroy;
  const field = (key: keyof typeof address, label: string) => (
    <TextInput label={label} withAsterisk value={address[key]} onChange={(e) => { const v = e.currentTarget.value; setAddress((a) => ({ ...a, [key]: v })); }} />
  );
  return (
    <Modal opened onClose={saving ? () => {} : onClose} title={t('处理方式：{0}', row.orderNumber)} centered>
      <form noValidate onSubmit={(e) => {
        e.preventDefault();
        void submit(() => decide.mutateAsync({
          id: row.id, handleType: Number(handleType) as 1 | 2 | 3, reMark: reMark.trim() || null,
          ...(sendBack ? { recipientName: address.recipientName.trim() || null, receiptPhone: address.receiptPhone.trim() || null, receiptAddress: address.receiptAddress.trim() || null } : {}),
        }));
      }}>
        <Stack gap="sm">
          <FormAlert message={formError} />
          <Radio.Group label={t('这件退货怎么处理？')} value={handleType} onChange={setHandleType}>
            <Stack gap={6} mt={6}>
              {ENUM_CODES.OrderReturnHandleType.map((c) => <Radio key={c} value={String(c)} label={t(labelKey('OrderReturnHandleType', c))} />)}
            </Stack>
          </Radio.Group>
          {sendBack && <>{field('recipientName', t('收件人'))}{field('receiptPhone', t('联系电话'))}{field('receiptAddress', t('退回地址'))}</>}
          {destroy && (
            <Alert color="orange" data-testid="destroy-fee-notice">
              {t('选择销毁将扣除销毁费 {0} 积分，选择后不能更改。', fee.data ? plainPoints(fee.data.destroyFee) : '…')}
            </Alert>
          )}
          <Textarea label={t('备注')} rows={2} value={reMark} onChange={(e) => setReMark(e.currentTarget.value)} maxLength={512} />
          <ModalActions onCancel={onClose} saving={saving} submitLabel={t('确定')} />
        </Stack>
      </form>
    </Modal>
  );
}

export function SellerOrderReturnPage({ search, onSearchChange }: { search: SellerReturnSearch; onSearchChange: (next: SellerReturnSearch) => void }) {
  const t = useT();
  const api = useApi();
  const [declaring, setDeclaring] = useState(false);
  const [deciding, setDeciding] = useState<OrderReturnDto | null>(null);
  const filters: FilterField<SellerReturnSearch>[] = [
    { kind: 'text', key: 'orderNumber', label: t('订单号') },
    { kind: 'select', key: 'whetherHandle', label: t('状态'), options: statusOptions(t) },
    { kind: 'select', key: 'handleType', label: t('处理方式'), options: typeOptions(t) },
  ];
  const rowActions: RowAction<OrderReturnDto>[] = [
    { key: 'decide', label: t('选择处理方式'), icon: <IconSelect size={14} />, hidden: (r) => !canOrderReturn('decide', r), onClick: (r) => setDeciding(r) },
  ];
  return (
    <>
      <ListPage
        label={t('平台退货')}
        search={search}
        onSearchChange={onSearchChange}
        query={sellerReturnListQuery(api, search)}
        columns={orderReturnColumns(t, { withSeller: false })}
        filters={filters}
        rowActions={rowActions}
        toolbar={<Button leftSection={<IconPlus size={16} />} onClick={() => setDeclaring(true)}>{t('预报退货')}</Button>}
      />
      {declaring && <DeclareReturnModal onClose={() => setDeclaring(false)} />}
      {deciding && <DecideReturnModal row={deciding} onClose={() => setDeciding(null)} />}
    </>
  );
}
