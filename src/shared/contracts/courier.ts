// Couriers (spec 000 §2 /courier/*, spec 001 §7 CourierCompany, CourierExpressDelivery): the
// record of domestic parcels a courier hands over at the warehouse door, by courier company, for
// reconciling with the courier company; a wrong entry is voided (MarkNotEnable), never deleted.
import { z } from 'zod';
import { optionalText, paged, pagedResult, isoTime } from './common.ts';
import { defineService } from './define.ts';
import { trackingNumber, trackingNumberFilter } from './orders.ts';
import { COURIER_CODES } from '../couriers.ts';

export { COURIER_COMPANIES, COURIER_CODES, courierCompanyName } from '../couriers.ts';

const courierCode = z.enum(COURIER_CODES as unknown as [string, ...string[]]);

export const CourierCompanyDto = z.object({ code: z.string(), name: z.string() });

export const CourierExpressDeliveryDto = z.object({
  id: z.number().int(),
  warehouseInfoId: z.number().int(),
  warehouseName: z.string(),
  courierCompanyCode: z.string(),
  courierCompanyName: z.string(),
  shipment: z.string(),
  courierName: z.string().nullable(),
  courierPhone: z.string().nullable(),
  reMark: z.string().nullable(),
  isEnable: z.boolean(),
  creatorUserName: z.string().nullable(),
  creationTime: z.string(),
  notEnableUserName: z.string().nullable(),
  notEnableTime: z.string().nullable(),
  /** The parcel with the same number, when one was declared or signed in (for reconciliation). */
  receiveStatus: z.number().int().nullable(),
  userCode: z.string().nullable(),
});
export type CourierExpressDeliveryDto = z.infer<typeof CourierExpressDeliveryDto>;

export const AddCourierExpressDeliveryInput = z.object({
  warehouseInfoId: z.number().int().positive(),
  courierCompanyCode: courierCode,
  shipments: z.array(trackingNumber).min(1, '至少需要一个快递单号').max(500),
  courierName: optionalText(32),
  courierPhone: z.string().trim().max(32).regex(/^[0-9+\- ]*$/, '只能包含数字、空格、+ 和 -').optional().nullable(),
  reMark: optionalText(256),
});

export const CourierExpressDeliveryListInput = paged({
  warehouseInfoId: z.number().int().positive().optional(),
  courierCompanyCode: courierCode.optional(),
  shipment: trackingNumberFilter.optional(),
  courierName: z.string().trim().max(32).optional(),
  isEnable: z.boolean().optional(),
  timeFrom: isoTime.optional(),
  timeTo: isoTime.optional(),
});

export const courierCompany = defineService('CourierCompany', {
  getCourierCompanyList: { method: 'GET', permission: 'OrderManage', input: z.object({}), output: z.array(CourierCompanyDto) },
});

export const courierExpressDelivery = defineService('CourierExpressDelivery', {
  getList: { method: 'GET', permission: 'OrderManage', input: CourierExpressDeliveryListInput, output: pagedResult(CourierExpressDeliveryDto) },
  /** Records one hand-over: every tracking number the courier brought, in one go. */
  add: {
    method: 'POST', permission: 'OrderManage', input: AddCourierExpressDeliveryInput,
    output: z.object({ count: z.number().int(), items: z.array(CourierExpressDeliveryDto) }),
  },
  markNotEnable: { method: 'POST', permission: 'OrderManage', query: ['id'], input: z.object({ id: z.number().int().positive() }), output: CourierExpressDeliveryDto },
});
