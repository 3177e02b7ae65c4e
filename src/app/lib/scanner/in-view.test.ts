import { describe, expect, it } from 'vitest';
import { createInView, LEAVE_VIEW_MS } from './in-view.ts';

function clocked(gapMs?: number) {
  const clock = { t: 1_000_000 };
  return { clock, view: createInView({ now: () => clock.t, ...(gapMs ? { gapMs } : {}) }) };
}

describe('a code held in the camera\'s view counts once (issue 45 §5)', () => {
  it('a code read every 100 ms for 10 s counts once', () => {
    const { clock, view } = clocked();
    const counted: boolean[] = [];
    for (let i = 0; i < 100; i++) {
      counted.push(view.seen('YT100'));
      clock.t += 100;
    }
    expect(counted.filter(Boolean)).toHaveLength(1);
    expect(counted[0]).toBe(true);
  });

  it('frames the decoder missed (gaps shorter than the window) do not make it count again', () => {
    const { clock, view } = clocked();
    expect(view.seen('YT100')).toBe(true);
    clock.t += LEAVE_VIEW_MS - 1;
    expect(view.seen('YT100')).toBe(false);
    clock.t += LEAVE_VIEW_MS - 1;
    expect(view.seen('YT100')).toBe(false);
  });

  it('the same code after it left the view (no read for the window) counts again', () => {
    const { clock, view } = clocked();
    expect(view.seen('YT100')).toBe(true);
    clock.t += LEAVE_VIEW_MS;
    expect(view.seen('YT100')).toBe(true);
  });

  it('a new code counts at once, and two labels in one picture each count once', () => {
    const { clock, view } = clocked();
    const counted: string[] = [];
    for (let i = 0; i < 20; i++) {
      for (const code of ['YT100', 'YT200']) if (view.seen(code)) counted.push(code);
      clock.t += 100;
    }
    expect(counted).toEqual(['YT100', 'YT200']);
    expect(view.seen('YT300')).toBe(true);
  });

  it('reset (the camera turned off and on) makes the code in view count again', () => {
    const { view } = clocked();
    expect(view.seen('YT100')).toBe(true);
    expect(view.seen('YT100')).toBe(false);
    view.reset();
    expect(view.seen('YT100')).toBe(true);
  });
});
