import { describe, expect, it } from 'vitest';
import { zhHans } from '#shared/i18n/zh-Hans.ts';
import { createTranslator } from '../../lib/i18n.ts';
import { auditActionLabel, auditChange } from './audit-format.ts';

const t = createTranslator(zhHans);

describe('audit rows', () => {
  it('read order statuses as "order / package" labels and parcel statuses as receive labels', () => {
    expect(auditChange(t, { entity: 'order', statusBefore: null, statusAfter: '1/0' })).toBe('— → 待处理 / 待到货');
    expect(auditChange(t, { entity: 'order', statusBefore: '1', statusAfter: '7' })).toBe('待处理 → 问题件');
    expect(auditChange(t, { entity: 'parcel', statusBefore: '5', statusAfter: '1' })).toBe('无主件 → 已签收');
    expect(auditChange(t, { entity: 'stock', statusBefore: null, statusAfter: null })).toBeNull();
  });

  it('names known actions and shows unknown ones as sent', () => {
    expect(auditActionLabel(t, 'processOrderStatus')).toBe('修改订单状态');
    expect(auditActionLabel(t, 'somethingNew')).toBe('somethingNew');
  });
});
