// Flow rows → DTOs: cents become points here.
import type { FlowDto } from '#shared/contracts/ledger.ts';
import { centsToPoints } from '#shared/money.ts';
import type { FlowRow } from './ledger.ts';

export function toFlowDto(f: FlowRow): FlowDto {
  return {
    id: f.id, userId: f.userId, userCode: f.userCode, channel: f.channel,
    incurredAmount: centsToPoints(f.incurredCents), balance: centsToPoints(f.balanceCents),
    tradeNo: f.tradeNo, orderNumber: f.orderNumber, storeName: f.storeName, site: f.site, warehouseName: f.warehouseName,
    remark: f.remark, reversesFlowId: f.reversesFlowId, creatorName: f.creatorName, creationTime: f.creationTime.toISOString(),
  };
}
