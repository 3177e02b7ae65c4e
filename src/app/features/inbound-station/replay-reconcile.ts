// A queued scan's replay (issue 45 item 2): when the outbox has its answer, the station's entry takes
// the real verdict (the panel and the log compare it with the offline one); a replay the server
// refused says why. Loaded after the station's first screen, with the outbox.
import type { SignResultDto } from '#shared/contracts/orders.ts';
import type { OutboxState } from '../../lib/outbox/index.ts';

/** What this needs of a station's entry (use-sign-station's ScanEntry; not imported: that module loads this one). */
interface Entry { outcome: { kind: string } }
interface Queued { kind: 'queued'; key: string; guess: unknown }

export function reconciler<E extends Entry>(
  history: { readonly current: readonly E[] }, replayed: Set<string>,
  put: (entry: E) => void, count: (result: SignResultDto) => void,
): (state: OutboxState) => void {
  return (state) => {
    for (const entry of history.current) {
      if (entry.outcome.kind !== 'queued') continue;
      const { key, guess } = entry.outcome as Queued;
      if (replayed.has(key)) continue;
      const done = state.recent.find((e) => e.key === key);
      if (done?.result) {
        replayed.add(key);
        const result = done.result as SignResultDto;
        count(result);
        put({ ...entry, outcome: { kind: 'result', result, replayed: { guess } } } as E);
        continue;
      }
      const refused = state.open.find((e) => e.key === key && e.status === 'attention');
      if (refused) {
        replayed.add(key);
        put({ ...entry, outcome: { kind: 'refused', message: refused.lastError ?? '' } } as E);
      }
    }
  };
}
