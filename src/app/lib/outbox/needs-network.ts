// A floor step that cannot be queued (issue 45 §7): offline, or when its call got no answer, the
// screen says in one sentence that the step needs the network, with the error sound, instead of
// silence or 网络异常 alone. Small: it is in the scan screens' first load.
import { ApiError } from '../http.ts';
import type { Translate } from '../i18n.ts';
import { serverIsSilent } from './reachability.ts';

/** No network, or the server is known not to answer: a call now would only wait. */
export const unreachable = (): boolean =>
  (typeof navigator !== 'undefined' && navigator.onLine === false) || serverIsSilent();

/** The call got no answer (no network, timeout, a gateway's 502–504): not a refusal of the server's. */
export const gotNoAnswer = (err: unknown): boolean =>
  err instanceof ApiError && (err.kind !== 'http' || [502, 503, 504].includes(err.status ?? 0));

/** The one sentence, in the user's language: 「打包称重需要联网：请联网后再称重」 (step and then are keys too). */
export const needsNetwork = (t: Translate, step: string, then: string): string => t('{0}需要联网：请联网后再{1}', t(step), t(then));
