// What waits for the first screen (lib/first-screen.ts): nothing runs before the root marks the
// screen shown and the browser has painted it; a hidden tab, which gets no frames, still gets it.
import { afterEach, describe, expect, it, vi } from 'vitest';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function freshModule() {
  vi.resetModules();
  return import('./first-screen.ts');
}

describe('afterFirstScreen', () => {
  afterEach(() => vi.restoreAllMocks());

  it('runs deferred work once the first screen is marked and the next frame has painted, not before', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => { frames.push(cb); return frames.length; });
    const fs = await freshModule();
    const ran: string[] = [];
    fs.afterFirstScreen(() => ran.push('early'));
    await sleep(20);
    expect(ran).toEqual([]);

    fs.markFirstScreenShown();
    await sleep(30);
    // Marked, but no frame yet: the screen's content may still be committing.
    expect(ran).toEqual([]);
    expect(frames).toHaveLength(1);
    frames[0]!(performance.now());
    await vi.waitFor(() => expect(ran).toEqual(['early']));

    // Later callers wait only for an idle moment.
    fs.afterFirstScreen(() => ran.push('late'));
    await vi.waitFor(() => expect(ran).toEqual(['early', 'late']));
  });

  it('does not wait for a frame that never comes (a hidden tab)', async () => {
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    const fs = await freshModule();
    const ran: number[] = [];
    fs.afterFirstScreen(() => ran.push(1));
    fs.markFirstScreenShown();
    await vi.waitFor(() => expect(ran).toEqual([1]), { timeout: 1_000 });
  });

  it('a held first screen waits for its release, and only then for the frame', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => { frames.push(cb); return frames.length; });
    const fs = await freshModule();
    const ran: string[] = [];
    fs.afterFirstScreen(() => ran.push('deferred'));
    const release = fs.holdFirstScreen();
    fs.markFirstScreenShown();
    await sleep(150);
    // Not even the hidden-tab fallback fires while the screen is held.
    expect(frames).toHaveLength(0);
    expect(ran).toEqual([]);
    release();
    release(); // once only
    expect(frames).toHaveLength(1);
    frames[0]!(performance.now());
    await vi.waitFor(() => expect(ran).toEqual(['deferred']));
    // Held between the mark and its frame: the frame waits for the release too.
    const again = await freshModule();
    const ran2: string[] = [];
    again.afterFirstScreen(() => ran2.push('deferred'));
    again.markFirstScreenShown();
    const late = again.holdFirstScreen();
    frames.at(-1)!(performance.now());
    await sleep(150);
    expect(ran2).toEqual([]);
    late();
    frames.at(-1)!(performance.now());
    await vi.waitFor(() => expect(ran2).toEqual(['deferred']));
    // Held after the paint: nothing to wait for.
    fs.holdFirstScreen();
    fs.afterFirstScreen(() => ran.push('later'));
    await vi.waitFor(() => expect(ran).toEqual(['deferred', 'later']));
  });
});
