// The audit trail's words (DOMAIN §0 "Audit", issue 44 §2): every action code the server writes into
// OrderOperate, with its Chinese and English label, and how a row's before/after codes read as status
// names. The server's audit() takes only these codes (AuditAction), and every screen that shows audit
// rows (操作日志, order / stock-order / overseas-order details) reads them through auditActionLabel and
// auditChange, so no screen keeps its own copy.
import { labelKey, type EnumName } from './enums.ts';
import type { AuditEntity } from './contracts/orders.ts';

interface ActionLabel { zh: string; en: string }

export const AUDIT_ACTIONS = {
  // orders (cross-border, mainland, stock, overseas)
  create: { zh: '创建', en: 'Created' },
  update: { zh: '修改', en: 'Edited' },
  cancel: { zh: '卖家取消', en: 'Cancelled by seller' },
  staffCancel: { zh: '仓库取消', en: 'Cancelled by warehouse' },
  urgent: { zh: '加急', en: 'Marked urgent' },
  normal: { zh: '取消加急（卖家）', en: 'Urgent removed by seller' },
  markUrgent: { zh: '加急', en: 'Marked urgent' },
  markNormal: { zh: '取消加急（卖家）', en: 'Urgent removed by seller' },
  cancelUrgent: { zh: '取消加急', en: 'Urgent removed' },
  urge: { zh: '催单', en: 'Hurried' },
  label: { zh: '获取面单', en: 'Label fetched' },
  arriveWarehouse: { zh: '标记已到齐', en: 'Marked complete' },
  parcelArrived: { zh: '包裹到仓', en: 'Parcel arrived' },
  // holding slots (库位占用, decision 0062)
  slotMoved: { zh: '移库位', en: 'Moved to another slot' },
  slotReleased: { zh: '释放库位', en: 'Slot released' },
  processOrderStatus: { zh: '修改订单状态', en: 'Order status changed' },
  processPackageStatus: { zh: '修改包裹状态', en: 'Package status changed' },
  packedPhoto: { zh: '上传打包照片', en: 'Packing photo uploaded' },
  packed: { zh: '仓库打包', en: 'Packed' },
  cancelBale: { zh: '取消打包', en: 'Packing undone' },
  weigh: { zh: '称重计费', en: 'Weighed and charged' },
  reweigh: { zh: '重新称重', en: 'Re-weighed' },
  supplyFreight: { zh: '补运费', en: 'Freight topped up' },
  ship: { zh: '出库发货', en: 'Shipped' },
  bag: { zh: '装袋', en: 'Bagged' },
  unbag: { zh: '移出大陆包', en: 'Taken out of bag' },
  deliveryReceipt: { zh: '交接出库', en: 'Handed over (delivery receipt)' },
  // parcels
  signIn: { zh: '签收', en: 'Signed in' },
  claim: { zh: '认领无主件', en: 'Unclaimed parcel claimed' },
  edit: { zh: '仓库修改', en: 'Edited by warehouse' },
  delete: { zh: '删除', en: 'Deleted' },
  sellerEdit: { zh: '卖家修改快递信息', en: 'Tracking edited by seller' },
  orderCancelled: { zh: '订单取消，包裹转为异常', en: 'Order cancelled, parcel set aside' },
  photo: { zh: '上传照片', en: 'Photo uploaded' },
  abnormalPhoto: { zh: '登记异常（附照片）', en: 'Problem recorded with photo' },
  refused: { zh: '拒收', en: 'Refused' },
  returned: { zh: '退回', en: 'Returned' },
  returnCancelled: { zh: '撤销退回', en: 'Return undone' },
  // rejection requests (拒收/退回申请)
  createRejection: { zh: '申请拒收', en: 'Rejection requested' },
  createReturn: { zh: '申请退回', en: 'Return requested' },
  revoke: { zh: '撤销申请', en: 'Request withdrawn' },
  confirmRejection: { zh: '确认拒收', en: 'Rejection confirmed' },
  fail: { zh: '拒收失败', en: 'Rejection failed' },
  cancelFail: { zh: '撤销拒收失败', en: 'Rejection failure undone' },
  confirmReturn: { zh: '确认退回', en: 'Return confirmed' },
  cancelReturn: { zh: '撤销退回', en: 'Return undone' },
  confirmDeduction: { zh: '确认扣费', en: 'Fee deducted' },
  deductionReturn: { zh: '撤销扣费', en: 'Deduction undone' },
  warehouseRemark: { zh: '仓库备注', en: 'Warehouse remark' },
  // refusals, advance orders and order returns
  handleStatus: { zh: '处理', en: 'Handled' },
  againHandleStatus: { zh: '重新处理', en: 'Handled again' },
  refusalScanned: { zh: '拒收件扫描', en: 'Refused parcel scanned' },
  sellerDecision: { zh: '卖家选择处理方式', en: 'Seller chose handling' },
  returnScanned: { zh: '退件扫描', en: 'Return scanned' },
  handled: { zh: '仓库处理', en: 'Handled by warehouse' },
  preDeclared: { zh: '预报', en: 'Pre-declared' },
  // stock records (囤货单)
  arrive: { zh: '到货', en: 'Arrived' },
  unarrive: { zh: '改回待到货', en: 'Arrival undone' },
  pass: { zh: '验货通过', en: 'Inspection passed' },
  acceptAbnormal: { zh: '接受异常', en: 'Problem accepted' },
  markReturn: { zh: '标记退回', en: 'Marked for return' },
  returnGoods: { zh: '退回货物', en: 'Goods returned' },
  supplement: { zh: '补充信息', en: 'Details added' },
  shelfUp: { zh: '上架', en: 'Shelved' },
  shelve: { zh: '上架', en: 'Shelved' },
  deductShelfCost: { zh: '扣上架费', en: 'Shelving fee charged' },
  headFee: { zh: '头程费用', en: 'First-leg fee' },
  // overseas returns (海外仓退货)
  register: { zh: '登记退货', en: 'Return registered' },
  warehouse: { zh: '退货入库', en: 'Return put in stock' },
  chooseDestruction: { zh: '选择销毁', en: 'Destruction chosen' },
  destroy: { zh: '销毁', en: 'Destroyed' },
} as const satisfies Record<string, ActionLabel>;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

