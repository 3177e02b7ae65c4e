// Mainland packages (DOMAIN §3, spec 000 §3 "Package / shipment template", spec 001 §7
// BackMainLandPackage): an outbound bag of weighed mainland orders for one warehouse, site and
// cargo category, with its international waybill number. Closing a bag (EditCompleteStatus) ships
// every order in it. BackOrder/EditInterNationalShipment puts an order into a bag.
import { z } from 'zod';
import { SITES } from '../enums.ts';
import { optionalText, paged, pagedResult, isoTime } from './common.ts';
import { defineService } from './define.ts';

const site = z.enum(SITES);
const cargoCategory = z.union([z.literal(1), z.literal(2), z.literal(3)]);
const cm = z.number().min(0).max(1000).multipleOf(0.1);
/** An international waybill number as printed: letters, digits and dashes. */
export const waybillNumber = z.string().trim().min(4).max(64).regex(/^[A-Za-z0-9-]+$/, '只能包含字母、数字和 -');

export const BaggedOrderDto = z.object({
  id: z.number().int(), tradeNo: z.string(), orderNumber: z.string(), userCode: z.string(), orderStatus: z.number().int(), packageStatus: z.number().int(),
});
export type BaggedOrderDto = z.infer<typeof BaggedOrderDto>;

export const MainLandPackageDto = z.object({
  id: z.number().int(),
  packageName: z.string(),
  warehouseInfoId: z.number().int(),
  warehouseName: z.string(),
  site,
  cargoCategory: z.number().int(),
  long: z.number().nullable(),
  wide: z.number().nullable(),
  high: z.number().nullable(),
  weight: z.number().nullable(),
  mainLandInterNationalShipment: z.string().nullable(),
  isSend: z.boolean(),
  sendTime: z.string().nullable(),
  appointUserId: z.number().int().nullable(),
  appointUserName: z.string().nullable(),
  createUserId: z.number().int().nullable(),
  createUserName: z.string().nullable(),
  updateUserId: z.number().int().nullable(),
  updateUserName: z.string().nullable(),
  createTime: z.string(),
  updateTime: z.string().nullable(),
  /** The orders in the bag, oldest first. */
  orderCount: z.number().int(),
  orders: z.array(BaggedOrderDto),
});
export type MainLandPackageDto = z.infer<typeof MainLandPackageDto>;

/** id absent or 0 creates a bag; otherwise edits an open one. */
export const EditMainLandPackageInput = z.object({
  id: z.number().int().min(0).optional(),
  packageName: optionalText(64),
  warehouseInfoId: z.number().int().positive(),
  site,
  cargoCategory,
  mainLandInterNationalShipment: waybillNumber.optional().nullable().or(z.literal('').transform(() => null)),
  long: cm.optional().nullable(),
  wide: cm.optional().nullable(),
  high: cm.optional().nullable(),
  weight: z.number().min(0).max(10_000).multipleOf(0.001).optional().nullable(),
  appointUserId: z.number().int().positive().optional().nullable(),
});

export const MainLandPackageListInput = paged({
  warehouseInfoId: z.number().int().positive().optional(),
  site: site.optional(),
  cargoCategory: cargoCategory.optional(),
  isSend: z.boolean().optional(),
  appointUserId: z.number().int().positive().optional(),
  /** A bag name, a waybill number, or the trade number of an order in the bag. */
  keyword: z.string().trim().max(64).optional(),
  timeFrom: isoTime.optional(),
  timeTo: isoTime.optional(),
});

const PERMISSION = 'OrderManage.MainLandOrderManage' as const;

export const mainLandPackageActions = {
  geMainLandPackageList: { method: 'GET', permission: PERMISSION, path: 'GeMainLandPackageList', input: MainLandPackageListInput, output: pagedResult(MainLandPackageDto) },
  /** The open bags to choose from when bagging an order (optionally of one warehouse / site / category). */
  getSelectShipmentList: {
    method: 'GET', permission: PERMISSION,
    input: z.object({ warehouseInfoId: z.number().int().positive().optional(), site: site.optional(), cargoCategory: cargoCategory.optional() }),
    output: z.array(MainLandPackageDto),
  },
  editMainLandPackage: { method: 'POST', permission: PERMISSION, input: EditMainLandPackageInput, output: MainLandPackageDto },
  /** The active back-office staff a bag can be assigned to (appointUserId), for the picker. */
  getAppointUserList: {
    method: 'GET', permission: PERMISSION, input: z.object({}),
    output: z.array(z.object({ id: z.number().int(), name: z.string(), userName: z.string() })),
  },
  /** Closes (sends) a bag and ships every order in it. */
  editCompleteStatus: {
    method: 'POST', permission: PERMISSION,
    input: z.object({ id: z.number().int().positive() }),
    output: MainLandPackageDto.extend({ shippedCount: z.number().int() }),
  },
} as const;

export const backMainLandPackage = defineService('BackMainLandPackage', mainLandPackageActions);

export const BagOrderResult = z.object({
  orderId: z.number().int(), tradeNo: z.string(), mainLandPackageId: z.number().int().nullable(), packageName: z.string().nullable(), orderCount: z.number().int(),
});

/** BackOrder's bagging action (spec 000 §7): EditInterNationalShipment?id&mainLandPackageId; 0 takes the order out of its bag. */
export const bagOrderActions = {
  editInterNationalShipment: {
    method: 'POST', permission: PERMISSION, query: ['id', 'mainLandPackageId'],
    input: z.object({ id: z.number().int().positive(), mainLandPackageId: z.number().int().min(0) }),
    output: BagOrderResult,
  },
} as const;
