// The returns rules (DOMAIN §6) walked over every status: what the server refuses with 409 and what
// the screens hide.
import { describe, expect, it } from 'vitest';
import { ENUM_CODES, ORDER_RETURN_HANDLE_TYPE as H, ORDER_STATUS as S, PACKAGE_STATUS as P } from '../enums.ts';
import { canAdvance, canOrderReturn, canRefusal, ADVANCE_RULES, ORDER_RETURN_RULES, REFUSABLE_ORDER, REFUSAL_RULES } from './returns.ts';

describe('refusal and advance-order decisions', () => {
  it('decide once from 待处理; correct only a decision taken', () => {
    expect(ENUM_CODES.RefusalStatus.filter((handleStatus) => canRefusal('handle', { handleStatus }))).toEqual([0]);
    expect(ENUM_CODES.RefusalStatus.filter((handleStatus) => canRefusal('handleAgain', { handleStatus }))).toEqual([1, 2, 3]);
    expect(ENUM_CODES.AdvanceStatus.filter((handleStatus) => canAdvance('handle', { handleStatus }))).toEqual([0]);
    expect(ENUM_CODES.AdvanceStatus.filter((handleStatus) => canAdvance('handleAgain', { handleStatus }))).toEqual([1, 2, 3]);
    for (const rule of [...Object.values(REFUSAL_RULES), ...Object.values(ADVANCE_RULES)]) expect(rule.refusal).toMatch(/[\u4e00-\u9fff]/);
  });

  it('only an order that left the warehouse can come back refused', () => {
    const refusable: string[] = [];
    for (const orderStatus of ENUM_CODES.OrderStatus) {
      for (const packageStatus of ENUM_CODES.PackageStatus) if (REFUSABLE_ORDER.allowed({ orderStatus, packageStatus })) refusable.push(`${orderStatus}/${packageStatus}`);
    }
    const expected = new Set([
      ...ENUM_CODES.OrderStatus.map((o) => `${o}/${P.dispatched}`),
      ...ENUM_CODES.PackageStatus.flatMap((p) => [`${S.shipped}/${p}`, `${S.completed}/${p}`]),
    ]);
    expect(new Set(refusable)).toEqual(expected);
  });
});

describe('marketplace returns', () => {
  const states = ENUM_CODES.OrderReturnStatus.flatMap((whetherHandle) =>
    [null, ...ENUM_CODES.OrderReturnHandleType].flatMap((handleType) => [null, '2026-11-22T00:00:00Z'].map((returnTime) => ({ whetherHandle, handleType, returnTime }))));

  it('the seller decides while it is 待处理 and not destroyed (the fee is charged once, 销毁 is final)', () => {
    const allowed = states.filter((r) => canOrderReturn('decide', r));
    expect(allowed.every((r) => r.whetherHandle === 0 && r.handleType !== H.destroy)).toBe(true);
    expect(allowed).toHaveLength(2 * 3); // no choice, 入库 or 退回卖家; arrived or not
  });

  it('staff mark handled only once it is here and the seller has chosen', () => {
    const allowed = states.filter((r) => canOrderReturn('handle', r));
    expect(allowed).toEqual(ENUM_CODES.OrderReturnHandleType.map((handleType) => ({ whetherHandle: 0, handleType, returnTime: '2026-11-22T00:00:00Z' })));
    for (const rule of Object.values(ORDER_RETURN_RULES)) expect(rule.refusal).toMatch(/[\u4e00-\u9fff]/);
  });
});
