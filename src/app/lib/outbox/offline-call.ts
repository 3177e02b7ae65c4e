// The one offline path's core (decision 0022): callOffline sends a floor action now when the network is
// there and queues it in the outbox when it is not, or when the request got no answer (under the same
// Idempotency-Key, so the replay is answered from the stored response if the first one did arrive). A
// refusal (4xx) is thrown as ApiError/UploadError, as online. Photos ride along: `files` are uploaded
// just before the action (online now, or by the outbox's replayer later) and their guids fill the named
// body fields. Screens reach it through offline-api.ts (useOfflineApi), which loads this file with the
// first call, not with the screen; the registry, Dexie and enqueue-call.ts load on the first queued call.
import type { ApiClient } from '#shared/api-client.ts';
import type { Input, OfflineCallOptions, OfflineResult } from './offline-types.ts';
import { ApiError } from '../http.ts';
import { UploadError, uploadFile, type Uploader } from '../upload.ts';
import { loadOutbox, outboxMayHaveRows, outboxSource, peekOutbox } from './index.ts';
import { newIdempotencyKey } from './key.ts';
import { answerTimeoutMs, serverIsSilent } from './reachability.ts';

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

/** The uploader of whoever is signed in now (the outbox's source: the same token and tenant). */
export const uploadAsSignedIn: Uploader = (file) => uploadFile(outboxSource(), file);
