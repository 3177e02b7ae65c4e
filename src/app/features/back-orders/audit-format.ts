// How an audit row reads: the action's name and the statuses as labels. The server stores orders as
// "orderStatus/packageStatus" and parcels as their receiveStatus code; anything else is shown as is.
import { labelKey } from '#shared/enums.ts';
import type { Translate } from '../../lib/i18n.ts';

export function auditActionLabel(t: Translate, action: string): string {
  const labels: Record<string, string> = {
    create: t('创建'), update: t('修改'), edit: t('编辑'), delete: t('删除'), cancel: t('卖家取消'), staffCancel: t('后台取消'),
    urgent: t('加急'), normal: t('取消加急（卖家）'), cancelUrgent: t('取消加急'), urge: t('催单'), claim: t('认领无主件'),
    signIn: t('签收'), SIGNED: t('签收'), ALREADY: t('重复扫描'), UNKNOWN: t('未知单号'), sellerEdit: t('卖家修改'),
    parcelArrived: t('包裹到仓'), orderCancelled: t('订单已取消'), arriveWarehouse: t('标记已到齐'),
    processOrderStatus: t('修改订单状态'), processPackageStatus: t('修改包裹状态'),
    packedPhoto: t('上传打包照片'), packed: t('仓库打包'), weigh: t('称重计费'), reweigh: t('重新称重'), supplyFreight: t('补运费'), ship: t('出库发货'),
    bag: t('装袋'), unbag: t('移出大陆包'),
  };
  return labels[action] ?? action;
}

export function auditStatusLabel(t: Translate, entity: string, status: string | null): string {
  if (status === null || status === '') return '—';
  if (entity === 'order') {
    const [order, pkg] = status.split('/');
    const parts = [order ? t(labelKey('OrderStatus', order)) : '', pkg ? t(labelKey('PackageStatus', pkg)) : ''].filter(Boolean);
    return parts.length ? parts.join(' / ') : status;
  }
  if (entity === 'parcel' && /^\d$/.test(status)) return t(labelKey('ReceiveStatus', status));
  return status;
}

export const auditChange = (t: Translate, a: { entity: string; statusBefore: string | null; statusAfter: string | null }): string | null =>
  a.statusBefore || a.statusAfter ? `${auditStatusLabel(t, a.entity, a.statusBefore)} → ${auditStatusLabel(t, a.entity, a.statusAfter)}` : null;
