// Folding the order counts' pieces (decision 0041): every server, every few seconds. The pieces, the
// sum a list reads and the fold itself are in repository.ts (summedCount, foldOrderCounts).
import type { Db } from '../../db/client.ts';
import { foldOrderCounts } from './repository.ts';

/** How often each server folds: a status's sum reads at most this long's worth of pieces. */
export const FOLD_EVERY_MS = 2_000;

/** Runs foldOrderCounts every `everyMs`; stop() on close. */
export function startOrderCountFolding(root: Db, log: { warn(o: object, m: string): void }, everyMs = FOLD_EVERY_MS): { stop(): void } {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    foldOrderCounts(root)
      .catch((err: unknown) => log.warn({ err }, 'folding order counts failed'))
      .finally(() => { running = false; });
  }, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
