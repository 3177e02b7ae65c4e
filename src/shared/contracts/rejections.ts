// Rejections and returns (DOMAIN §6; spec 001 ExpressRejection / BackExpressRejectionReturn): the
// seller asks the warehouse to refuse a parcel at the door (handleType 1) or to send a signed-in one
// back (handleType 2); staff confirm or fail the request. The scan answers REJECT for a pending
// handleType 1 (DOMAIN §4).
import { z } from 'zod';
import { REJECTION_DEDUCTION_TYPE } from '../enums.ts';
import { optionalText, paged, pagedResult, text, isoTime } from './common.ts';
import { defineService } from './define.ts';
import { points } from './fees.ts';
import { trackingNumber, trackingNumberFilter } from './orders.ts';

const id = z.number().int().positive();

export const RejectionDto = z.object({
  id: z.number().int(),
  shipment: z.string(),
  expressCompany: z.string().nullable(),
  warehouseInfoId: z.number().int().nullable(),
  warehouseName: z.string().nullable(),
  userId: z.number().int(),
  userCode: z.string().nullable(),
  handleType: z.number().int(),
  handleStatus: z.number().int(),
  reMark: z.string().nullable(),
  recipientName: z.string().nullable(),
  receiptPhone: z.string().nullable(),
  receiptAddress: z.string().nullable(),
  reason: z.string().nullable(),
  rejectionTime: z.string().nullable(),
  revokedTime: z.string().nullable(),
  /** A return sent back (3 已退回): the courier's number and company, and what it cost (points). */
  returnNo: z.string().nullable(),
  returnExpressCompany: z.string().nullable(),
  expressCost: z.number().nullable(),
  returnTime: z.string().nullable(),
  /** The fee charged for it (5 已扣费): kind and points. */
  deductionType: z.number().int().nullable(),
  deductionAmount: z.number().nullable(),
  warehouseRemark: z.string().nullable(),
  creationTime: z.string(),
});
export type RejectionDto = z.infer<typeof RejectionDto>;

const listFilters = {
  handleStatus: z.number().int().min(0).max(5).optional(),
  handleType: z.union([z.literal(1), z.literal(2)]).optional(),
  shipment: trackingNumberFilter.optional(),
};

export const expressRejection = defineService('ExpressRejection', {
  /** The seller's own requests, newest first. */
  getExpressRejectionList: { method: 'GET', permission: 'Front.Orders', input: paged(listFilters), output: pagedResult(RejectionDto) },
  createRejectionInfo: {
    method: 'POST', permission: 'Front.Orders',
    input: z.object({ shipment: trackingNumber, expressCompany: text(64), warehouseInfoId: id, reMark: optionalText(512) }),
    output: RejectionDto,
  },
  createReturnInfo: {
    method: 'POST', permission: 'Front.Orders',
    input: z.object({ shipment: trackingNumber, recipientName: text(64), receiptPhone: text(32), receiptAddress: text(512), reMark: optionalText(512) }),
    output: RejectionDto,
  },
  /** The seller withdraws a pending request (0 → 4). */
  editRevoked: { method: 'POST', permission: 'Front.Orders', input: z.object({ id }), output: RejectionDto },
});

const STAFF = 'OrderManage.ExpressShipmentDelivery' as const;

const staffListInput = paged({ ...listFilters, warehouseInfoId: id.optional(), userCode: z.string().trim().max(16).optional(), timeFrom: isoTime.optional(), timeTo: isoTime.optional() });
const deductionType = z.union(Object.values(REJECTION_DEDUCTION_TYPE).map((c) => z.literal(c)) as [z.ZodLiteral<1>, z.ZodLiteral<2>, z.ZodLiteral<3>]);

export const backExpressRejectionReturn = defineService('BackExpressRejectionReturn', {
  /** Requests at mainland warehouses. */
  getBackRejectionReturnList: { method: 'GET', permission: STAFF, input: staffListInput, output: pagedResult(RejectionDto) },
  /** Requests at overseas warehouses. */
  getBackOverseasReturnList: { method: 'GET', permission: STAFF, input: staffListInput, output: pagedResult(RejectionDto) },
  /** 0 → 1: the parcel is refused at the door (receiveStatus 3 拒收). */
  confirmRejection: { method: 'POST', permission: STAFF, input: z.object({ id }), output: RejectionDto },
  /** 0 → 2: the refusal could not be done (typically the parcel was already signed in). */
  processFaile: { method: 'POST', permission: STAFF, input: z.object({ id, reason: text(512) }), output: RejectionDto },
  /** 2 → 0: undo a failure. */
  cancleFail: { method: 'POST', permission: STAFF, query: ['id'], input: z.object({ id }), output: RejectionDto },
  /** 0 → 3: a return request's parcel is sent back (parcel receiveStatus 4 已退回). */
  confirmReturn: {
    method: 'POST', permission: STAFF,
    input: z.object({ id, returnNo: text(64), returnExpressCompany: text(64), expressCost: points() }),
    output: RejectionDto,
  },
  /** 3 → 0: undo a return (the parcel is back in the warehouse, receiveStatus 1). */
  cancleReturn: { method: 'POST', permission: STAFF, query: ['id'], input: z.object({ id }), output: RejectionDto },
  /** 3 → 5: charge the seller for the return (channel 8 退件/拒收费). */
  confirmDeduction: {
    method: 'POST', permission: STAFF,
    input: z.object({ id, deductionType, amount: points({ positive: true }) }),
    output: RejectionDto,
  },
  /** 5 → 3: refund that charge (a channel-10 reversal of its flow). */
  deductionReturn: { method: 'POST', permission: STAFF, query: ['id'], input: z.object({ id }), output: RejectionDto },
  /** The warehouse's own note on a request, at any status. */
  addWarehouseRemark: { method: 'POST', permission: STAFF, query: ['id', 'remark'], input: z.object({ id, remark: optionalText(512) }), output: RejectionDto },
});
