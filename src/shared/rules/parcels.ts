// The parcel's rules (DOMAIN §4), in the same shape as the order's: the server asserts them, the
// screens ask them before offering an action.
import { RECEIVE_STATUS as R } from '../enums.ts';

export interface ParcelState { receiveStatus: number }
interface ParcelRule { allowed: (p: ParcelState) => boolean; refusal: string }

export const PARCEL_RULES = {
  /** The seller fixes a declaration (number, remark, own photo) only before it arrives. */
  sellerEdit: { allowed: (p) => p.receiveStatus === R.declared, refusal: '包裹已签收，不能再修改申报。' },
  /** Staff resolve a 无主件 by naming its seller. */
  assignSeller: { allowed: (p) => p.receiveStatus === R.unclaimed, refusal: '只有无主件可以指定卖家。' },
  delete: { allowed: (p) => p.receiveStatus === R.declared || p.receiveStatus === R.unclaimed, refusal: '只能删除待签收或无主件的包裹。' },
  /** Damage or wrong goods are recorded on a parcel that is here. */
  markAbnormal: { allowed: (p) => p.receiveStatus !== R.declared, refusal: '包裹尚未签收，请先签收再登记异常。' },
  /**
   * A return request is sent back only with a parcel that is in the warehouse (DOMAIN §6): signed,
   * stored, or 异常 — an abnormal parcel awaits its seller's decision (DOMAIN §3, issue 44 §6).
   */
  sendBack: {
    allowed: (p) => p.receiveStatus === R.signed || p.receiveStatus === R.stored || p.receiveStatus === R.abnormal,
    refusal: '包裹不在仓库中（未签收、已拒收或已退回），不能退回。',
  },
} as const satisfies Record<string, ParcelRule>;

export type ParcelAction = keyof typeof PARCEL_RULES;

/** Whether `action` is allowed on the parcel now. */
export const canParcel = (action: ParcelAction, p: ParcelState): boolean => (PARCEL_RULES[action] as ParcelRule).allowed(p);

/**
 * The wrong-warehouse rule (issues 42 item 3, 45 item 6): a parcel declared for one warehouse and not here
 * yet belongs elsewhere when scanned at another warehouse's station. It is not signed there unless the
 * picker confirms a transfer. A parcel declared for no warehouse belongs wherever it is scanned.
 */
export const belongsElsewhere = (p: ParcelState & { warehouseInfoId: number | null }, station: number | null | undefined): boolean =>
  station != null && p.receiveStatus === R.declared && p.warehouseInfoId != null && p.warehouseInfoId !== station;

/**
 * The receive statuses of a parcel that is in the warehouse (已签收, 已入库, 无主件, 异常): such a parcel
 * sits in a holding slot, its order's or its own (decision 0062, src/server/db/sql/holding-slots.sql).
 */
export const PARCEL_HERE = [R.signed, R.stored, R.unclaimed, R.abnormal] as const;
export const isParcelHere = (p: ParcelState): boolean => (PARCEL_HERE as readonly number[]).includes(p.receiveStatus);
