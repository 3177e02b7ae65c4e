// 拒收/退回: the seller's requests (/front/expressrejectionreturn) and the staff's queue
// (/back/returnrejection), both on the list-page kit.
import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { IconArrowBackUp, IconBan, IconCheck, IconCoin, IconNote, IconPlus, IconTruckReturn, IconX } from '@tabler/icons-react';
import type { RejectionDto } from '#shared/contracts/rejections.ts';
import { ENUM_CODES, labelKey } from '#shared/enums.ts';
import { plainPoints } from '#shared/money.ts';
import { canRejection, type RejectionAction } from '#shared/rules/rejections.ts';
import { ListPage, type FilterField, type RowAction } from '../../components/list-page/index.ts';
import { unwrap, useServiceMutation } from '../../components/forms/refusal.ts';
import { useApi } from '../../lib/api.ts';
import { useT, type Translate } from '../../lib/i18n.ts';
import { rejectionColumns } from './columns.tsx';
import { sellerRejectionListQuery, staffRejectionListQuery, type SellerRejectionSearch, type StaffRejectionSearch } from './queries.ts';
import { FailRejectionModal, RejectionRequestModal, ReturnRequestModal } from './request-modals.tsx';
import { ConfirmReturnModal, DeductionModal, WarehouseRemarkModal } from './staff-modals.tsx';

const statusOptions = (t: Translate) => ENUM_CODES.RejectionStatus.map((c) => ({ value: c, label: t(labelKey('RejectionStatus', c)) }));
/** Hides a row action the shared table does not allow from the request's status (and type). */
const cannot = (action: RejectionAction) => (r: RejectionDto) => !canRejection(action, r);
const typeOptions = (t: Translate) => ENUM_CODES.RejectionHandleType.map((c) => ({ value: c, label: t(labelKey('RejectionHandleType', c)) }));

export function SellerRejectionListPage({ search, onSearchChange }: { search: SellerRejectionSearch; onSearchChange: (next: SellerRejectionSearch) => void }) {
  const t = useT();
  const api = useApi();
  const [modal, setModal] = useState<'rejection' | 'return' | null>(null);
  const revoke = useServiceMutation(['ExpressRejection'], (a, id: number) => a.expressRejection.editRevoked({ id }));

  const filters: FilterField<SellerRejectionSearch>[] = [
    { kind: 'text', key: 'shipment', label: t('快递单号') },
    { kind: 'select', key: 'handleType', label: t('类型'), options: typeOptions(t) },
    { kind: 'select', key: 'handleStatus', label: t('状态'), options: statusOptions(t) },
  ];
  const rowActions: RowAction<RejectionDto>[] = [
    {
      key: 'revoke', label: t('撤销'), icon: <IconArrowBackUp size={14} />, color: 'red', hidden: cannot('revoke'),
      confirm: (r) => ({ title: t('撤销申请'), message: t('确定撤销快递单号 {0} 的申请吗？', r.shipment), confirmLabel: t('撤销') }),
      onClick: async (r) => unwrap(await revoke.mutateAsync(r.id)),
    },
  ];

  return (
    <>
      <ListPage
        label={t('拒收/退回申请')}
        search={search}
        onSearchChange={onSearchChange}
        query={sellerRejectionListQuery(api, search)}
        columns={rejectionColumns(t, { withSeller: false })}
        filters={filters}
        rowActions={rowActions}
        toolbar={(
          <Group gap="sm">
            <Button leftSection={<IconBan size={16} />} color="red" onClick={() => setModal('rejection')}>{t('申请拒收')}</Button>
            <Button leftSection={<IconPlus size={16} />} variant="light" onClick={() => setModal('return')}>{t('申请退回')}</Button>
          </Group>
        )}
      />
      {modal === 'rejection' && <RejectionRequestModal onClose={() => setModal(null)} />}
      {modal === 'return' && <ReturnRequestModal onClose={() => setModal(null)} />}
    </>
  );
}

type StaffDialog = { kind: 'fail' | 'return' | 'deduct' | 'remark'; row: RejectionDto };

