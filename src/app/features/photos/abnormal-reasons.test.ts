import { describe, expect, it } from 'vitest';
import { chosenReasons, reasonComplete, toggleReason } from './abnormal-reasons.ts';

describe('异常拍照 preset reasons', () => {
  it('a chip adds its word, a second tap takes it out; presets keep their order before typed words', () => {
    let r = toggleReason('', '受潮');
    expect(r).toBe('受潮');
    r = toggleReason(r, '破损');
    expect(r).toBe('破损；受潮');
    r = toggleReason(`${r}；外箱压扁`, '少件');
    expect(r).toBe('破损；少件；受潮；外箱压扁');
    expect([...chosenReasons(r)]).toEqual(['破损', '少件', '受潮']);
    expect(toggleReason(r, '破损')).toBe('少件；受潮；外箱压扁');
  });

  it('reads what was typed with either separator', () => {
    expect([...chosenReasons('错货;  其他 ；贴错标签')]).toEqual(['错货', '其他']);
  });

  it('其他 alone is not a reason; with words, or any other preset, it is', () => {
    expect(reasonComplete('')).toBe(false);
    expect(reasonComplete('其他')).toBe(false);
    expect(reasonComplete('其他；箱内有液体')).toBe(true);
    expect(reasonComplete('破损')).toBe(true);
    expect(reasonComplete('外箱破损')).toBe(true);
  });
});
