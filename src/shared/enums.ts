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
  UserType: [0, 1],
} as const;
export type EnumName = keyof typeof ENUM_CODES;

/** The localisation key of a code's label: labelKey('OrderStatus', 2) → 'OrderStatus.2'. */
export const labelKey = (name: EnumName, code: string | number): string => `${name}.${code}`;