export function StaffRejectionListPage({ search, onSearchChange, overseas = false }: {
  search: StaffRejectionSearch; onSearchChange: (next: StaffRejectionSearch) => void;
  /** The overseas warehouses' queue (/back/backoverseasreturnhandle) instead of the mainland's. */
  overseas?: boolean;
}) {
  const t = useT();
  const api = useApi();
  const [dialog, setDialog] = useState<StaffDialog | null>(null);
  const confirm = useServiceMutation(['BackExpressRejectionReturn'], (a, id: number) => a.backExpressRejectionReturn.confirmRejection({ id }));
  const cancelFail = useServiceMutation(['BackExpressRejectionReturn'], (a, id: number) => a.backExpressRejectionReturn.cancleFail({ id }));
  const cancelReturn = useServiceMutation(['BackExpressRejectionReturn'], (a, id: number) => a.backExpressRejectionReturn.cancleReturn({ id }));
  const refund = useServiceMutation(['BackExpressRejectionReturn'], (a, id: number) => a.backExpressRejectionReturn.deductionReturn({ id }));

  const filters: FilterField<StaffRejectionSearch>[] = [
    { kind: 'text', key: 'shipment', label: t('快递单号') },
    { kind: 'text', key: 'userCode', label: t('卖家编码') },
    { kind: 'select', key: 'handleType', label: t('类型'), options: typeOptions(t) },
    { kind: 'select', key: 'handleStatus', label: t('状态'), options: statusOptions(t) },
    { kind: 'dateRange', key: 'dateFrom', toKey: 'dateTo', label: t('申请日期') },
  ];
  const rowActions: RowAction<RejectionDto>[] = [
    {
      key: 'confirm', label: t('确认拒收'), icon: <IconCheck size={14} />, hidden: cannot('confirmRejection'),
      confirm: (r) => ({ title: t('确认拒收'), message: t('确认快递单号 {0} 已拒收、退给快递？', r.shipment), confirmLabel: t('确认拒收') }),
      onClick: async (r) => unwrap(await confirm.mutateAsync(r.id)),
    },
    { key: 'fail', label: t('拒收失败'), icon: <IconX size={14} />, color: 'red', hidden: cannot('fail'), onClick: (r) => setDialog({ kind: 'fail', row: r }) },
    {
      key: 'cancelFail', label: t('撤销失败'), icon: <IconArrowBackUp size={14} />, hidden: cannot('cancelFail'),
      confirm: (r) => ({ title: t('撤销失败'), message: t('把快递单号 {0} 的申请改回待处理吗？', r.shipment), confirmLabel: t('撤销失败') }),
      onClick: async (r) => unwrap(await cancelFail.mutateAsync(r.id)),
    },
    { key: 'return', label: t('确认退回'), icon: <IconTruckReturn size={14} />, hidden: cannot('confirmReturn'), onClick: (r) => setDialog({ kind: 'return', row: r }) },
    {
      key: 'cancelReturn', label: t('撤销退回'), icon: <IconArrowBackUp size={14} />, hidden: cannot('cancelReturn'),
      confirm: (r) => ({ title: t('撤销退回'), message: t('快递单号 {0} 的包裹没有寄出、仍在仓库吗？申请将改回待处理。', r.shipment), confirmLabel: t('撤销退回') }),
      onClick: async (r) => unwrap(await cancelReturn.mutateAsync(r.id)),
    },
    { key: 'deduct', label: t('扣费'), icon: <IconCoin size={14} />, hidden: cannot('confirmDeduction'), onClick: (r) => setDialog({ kind: 'deduct', row: r }) },
    {
      key: 'refund', label: t('撤销扣费'), icon: <IconArrowBackUp size={14} />, color: 'red', hidden: cannot('deductionReturn'),
      confirm: (r) => ({ title: t('撤销扣费'), message: t('把快递单号 {0} 扣的 {1} 积分退还给卖家吗？', r.shipment, plainPoints(r.deductionAmount ?? 0)), confirmLabel: t('撤销扣费') }),
      onClick: async (r) => unwrap(await refund.mutateAsync(r.id)),
    },
    { key: 'remark', label: t('仓库备注'), icon: <IconNote size={14} />, onClick: (r) => setDialog({ kind: 'remark', row: r }) },
  ];

  return (
    <>
      <ListPage
        label={overseas ? t('海外仓退件处理') : t('拒收/退回处理')}
        search={search}
        onSearchChange={onSearchChange}
        query={staffRejectionListQuery(api, search, overseas)}
        columns={rejectionColumns(t, { withSeller: true })}
        filters={filters}
        rowActions={rowActions}
      />
      {dialog?.kind === 'fail' && <FailRejectionModal id={dialog.row.id} shipment={dialog.row.shipment} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'return' && <ConfirmReturnModal row={dialog.row} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'deduct' && <DeductionModal row={dialog.row} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'remark' && <WarehouseRemarkModal row={dialog.row} onClose={() => setDialog(null)} />}
    </>
  );
}
