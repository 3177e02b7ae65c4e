// The queueing half of offline-api.ts, loaded with the first call that queues (with the registry and
// Dexie): the registry splits the call into URL, query and body and the outbox stores it.
import { buildRequest } from '#shared/api-client.ts';
import type { ServiceDef } from '#shared/contracts/define.ts';
import { services } from '#shared/contracts/index.ts';
import { loadOutbox, markOutboxOpen } from './index.ts';
import type { Input, OfflineCallOptions } from './offline-types.ts';

/** Writes the call into the outbox (the registry splits it into URL, query and body). */
export async function enqueueCall(
  service: string, action: string, input: Input, options: OfflineCallOptions<string>, key: string,
): Promise<{ key: string; waiting: number }> {
  const def = (services as unknown as Record<string, ServiceDef>)[service];
  if (!def?.actions[action]) throw new Error(`${service}.${action} is not in the service registry`);
  // The types already refuse this; the check keeps a cast or a plain-JS caller honest.
  if (!def.actions[action].offline) throw new Error(`${def.name}.${action} may not be queued offline`);
  for (const f of options.files ?? []) {
    if (def.actions[action].query?.includes(f.field)) throw new Error(`${def.name}.${action}: file field ${f.field} must be a body field`);
  }
  const { offline: _offline, ...request } = buildRequest(def, action, input);
  markOutboxOpen();
  const outbox = await loadOutbox();
  const entry = await outbox.enqueue(request, {
    group: options.group, label: options.label, key, once: options.once,
    ...(options.holdsGroup === false ? { holdsGroup: false } : {}),
    ...(options.files?.length ? { files: options.files } : {}),
  });
  void outbox.run();
  // `once` may have joined a waiting row: its key is the one the server will see.
  return { key: entry.key, waiting: (await outbox.counts()).waiting };
}
