// The one offline path as screens use it (decision 0022): a floor action the registry marks
// `offline: true` is called as offlineApi.<service>.<action>(input, options) and answers `sent` with
// the server's answer or `queued` with the queue count; the screen does not choose. Actions without
// the flag are a type error here. The work is in offline-call.ts, loaded with the first call (or after
// the first screen, whichever comes first), so it is not in any floor screen's first load (170 KB).
import { useEffect, useMemo } from 'react';
import type { ApiClient } from '#shared/api-client.ts';
import type { Input, OfflineApi, OfflineCallOptions } from './offline-types.ts';
import type { Uploader } from '../upload.ts';
import { ApiError, useApi } from '../http.ts';
import { afterFirstScreen } from '../first-screen.ts';

// The outbox's call types (what a screen passes and gets back) live in offline-types.ts, which
// enqueue-call.ts reads too without importing this file back.
export type { OfflineActionKey, OfflineServiceKey, OfflineFile, OfflineCallOptions, OfflineResult, OfflineApi, Input } from './offline-types.ts';

let core: Promise<typeof import('./offline-call.ts')> | null = null;
/** The core, once; a chunk that failed to load is asked for again by the next call. */
const loadCore = () => (core ??= import('./offline-call.ts').catch((e: unknown) => {
  core = null;
  throw e;
}));

/**
 * The typed offline api over a client and an uploader (by default the signed-in user's; tests hand in
 * fakes of both). Every call waits for
 * the core, then runs it; calls made while it loads keep their order (one promise). A core that cannot
 * load (a chunk missing offline) is a call that got no answer: 网络异常, nothing sent, nothing queued.
 */
export function lazyOfflineApi(api: ApiClient, upload?: Uploader): OfflineApi {
  const services = new Map<string, Record<string, unknown>>();
  const call = (service: string, action: string, input: Input, options: OfflineCallOptions<string>) =>
    loadCore().then(
      (m) => m.callOffline(api, upload ?? m.uploadAsSignedIn, service, action, input, options),
      () => { throw new ApiError('未知错误', 'network', null); },
    );
  return new Proxy({} as OfflineApi, {
    get(_target, service) {
      if (typeof service !== 'string') return undefined;
      let s = services.get(service);
      if (!s) {
        s = new Proxy({} as Record<string, unknown>, {
          get(cache, action) {
            if (typeof action !== 'string') return undefined;
            cache[action] ??= (input: Input, options: OfflineCallOptions<string>) => call(service, action, input, options);
            return cache[action];
          },
        });
        services.set(service, s);
      }
      return s;
    },
  });
}

/** The offline api of the signed-in user (the screen's api from ApiContext; the route's uploader, if any). */
export function useOfflineApi(upload?: Uploader): OfflineApi {
  const api = useApi();
  // Ready before the first scan, without delaying the screen.
  useEffect(() => afterFirstScreen(() => void loadCore().catch(() => {})), []);
  return useMemo(() => lazyOfflineApi(api, upload), [api, upload]);
}
