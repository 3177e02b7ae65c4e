// Points: the seller's recharge and flow list (Recharge), the staff's flow list (Flow) and the
// staff's manual recharge (User/SystemRechargeAmount) — DOMAIN §5, spec 001 §7, spec 000 User.
// Amounts are points with at most 2 decimals; the server keeps integer cents.
import { z } from 'zod';
import { defineService } from './define.ts';
import { EntityDto, optionalText, paged, pagedResult, isoTime } from './common.ts';
import { FLOW_CHANNEL, RECHARGE_STATUS } from '../enums.ts';
import { hasAtMostTwoDecimals as hasTwoDecimals } from '../money.ts';


/** The largest single recharge or adjustment, in points. */
export const MAX_RECHARGE_POINTS = 1_000_000;

/** A recharge amount: positive points with at most 2 decimals. */
export const rechargeAmount = z.number().positive('充值金额必须大于 0').max(MAX_RECHARGE_POINTS).refine(hasTwoDecimals, '金额最多两位小数');
/** A staff adjustment: non-zero, either sign, at most 2 decimals. */
export const adjustmentAmount = z.number().min(-MAX_RECHARGE_POINTS).max(MAX_RECHARGE_POINTS)
  .refine((v) => v !== 0, '金额不能为 0').refine(hasTwoDecimals, '金额最多两位小数');

const flowChannel = z.union(Object.values(FLOW_CHANNEL).map((v) => z.literal(v)) as unknown as [z.ZodLiteral<number>, z.ZodLiteral<number>]);
const rechargeStatus = z.union([z.literal(RECHARGE_STATUS.pending), z.literal(RECHARGE_STATUS.paid), z.literal(RECHARGE_STATUS.closed)]);

export const FlowDto = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  userCode: z.string().nullable(),
  channel: z.number().int(),
  /** Signed points: recharges positive, fees negative. */
  incurredAmount: z.number(),
  /** The balance right after this flow. */
  balance: z.number(),
  tradeNo: z.string().nullable(),
  orderNumber: z.string().nullable(),
  storeName: z.string().nullable(),
  site: z.string().nullable(),
  warehouseName: z.string().nullable(),
  remark: z.string().nullable(),
  /** For 10 退款: the flow it reverses. */
  reversesFlowId: z.number().int().nullable(),
  creatorName: z.string().nullable(),
  creationTime: z.string(),
});
export type FlowDto = z.infer<typeof FlowDto>;

const flowFilters = {
  channel: flowChannel.optional(),
  timeFrom: isoTime.optional(),
  timeTo: isoTime.optional(),
  /** tradeNo or orderNumber. */
  number: z.string().trim().max(64).optional(),
};

export const AmountListInput = paged(flowFilters);
export type AmountListInput = z.input<typeof AmountListInput>;
export const FlowListInput = paged({
  ...flowFilters,
  userId: z.number().int().positive().optional(),
  userCode: z.string().trim().max(16).optional(),
});
export type FlowListInput = z.input<typeof FlowListInput>;
/** The xlsx export takes the list's filters without paging. */
export const FlowExportInput = FlowListInput.omit({ currentPage: true, pageSize: true, skipCount: true, maxResultCount: true });

export const RechargeOrderDto = z.object({
  id: z.number().int(),
  amount: z.number(),
  status: rechargeStatus,
  provider: z.string(),
  providerRef: z.string(),
  /** The payment page at the provider (for the test provider: a page of this product). */
  paymentUrl: z.string(),
  paidTime: z.string().nullable(),
  closedTime: z.string().nullable(),
  creationTime: z.string(),
});
export type RechargeOrderDto = z.infer<typeof RechargeOrderDto>;

export const recharge = defineService('Recharge', {
  /** The seller's own flows, newest first, and the current balance. */
  getAmountList: {
    method: 'GET', permission: 'Front.Amount', input: AmountListInput,
    output: pagedResult(FlowDto).extend({ balance: z.number() }),
  },
  getBalance: { method: 'GET', permission: 'Front.Amount', input: z.object({}), output: z.object({ balance: z.number() }) },
  /** Creates a recharge order (0 待支付) and answers where to pay it: the payment address, as the spec says. */
  generatePaymentUrl: {
    method: 'GET', permission: 'Front.Amount', input: z.object({ amount: rechargeAmount }), output: z.string(),
  },
  /** The same, answering the whole order: the console keeps its id to ask ConfirmPayment when the seller returns. */
  createRecharge: {
    method: 'POST', permission: 'Front.Amount', input: z.object({ amount: rechargeAmount }), output: RechargeOrderDto,
  },
  /** Asks the provider; on paid, settles the order (1 已支付) and posts channel 1 once. */
  confirmPayment: { method: 'GET', permission: 'Front.Amount', input: EntityDto, output: RechargeOrderDto },
});

export const SellerBalanceDto = z.object({ id: z.number().int(), userCode: z.string().nullable(), name: z.string(), userName: z.string(), balance: z.number() });
export type SellerBalanceDto = z.infer<typeof SellerBalanceDto>;

export const flow = defineService('Flow', {
  getFlowList: { method: 'GET', permission: 'Amount.Manages', input: FlowListInput, output: pagedResult(FlowDto) },
  /** Sellers matching a code or name, with their balances (the 系统充值 dialog's picker). */
  getSellerBalances: {
    method: 'GET', permission: 'Amount.Manages',
    input: z.object({ keyword: z.string().trim().max(64).optional(), userId: z.number().int().positive().optional() }),
    output: z.array(SellerBalanceDto),
  },
});

export const SystemRechargeInput = z.object({
  userId: z.number().int().positive(),
  amount: adjustmentAmount,
  remark: optionalText(512),
}).superRefine((v, ctx) => {
  if (v.amount < 0 && !v.remark) ctx.addIssue({ code: 'custom', path: ['remark'], message: '扣减积分必须填写备注' });
});
export type SystemRechargeInput = z.input<typeof SystemRechargeInput>;

/** The staff's manual recharge; it lives at the spec's URL User/SystemRechargeAmount. */
export const userRecharge = defineService('UserRecharge', {
  systemRechargeAmount: {
    method: 'POST', permission: 'Amount.Manages', input: SystemRechargeInput,
    output: z.object({ flow: FlowDto, balance: z.number() }),
  },
}, { basePath: '/api/services/app/User' });
