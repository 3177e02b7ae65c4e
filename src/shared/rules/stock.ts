// The one table of productStatus moves for a stock record (囤货单, DOMAIN §7): the server checks every
// action against it, the screens offer an action only where it allows it (canStock('shelfUp', r)).
//   0 待到货 →(arrive) 1 已到货 →(pass) 2 验货通过 →(label) 4 已贴标 →(shelfUp, all of it) 5 已上架
//                            └(fail) 3 验货不通过 →(acceptAbnormal) 2 | (returnGoods) 6
//   0 →(cancel) 6 已取消; 1 →(unarrive) 0
import { STOCK_STATUS as ST, type StockStatus } from '../enums.ts';

export type StockAction =
  | 'edit' | 'cancel' | 'supplement' | 'arrive' | 'unarrive' | 'pass' | 'fail' | 'acceptAbnormal' | 'markReturn' | 'returnGoods'
  | 'label' | 'shelfUp' | 'deductShelfCost' | 'headFee';

/** `to` null: the action keeps the status (or, for shelfUp, the server decides: 5 once all is shelved). */
interface Move { from: readonly StockStatus[]; to: StockStatus | null; refusal: string }

const OPEN: readonly StockStatus[] = [ST.awaiting, ST.arrived, ST.passed, ST.failed, ST.labelled, ST.shelved];

export const STOCK_TRANSITIONS: Record<StockAction, Move> = {
  edit: { from: [ST.awaiting], to: null, refusal: '只有待到货的囤货单可以修改' },
  cancel: { from: [ST.awaiting], to: ST.cancelled, refusal: '只有待到货的囤货单可以取消；货物已到仓，请联系仓库处理' },
  supplement: { from: OPEN, to: null, refusal: '已取消的囤货单不能补充信息' },
  arrive: { from: [ST.awaiting], to: ST.arrived, refusal: '只有待到货的囤货单可以标记到货' },
  unarrive: { from: [ST.arrived], to: ST.awaiting, refusal: '只有已到货（未验货）的囤货单可以改回待到货' },
  pass: { from: [ST.arrived], to: ST.passed, refusal: '只有已到货的囤货单可以验货' },
  fail: { from: [ST.arrived], to: ST.failed, refusal: '只有已到货的囤货单可以验货' },
  acceptAbnormal: { from: [ST.failed], to: ST.passed, refusal: '只有验货不通过的囤货单可以处理异常' },
  markReturn: { from: [ST.failed], to: null, refusal: '只有验货不通过的囤货单可以处理异常' },
  returnGoods: { from: [ST.failed], to: ST.cancelled, refusal: '只有验货不通过的囤货单可以申请退回' },
  label: { from: [ST.passed], to: ST.labelled, refusal: '只有验货通过的囤货单可以贴标' },
  shelfUp: { from: [ST.labelled], to: null, refusal: '只有已贴标、尚未全部上架的囤货单可以上架' },
  deductShelfCost: { from: [ST.shelved], to: null, refusal: '只有已上架的囤货单可以扣上架费' },
  headFee: { from: OPEN, to: null, refusal: '已取消的囤货单不能估算头程费' },
};

export interface StockState { productStatus: number }

/** Whether `action` may be taken on the record where it stands. */
export function canStock(action: StockAction, record: StockState): boolean {
  return (STOCK_TRANSITIONS[action].from as readonly number[]).includes(record.productStatus);
}

/** How many of a record are still to be shelved: the accepted quantity (else the declared one) less what is on shelves. */
export function stockRemaining(r: { productNums: number; acceptedNums: number | null; shelvedNums: number }): number {
  return Math.max(0, (r.acceptedNums ?? r.productNums) - r.shelvedNums);
}

/** The status after shelving `quantity` more of a labelled record: 5 已上架 once nothing remains. */
export function afterShelfUp(r: { productNums: number; acceptedNums: number | null; shelvedNums: number }, quantity: number): StockStatus {
  return stockRemaining({ ...r, shelvedNums: r.shelvedNums + quantity }) === 0 ? ST.shelved : ST.labelled;
}

/** The most shelves one Shelves/Add range may create. */
export const SHELF_RANGE_MAX = 1000;

/**
 * The positions from `start` to `end` that differ in the last number group only (A-01-01 … A-01-20),
 * padded to the start's width; or the sentence why there are none.
 */
export function shelfRange(start: string, end: string): { positions: string[] } | { refusal: string } {
  const a = /^(.*?)(\d+)$/.exec(start);
  const b = /^(.*?)(\d+)$/.exec(end);
  if (!a || !b || a[1] !== b[1]) return { refusal: `起止货架号只能在最后一组数字上不同（如 A-01-01 至 A-01-20）：${start} 至 ${end}` };
  const from = Number(a[2]);
  const to = Number(b[2]);
  if (to < from) return { refusal: `结束货架号 ${end} 小于开始货架号 ${start}` };
  if (to - from + 1 > SHELF_RANGE_MAX) return { refusal: `一次最多生成 ${SHELF_RANGE_MAX} 个货架` };
  const width = a[2]!.length;
  return { positions: Array.from({ length: to - from + 1 }, (_, i) => `${a[1]}${String(from + i).padStart(width, '0')}`) };
}
