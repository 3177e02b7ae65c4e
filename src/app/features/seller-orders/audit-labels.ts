// The audit trail stores action names and status codes (DOMAIN §0 "Audit"); the timeline shows them
// as Chinese sentences. Unknown actions (added later on the server) show as they are.
import type { Translate } from '../../lib/i18n.ts';
import { labelKey } from '#shared/enums.ts';

export function auditActionLabel(action: string, t: Translate): string {
  switch (action) {
    case 'create': return t('创建订单');
    case 'update': return t('修改订单');
    case 'cancel': return t('取消订单');
    case 'staffCancel': return t('仓库取消订单');
    case 'urgent': return t('设为加急');
    case 'normal': return t('取消加急');
    case 'cancelUrgent': return t('仓库取消加急');
    case 'urge': return t('催单');
    case 'claim': return t('认领无主件');
    case 'orderCancelled': return t('订单取消，包裹转为异常');
    case 'arriveWarehouse': return t('仓库标记已到齐');
    case 'parcelArrived': return t('包裹到仓');
    case 'signIn': return t('包裹签收');
    case 'sellerEdit': return t('卖家修改快递信息');
    case 'edit': return t('仓库修改包裹');
    case 'processOrderStatus': return t('修改订单状态');
    case 'processPackageStatus': return t('修改包裹状态');
    case 'packedPhoto': return t('上传打包照片');
    case 'packed': return t('仓库打包');
    case 'weigh': return t('称重计费');
    case 'reweigh': return t('重新称重');
    case 'supplyFreight': return t('补运费');
    case 'ship': return t('出库发货');
    default: return action;
  }
}

/** "1/0" → 待处理 / 待到货; a single code by the entity and action. */
export function auditStatusLabel(value: string | null, entity: string, action: string, t: Translate): string {
  if (value === null || value === '') return '—';
  const pair = /^(\d+)\/(\d+)$/.exec(value);
  if (pair) return `${t(labelKey('OrderStatus', pair[1]!))} / ${t(labelKey('PackageStatus', pair[2]!))}`;
  if (!/^\d+$/.test(value)) return value;
  if (entity === 'parcel') return t(labelKey('ReceiveStatus', value));
  if (entity === 'order') return t(labelKey(action === 'processPackageStatus' ? 'PackageStatus' : 'OrderStatus', value));
  return value;
}
