// Codes stored and sent over the API (DOMAIN §2–§4). Labels live in the Warehouse localisation
// source under `<Enum>.<code>`; screens show them with t(labelKey(...)), never hard-coded.

export const SITES = ['TW', 'MY', 'SG', 'PH', 'TH', 'VN', 'ID', 'BR', 'MX', 'CO', 'CL'] as const;
export type Site = (typeof SITES)[number];

export const CARGO_CATEGORY = { general: 1, special: 2, sensitive: 3 } as const;
export const SHIPPING_METHOD = { shopeeSls: 1, thirdParty: 2, selfPickup: 3 } as const;
export const ORDER_TYPE = { crossBorder: 1, mainland: 2, stock: 3, abroad: 4 } as const;

export const ORDER_STATUS = { pending: 1, processing: 2, awaitingFreight: 3, shipped: 4, completed: 5, cancelled: 6, onHold: 7 } as const;
export const PACKAGE_STATUS = { awaiting: 0, partial: 1, complete: 2, packed: 3, weighed: 4, dispatched: 5 } as const;
export const RECEIVE_STATUS = { declared: 0, signed: 1, stored: 2, refused: 3, returned: 4, unclaimed: 5, abnormal: 6 } as const;
/** Ledger channels (DOMAIN §5): what moved a seller's points. 10 退款 is a reversal of another flow. */
export const FLOW_CHANNEL = {
  onlineRecharge: 1, systemRecharge: 2, orderFee: 3, freight: 4, packaging: 5, shelving: 6, storage: 7,
  rejectionFee: 8, destruction: 9, refund: 10, urgentFee: 11,
} as const;
export type FlowChannel = (typeof FLOW_CHANNEL)[keyof typeof FLOW_CHANNEL];
/** An urge request (催单, DOMAIN §3): 0 待处理 until staff reply, then 1 已处理. */
export const URGENT_REQUEST_STATUS = { pending: 0, replied: 1 } as const;
/** Recharge order status: 0 待支付, 1 已支付, 2 已关闭. */
export const RECHARGE_STATUS = { pending: 0, paid: 1, closed: 2 } as const;
export type RechargeStatus = (typeof RECHARGE_STATUS)[keyof typeof RECHARGE_STATUS];
/** Rejection requests (DOMAIN §6): handleType 1 拒收 / 2 退回; handleStatus 0 待处理 … 5 已扣费. */
export const REJECTION_HANDLE_TYPE = { rejection: 1, return: 2 } as const;
export const REJECTION_STATUS = { pending: 0, rejected: 1, failed: 2, returned: 3, revoked: 4, deducted: 5 } as const;
export type RejectionStatus = (typeof REJECTION_STATUS)[keyof typeof REJECTION_STATUS];
/** What a returned parcel's fee (ConfirmDeduction, channel 8) is for: 1 退件运费, 2 拒收处理费, 3 其他. */
export const REJECTION_DEDUCTION_TYPE = { returnFreight: 1, handling: 2, other: 3 } as const;
/** Refused orders shipped back (DOMAIN §6): which line's record (BackRefusalOrder / YNRefusalOrder). */
export const REFUSAL_LINE = { general: 1, vietnam: 2 } as const;
/** A refusal's decision: 0 待处理, 1 重新入库 (to stock), 2 退回卖家, 3 销毁. */
export const REFUSAL_STATUS = { pending: 0, restock: 1, returnToSeller: 2, destroy: 3 } as const;
/** An advance order's decision: 0 待处理, 1 已匹配订单, 2 转囤货, 3 退回. */
export const ADVANCE_STATUS = { pending: 0, matched: 1, toStock: 2, returned: 3 } as const;
/** What the seller decides for a marketplace return: 1 入库, 2 退回卖家, 3 销毁 (destroy fee, channel 9). */
export const ORDER_RETURN_HANDLE_TYPE = { toStock: 1, returnToSeller: 2, destroy: 3 } as const;
/** A marketplace return's whetherHandle: 0 待处理, 1 已处理. */
export const ORDER_RETURN_STATUS = { pending: 0, handled: 1 } as const;

/**
 * Stock records (囤货单, DOMAIN §7) productStatus: 0 待到货 → 1 已到货 → 2 验货通过 / 3 验货不通过 → 4 已贴标 →
 * 5 已上架; 6 已取消. The moves are the table in rules/stock.ts.
 */
export const STOCK_STATUS = { awaiting: 0, arrived: 1, passed: 2, failed: 3, labelled: 4, shelved: 5, cancelled: 6 } as const;
export type StockStatus = (typeof STOCK_STATUS)[keyof typeof STOCK_STATUS];
/** A stock product's status: only 1 可用 can be ordered. */
export const STOCK_PRODUCT_STATUS = { available: 1, unavailable: 2, disabled: 3 } as const;
/** ListedHistory type: what moved the inventory (quantity signed). */
export const LISTED_TYPE = { shelfUp: 1, outbound: 2, countAdjust: 3, returnIn: 4, destroy: 5 } as const;
export type ListedType = (typeof LISTED_TYPE)[keyof typeof LISTED_TYPE];

/** A buyer's return to an overseas warehouse (DOMAIN §8): 0 待入库, 1 已入库, 2 待销毁, 3 已销毁. */
export const ABROAD_RETURN_STATUS = { awaiting: 0, warehoused: 1, awaitingDestruction: 2, destroyed: 3 } as const;
export type AbroadReturnStatus = (typeof ABROAD_RETURN_STATUS)[keyof typeof ABROAD_RETURN_STATUS];

/** An enum's codes as a non-empty list, so a screen's filter can take them whole (filter.oneOf). */
const codesOf = <E extends Record<string, number>>(e: E) => Object.values(e) as [E[keyof E], ...E[keyof E][]];

export const ENUM_CODES = {
  Site: SITES,
  CargoCategory: codesOf(CARGO_CATEGORY),
  ShippingMethod: codesOf(SHIPPING_METHOD),
  OrderType: codesOf(ORDER_TYPE),
  OrderStatus: codesOf(ORDER_STATUS),
  PackageStatus: codesOf(PACKAGE_STATUS),
  ReceiveStatus: codesOf(RECEIVE_STATUS),
  FlowChannel: codesOf(FLOW_CHANNEL),
  RechargeStatus: codesOf(RECHARGE_STATUS),
  RejectionHandleType: codesOf(REJECTION_HANDLE_TYPE),
  RejectionStatus: codesOf(REJECTION_STATUS),
  RejectionDeductionType: codesOf(REJECTION_DEDUCTION_TYPE),
  RefusalLine: codesOf(REFUSAL_LINE),
  RefusalStatus: codesOf(REFUSAL_STATUS),
  AdvanceStatus: codesOf(ADVANCE_STATUS),
  OrderReturnHandleType: codesOf(ORDER_RETURN_HANDLE_TYPE),
  OrderReturnStatus: codesOf(ORDER_RETURN_STATUS),
  StockStatus: codesOf(STOCK_STATUS),
  StockProductStatus: codesOf(STOCK_PRODUCT_STATUS),
  ListedType: codesOf(LISTED_TYPE),
  AbroadReturnStatus: codesOf(ABROAD_RETURN_STATUS),
  UserType: [0, 1],
} as const;
export type EnumName = keyof typeof ENUM_CODES;

/** The localisation key of a code's label: labelKey('OrderStatus', 2) → 'OrderStatus.2'. */
export const labelKey = (name: EnumName, code: string | number): string => `${name}.${code}`;
