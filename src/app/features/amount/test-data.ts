// Sample DTOs for the points screens' tests.
import type { FlowDto, RechargeOrderDto } from '#shared/contracts/ledger.ts';

export const buildFlow = (over: Partial<FlowDto> = {}): FlowDto => ({
  id: 1, userId: 7, userCode: 'S00007', channel: 2, incurredAmount: 100, balance: 100, tradeNo: null, orderNumber: null,
  storeName: null, site: null, warehouseName: null, remark: null, reversesFlowId: null, creatorName: 'admin',
  creationTime: '2026-11-20T02:00:00Z', ...over,
});

export const buildRecharge = (over: Partial<RechargeOrderDto> = {}): RechargeOrderDto => ({
  id: 42, amount: 500, status: 0, provider: 'test', providerRef: 'a'.repeat(32), paymentUrl: `/pay/test/${'a'.repeat(32)}`,
  paidTime: null, closedTime: null, creationTime: '2026-11-20T02:00:00Z', ...over,
});
