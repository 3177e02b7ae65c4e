import { describe, expect, it } from 'vitest';
import { inertText } from './inert-text.ts';

describe('inertText', () => {
  it('puts an apostrophe before text that would start a formula: = + - @, a tab or a carriage return', () => {
    for (const s of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx', '=HYPERLINK("http://x","y")']) expect(inertText(s)).toBe(`'${s}`);
  });

  it('leaves any other text as it is', () => {
    for (const s of ['', 'abc', '备注 =1', ' =1', "'=1", '1-2', 'a@b']) expect(inertText(s)).toBe(s);
  });
});
