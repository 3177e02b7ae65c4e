// Work that must not compete with the first screen for the network or the main thread (the service
// registry, the outbox and Dexie, the service worker, toasts, realtime): it waits until the root
// layout has rendered the first screen, then for an idle moment. On a phone over a weak network
// this is the difference between a screen in one second and in several.
import { startTransition, useEffect, useState } from 'react';

let shown = false;
let holds = 0;
let scheduled = false;
let painted = false;
const waiting: (() => void)[] = [];

/**
 * Once the browser has painted what is committed now: the next frame, then a task. The root's
 * effect can run a moment before the screen's own content commits (it resolves a microtask later),
 * and work started then would race it for the network. A hidden tab gets no frames: 100 ms at most.
 */
function afterPaint(fn: () => void): void {
  let done = false;
  const once = () => { if (!done) { done = true; fn(); } };
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, 100);
}

function whenIdle(fn: () => void): void {
  if (typeof window !== 'undefined' && typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => fn(), { timeout: 2000 });
  else setTimeout(fn, 0);
}

function paintWhenReady(): void {
  if (!shown || holds > 0 || scheduled || painted) return;
  scheduled = true;
  afterPaint(() => {
    scheduled = false;
    // Held meanwhile: the release schedules it again.
    if (holds > 0) return;
    painted = true;
    for (const fn of waiting.splice(0)) whenIdle(fn);
  });
}

/** Called once by the root layout after its first render. */
export function markFirstScreenShown(): void {
  if (shown) return;
  shown = true;
  paintWhenReady();
}

/**
 * A screen whose content commits after the root's mark (the sign-in page builds itself in a
 * transition) holds the mark back until then: the returned function releases it, once. Holds taken
 * after the first screen has painted change nothing.
 */
export function holdFirstScreen(): () => void {
  if (painted) return () => {};
  holds++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds--;
    paintWhenReady();
  };
}

/** Whether the first screen has painted. */
export function firstScreenPainted(): boolean {
  return painted;
}

/** Runs `fn` once the first screen is on screen (painted) and the browser is idle. */
export function afterFirstScreen(fn: () => void): void {
  if (painted) whenIdle(fn);
  else waiting.push(fn);
}

/** False until the first screen is shown and the browser has had an idle moment. */
export function useAfterFirstScreen(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    // A transition: what mounts now (toasts, tools, realtime) renders in slices, not one long task.
    afterFirstScreen(() => { if (live) startTransition(() => setReady(true)); });
    return () => { live = false; };
  }, []);
  return ready;
}
