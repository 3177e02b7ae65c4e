// The one offline path (decision 0022): a floor action the registry marks `offline: true` is called
// as offlineApi.<service>.<action>(input, options). It is sent now when the network is there and
// queued in the outbox when it is not, or when the request got no answer (under the same
// Idempotency-Key, so the replay is answered from the stored response if the first one did
// arrive). The screen does not choose: it renders the result, `sent` with the server's answer or
// `queued` with the queue count. A refusal (4xx) is thrown as ApiError/UploadError, as online.
// Photos ride along: `files` are uploaded just before the action (online now, or by the outbox's
// replayer later) and their guids fill the named body fields. Actions without the flag are a type
// error here. This module stays small (it is in the scan screens' first load): the registry, Dexie and
// enqueue-call.ts load on the first queued call.
import { useMemo } from 'react';
import type { ApiClient } from '#shared/api-client.ts';
import type { Input, OfflineApi, OfflineCallOptions, OfflineResult } from './offline-types.ts';
import { ApiError, useApi } from '../http.ts';
import { UploadError, uploadFile, type Uploader } from '../upload.ts';
import { loadOutbox, outboxMayHaveRows, outboxSource, peekOutbox } from './index.ts';
import { newIdempotencyKey } from './key.ts';
import { answerTimeoutMs, serverIsSilent } from './reachability.ts';

// The outbox's call types (what a screen passes and gets back) live in offline-types.ts, which
// enqueue-call.ts reads too without importing this file back.
export type { OfflineActionKey, OfflineServiceKey, OfflineFile, OfflineCallOptions, OfflineResult, OfflineApi, Input } from './offline-types.ts';

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** No answer came (or the network is known to be gone): queue. A refusal is the screen's to show. */
const noAnswer = (err: unknown) =>
  (err instanceof ApiError && (err.kind !== 'http' || GATEWAY.has(err.status ?? 0))) || (err instanceof UploadError && err.status === null);

/** A gateway's answer for a server that is down or hung behind it. */
const GATEWAY = new Set([502, 503, 504]);

/** Whether a call must queue behind rows of its group instead of overtaking them. */
async function groupIsWaiting(group: string): Promise<boolean> {
  if (!peekOutbox() && !outboxMayHaveRows()) return false; // nothing queued: Dexie need not load
  const outbox = await loadOutbox();
  return outbox.isWaiting(group);
}

export async function callOffline(
  api: ApiClient, upload: Uploader, service: string, action: string, input: Input, options: OfflineCallOptions<string>,
): Promise<OfflineResult<unknown>> {
  const key = options.key ?? newIdempotencyKey();
  const files = (options.files ?? []).map((f) => ({ ...f }));
  const queue = async (cause: unknown): Promise<OfflineResult<unknown>> => {
    try {
      const { enqueueCall } = await import('./enqueue-call.ts');
      return { kind: 'queued', ...(await enqueueCall(service, action, input, { ...options, files }, key)) };
    } catch {
      // The outbox itself is unavailable (no IndexedDB, session unknown): the call's own failure says what happened.
      throw cause instanceof Error ? cause : new ApiError('未知错误', 'network', null);
    }
  };
  if (isOffline() || serverIsSilent() || (await groupIsWaiting(options.group).catch(() => false))) {
    return queue(new ApiError('未知错误', 'network', null));
  }
  try {
    const filled: Input = { ...input };
    for (const f of files) {
      if (!f.guid) {
        f.guid = (await upload(new File([f.bytes], f.name, { type: f.type }))).guid;
        options.onUploaded?.(f.field, f.guid);
      }
      filled[f.field] = f.guid;
    }
    type Call = (input: Input, o: { idempotencyKey: string; timeout: number }) => Promise<unknown>;
    const call = (api as unknown as Record<string, Record<string, Call>>)[service]![action]!;
    // The server may still do the work after we stop waiting: the queued replay carries the same key,
    // so it is answered from the stored response instead of doing it twice (decision 0005).
    return { kind: 'sent', result: await call(filled, { idempotencyKey: key, timeout: options.timeout ?? answerTimeoutMs() }), key };
  } catch (err) {
    if (noAnswer(err)) return queue(err);
    throw err;
  }
}

/** The typed offline api over a client and an uploader (tests hand in fakes of both). */
export function createOfflineApi(api: ApiClient, upload: Uploader): OfflineApi {
  const services = new Map<string, Record<string, unknown>>();
  return new Proxy({} as OfflineApi, {
    get(_target, service) {
      if (typeof service !== 'string') return undefined;
      let s = services.get(service);
      if (!s) {
        s = new Proxy({} as Record<string, unknown>, {
          get(cache, action) {
            if (typeof action !== 'string') return undefined;
            cache[action] ??= (input: Input, options: OfflineCallOptions<string>) =>
              callOffline(api, upload, service, action, input, options);
            return cache[action];
          },
        });
        services.set(service, s);
      }
      return s;
    },
  });
}

const uploadAsSignedIn: Uploader = (file) => uploadFile(outboxSource(), file);

/** The offline api of the signed-in user (the screen's api from ApiContext; the route's uploader, if any). */
export function useOfflineApi(upload: Uploader = uploadAsSignedIn): OfflineApi {
  const api = useApi();
  return useMemo(() => createOfflineApi(api, upload), [api, upload]);
}
