// 拒收/退回: the seller's requests (/front/expressrejectionreturn) and the staff's queue
// (/back/returnrejection), both on the list-page kit.
import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { IconArrowBackUp, IconBan, IconCheck, IconPlus, IconX } from '@tabler/icons-react';
import type { RejectionDto } from '#shared/contracts/rejections.ts';
import { ENUM_CODES, labelKey, REJECTION_HANDLE_TYPE, REJECTION_STATUS } from '#shared/enums.ts';
import { ListPage, type FilterField, type RowAction } from '../../components/list-page/index.ts';
import { unwrap, useServiceMutation } from '../../components/forms/refusal.ts';
import { useApi } from '../../lib/api.ts';
import { useT, type Translate } from '../../lib/i18n.ts';
import { rejectionColumns } from './columns.tsx';
import { sellerRejectionListQuery, staffRejectionListQuery, type SellerRejectionSearch, type StaffRejectionSearch } from './queries.ts';
import { FailRejectionModal, RejectionRequestModal, ReturnRequestModal } from './request-modals.tsx';

const statusOptions = (t: Translate) => ENUM_CODES.RejectionStatus.map((c) => ({ value: c, label: t(labelKey('RejectionStatus', c)) }));
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
      key: 'revoke', label: t('撤销'), icon: <IconArrowBackUp size={14} />, color: 'red', hidden: (r) => r.handleStatus !== REJECTION_STATUS.pending,
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

export function StaffRejectionListPage({ search, onSearchChange }: { search: StaffRejectionSearch; onSearchChange: (next: StaffRejectionSearch) => void }) {
  const t = useT();
  const api = useApi();
  const [failing, setFailing] = useState<RejectionDto | null>(null);
  const confirm = useServiceMutation(['BackExpressRejectionReturn'], (a, id: number) => a.backExpressRejectionReturn.confirmRejection({ id }));
  const cancelFail = useServiceMutation(['BackExpressRejectionReturn'], (a, id: number) => a.backExpressRejectionReturn.cancleFail({ id }));
  const pendingRefusal = (r: RejectionDto) => r.handleStatus === REJECTION_STATUS.pending && r.handleType === REJECTION_HANDLE_TYPE.rejection;

  const filters: FilterField<StaffRejectionSearch>[] = [
    { kind: 'text', key: 'shipment', label: t('快递单号') },
    { kind: 'text', key: 'userCode', label: t('卖家编码') },
    { kind: 'select', key: 'handleType', label: t('类型'), options: typeOptions(t) },
    { kind: 'select', key: 'handleStatus', label: t('状态'), options: statusOptions(t) },
    { kind: 'dateRange', key: 'dateFrom', toKey: 'dateTo', label: t('申请日期') },
  ];
  const rowActions: RowAction<RejectionDto>[] = [
    {
      key: 'confirm', label: t('确认拒收'), icon: <IconCheck size={14} />, hidden: (r) => !pendingRefusal(r),
      confirm: (r) => ({ title: t('确认拒收'), message: t('确认快递单号 {0} 已拒收、退给快递？', r.shipment), confirmLabel: t('确认拒收') }),
      onClick: async (r) => unwrap(await confirm.mutateAsync(r.id)),
    },
    { key: 'fail', label: t('拒收失败'), icon: <IconX size={14} />, color: 'red', hidden: (r) => !pendingRefusal(r), onClick: (r) => setFailing(r) },
    {
      key: 'cancelFail', label: t('撤销失败'), icon: <IconArrowBackUp size={14} />, hidden: (r) => r.handleStatus !== REJECTION_STATUS.failed,
      confirm: (r) => ({ title: t('撤销失败'), message: t('把快递单号 {0} 的申请改回待处理吗？', r.shipment), confirmLabel: t('撤销失败') }),
      onClick: async (r) => unwrap(await cancelFail.mutateAsync(r.id)),
    },
  ];

  return (
    <>
      <ListPage
        label={t('拒收/退回处理')}
        search={search}
        onSearchChange={onSearchChange}
        query={staffRejectionListQuery(api, search)}
        columns={rejectionColumns(t, { withSeller: true })}
        filters={filters}
        rowActions={rowActions}
      />
      {failing && <FailRejectionModal id={failing.id} shipment={failing.shipment} onClose={() => setFailing(null)} />}
    </>
  );
}
