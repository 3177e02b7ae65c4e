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

export const ENUM_CODES = {
  Site: SITES,
  CargoCategory: Object.values(CARGO_CATEGORY),
  ShippingMethod: Object.values(SHIPPING_METHOD),
  OrderType: Object.values(ORDER_TYPE),
  OrderStatus: Object.values(ORDER_STATUS),
  PackageStatus: Object.values(PACKAGE_STATUS),
  ReceiveStatus: Object.values(RECEIVE_STATUS),
  UserType: [0, 1],
} as const;
export type EnumName = keyof typeof ENUM_CODES;

/** The localisation key of a code's label: labelKey('OrderStatus', 2) → 'OrderStatus.2'. */
export const labelKey = (name: EnumName, code: string | number): string => `${name}.${code}`;
