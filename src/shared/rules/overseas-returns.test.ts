// The overseas return table walked over every status: 0 待入库 → 1 已入库, or 0 → 2 待销毁 → 3 已销毁.
import { describe, expect, it } from 'vitest';
import { ABROAD_RETURN_STATUS as ST, ENUM_CODES } from '../enums.ts';
import { ABROAD_RETURN_TRANSITIONS, canAbroadReturn, type AbroadReturnAction } from './overseas-returns.ts';

const from = (action: AbroadReturnAction) => ENUM_CODES.AbroadReturnStatus.filter((returnStatus) => canAbroadReturn(action, { returnStatus }));

describe('overseas return rules', () => {
  it('puts into stock only a return still awaited, once', () => {
    expect(from('warehouse')).toEqual([ST.awaiting]);
    expect(ABROAD_RETURN_TRANSITIONS.warehouse.to).toBe(ST.warehoused);
  });

  it('lets the seller choose destruction only before the goods are stocked', () => {
    expect(from('chooseDestruction')).toEqual([ST.awaiting]);
    expect(ABROAD_RETURN_TRANSITIONS.chooseDestruction.to).toBe(ST.awaitingDestruction);
  });

  it('destroys only what the seller chose to destroy, once', () => {
    expect(from('destroy')).toEqual([ST.awaitingDestruction]);
    expect(ABROAD_RETURN_TRANSITIONS.destroy.to).toBe(ST.destroyed);
  });

  it('ends at 已入库 and 已销毁: nothing moves a return on from there', () => {
    const actions = Object.keys(ABROAD_RETURN_TRANSITIONS) as AbroadReturnAction[];
    for (const returnStatus of [ST.warehoused, ST.destroyed]) expect(actions.filter((a) => canAbroadReturn(a, { returnStatus }))).toEqual([]);
  });
});
