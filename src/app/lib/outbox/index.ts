// The console's one outbox, loaded lazily (Dexie stays out of the sign-in page's first load).
// main.tsx configures where tokens and the signed-in user come from; screens queue registry actions
// marked `offline` with queueAction() and watch the queue with useOutboxState().
import { useEffect, useState } from 'react';
import type { EnqueueOptions, Outbox, OutboxSource, OutboxState } from './outbox.ts';
import type { OutboxEntry } from './db.ts';

export type { OutboxState, OutboxEntry };

let source: OutboxSource | null = null;
let loading: Promise<Outbox> | null = null;
let loaded: Outbox | null = null;

export function configureOutbox(s: OutboxSource): void {
  source = s;
}

/** The outbox, created (and started: runs now, on online, on visible, on a timer) on first use. */
export function loadOutbox(): Promise<Outbox> {
  return (loading ??= import('./outbox.ts').then(({ Outbox }) => {
    if (!source) throw new Error('configureOutbox() was not called');
    const outbox = new Outbox({ source });
    outbox.start();
    loaded = outbox;
    return outbox;
  }).catch((e: unknown) => {
    loading = null;
    throw e;
  }));
}

/** The outbox if it is already loaded (the update prompt asks whether it is sending). */
export function peekOutbox(): Outbox | null {
  return loaded;
}

/**
 * Queues a registry action for the outbox. Only actions the registry marks `offline` are accepted:
 * anything else must be done online.
 */
export async function queueAction(service: string, action: string, input: Record<string, unknown>, options: EnqueueOptions): Promise<{ entry: OutboxEntry; waiting: number }> {
  const [{ buildRequest }, { services }, outbox] = await Promise.all([
    import('#shared/api-client.ts'), import('#shared/contracts/index.ts'), loadOutbox(),
  ]);
  const def = (services as unknown as Record<string, Parameters<typeof buildRequest>[0]>)[service];
  if (!def?.actions[action]) throw new Error(`${service}.${action} is not in the service registry`);
  const request = buildRequest(def, action, input);
  if (!request.offline) throw new Error(`${def.name}.${action} may not be queued offline`);
  const entry = await outbox.enqueue(request, options);
  void outbox.run();
  return { entry, waiting: (await outbox.counts()).waiting };
}

/** The queue of the signed-in user, live (null until the outbox has loaded). */
export function useOutboxState(): OutboxState | null {
  const [state, setState] = useState<OutboxState | null>(null);
  useEffect(() => {
    let off: (() => void) | null = null;
    let gone = false;
    loadOutbox().then((outbox) => {
      if (!gone) off = outbox.observe(setState);
    }, () => {});
    return () => {
      gone = true;
      off?.();
    };
  }, []);
  return state;
}