/** Where one code means another thing on another entity: a stock record's 'label' is 贴标, not a shipping label. */
export const AUDIT_ENTITY_ACTIONS = {
  stock: {
    label: { zh: '贴标', en: 'Labelled' }, fail: { zh: '验货不通过', en: 'Inspection failed' },
    edit: { zh: '修改', en: 'Edited' }, cancel: { zh: '取消', en: 'Cancelled' },
  },
} as const satisfies Partial<Record<AuditEntity, Partial<Record<AuditAction, ActionLabel>>>>;
export const AUDIT_ACTION_CODES = Object.keys(AUDIT_ACTIONS) as AuditAction[];

/** The localisation key of an action's label: auditActionKey('pass') → 'AuditAction.pass'. */
export const auditActionKey = (action: string, entity?: string): string =>
  entity && (AUDIT_ENTITY_ACTIONS as Record<string, Record<string, ActionLabel>>)[entity]?.[action] ? `AuditAction.${entity}.${action}` : `AuditAction.${action}`;

const entityLabel = (entity: string | undefined, action: string): ActionLabel | undefined =>
  entity === undefined ? undefined : (AUDIT_ENTITY_ACTIONS as Record<string, Record<string, ActionLabel>>)[entity]?.[action];

/** The dictionary lines for one language (spread into zh-Hans and en). */
export const auditActionMessages = (lang: 'zh' | 'en'): Record<string, string> =>
  Object.fromEntries([
    ...Object.entries(AUDIT_ACTIONS).map(([code, l]) => [auditActionKey(code), (l as ActionLabel)[lang]]),
    ...Object.entries(AUDIT_ENTITY_ACTIONS).flatMap(([entity, codes]) =>
      Object.entries(codes).map(([code, l]) => [auditActionKey(code, entity), (l as ActionLabel)[lang]])),
  ]);

type Translate = (key: string, ...args: (string | number)[]) => string;

const isAuditAction = (action: string): action is AuditAction => Object.hasOwn(AUDIT_ACTIONS, action);

/** What an action (on that entity) is called; one written before this table existed shows as sent. */
export function auditActionLabel(t: Translate, action: string, entity?: string): string {
  if (!isAuditAction(action)) return action;
  const key = auditActionKey(action, entity);
  const text = t(key);
  return text === key ? (entityLabel(entity, action) ?? AUDIT_ACTIONS[action]).zh : text;
}

/** Which status enum a single code of an entity is read with (an order's package status by its action). */
const ENTITY_STATUS: Record<AuditEntity, EnumName> = {
  order: 'OrderStatus', parcel: 'ReceiveStatus', stock: 'StockStatus', rejection: 'RejectionStatus', refusal: 'RefusalStatus',
  advanceOrder: 'AdvanceStatus', orderReturn: 'OrderReturnStatus', return: 'AbroadReturnStatus',
};

/** "1/0" → 待处理 / 待到货; a single code by its entity (and, for an order, its action); text as is. */
export function auditStatusLabel(t: Translate, entity: string, status: string | null, action = ''): string {
  if (status === null || status === '') return '—';
  const name = (enumName: EnumName, code: string) => {
    const key = labelKey(enumName, code);
    const text = t(key);
    return text === key ? code : text;
  };
  const pair = /^(\d+)\/(\d+)$/.exec(status);
  if (pair && entity === 'order') return `${name('OrderStatus', pair[1]!)} / ${name('PackageStatus', pair[2]!)}`;
  if (!/^\d+$/.test(status)) return status;
  if (entity === 'order' && action === 'processPackageStatus') return name('PackageStatus', status);
  const enumName = ENTITY_STATUS[entity as AuditEntity] as EnumName | undefined;
  return enumName ? name(enumName, status) : status;
}

/** "已贴标 → 已上架", or null when the row carries no status. */
export function auditChange(t: Translate, a: { entity: string; action?: string; statusBefore: string | null; statusAfter: string | null }): string | null {
  if (!a.statusBefore && !a.statusAfter) return null;
  return `${auditStatusLabel(t, a.entity, a.statusBefore, a.action)} → ${auditStatusLabel(t, a.entity, a.statusAfter, a.action)}`;
}
