// Rejections and returns (DOMAIN §6): a seller asks the warehouse to refuse a domestic parcel at the
// door (handleType 1 拒收) or to send a signed-in one back (handleType 2 退回). handleStatus follows
// the transition table in modules/rejections/transitions.ts.
import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantIdColumn, tenantPolicy, warehouseScopePolicy } from './tenancy.ts';
import { users } from './identity.ts';
import { warehouseInfos } from './warehouse.ts';

const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const expressRejections = pgTable('express_rejections', {
  id: id(),
  tenantId: tenantIdColumn(),
  shipment: varchar('shipment', { length: 64 }).notNull(),
  expressCompany: varchar('express_company', { length: 64 }),
  warehouseInfoId: bigint('warehouse_info_id', { mode: 'number' }).references(() => warehouseInfos.id),
  userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
  userCode: varchar('user_code', { length: 16 }),
  handleType: smallint('handle_type').notNull(),
  handleStatus: smallint('handle_status').notNull().default(0),
  reMark: varchar('re_mark', { length: 512 }),
  recipientName: varchar('recipient_name', { length: 64 }),
  receiptPhone: varchar('receipt_phone', { length: 32 }),
  receiptAddress: varchar('receipt_address', { length: 512 }),
  reason: varchar('reason', { length: 512 }),
  handleUserId: bigint('handle_user_id', { mode: 'number' }),
  rejectionTime: time('rejection_time'),
  revokedTime: time('revoked_time'),
  // A return (handleType 2) sent back (3 已退回): the courier's number and company, what it cost.
  returnNo: varchar('return_no', { length: 64 }),
  returnExpressCompany: varchar('return_express_company', { length: 64 }),
  expressCostCents: bigint('express_cost_cents', { mode: 'number' }),
  returnTime: time('return_time'),
  // The fee charged for it (5 已扣费, channel 8): its kind, amount and flow (reversed on 撤销扣费).
  deductionType: smallint('deduction_type'),
  deductionCents: bigint('deduction_cents', { mode: 'number' }),
  deductionFlowId: bigint('deduction_flow_id', { mode: 'number' }),
  /** The warehouse's own note (AddWarehouseRemark), apart from the seller's reMark. */
  warehouseRemark: varchar('warehouse_remark', { length: 512 }),
  creationTime: createdAt(),
}, (t) => [
  // One pending (待处理) request per tracking number and tenant.
  uniqueIndex('express_rejections_open_uq').on(t.tenantId, t.shipment).where(sql`${t.handleStatus} = 0`),
  index('express_rejections_user_idx').on(t.tenantId, t.userId, t.id),
  index('express_rejections_status_idx').on(t.tenantId, t.handleStatus, t.id),
  tenantPolicy(t.tenantId), warehouseScopePolicy(t.warehouseInfoId),
]);
