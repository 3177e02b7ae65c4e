import { describe, expect, it } from 'vitest';
import { localize, notFound } from './errors.ts';

describe('localize', () => {
  it('puts the not-found sentence together from its parts in English, and leaves Chinese as it was', () => {
    const details = notFound('囤货订单').details!;
    expect(details).toBe('囤货订单不存在或已被删除。');
    expect(localize('zh-Hans', details)).toBe('囤货订单不存在或已被删除。');
    expect(localize('en', details)).toBe('Stock orders: not found (it may have been deleted).');
    expect(localize('en', notFound().details!)).toBe('Record: not found (it may have been deleted).');
    expect(localize('en', '没有找到对应的实体')).toBe('There is no such entity.');
    expect(localize('en', '别的句子')).toBe('别的句子');
  });
});
