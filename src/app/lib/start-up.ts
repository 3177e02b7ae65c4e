// Start-up (spec 000 §2), run by the root route before anything renders and again on every
// navigation (cheap: both answers are cached): the configuration, the session, and who the user is.
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '#shared/api-client.ts';
import type { UserConfiguration } from '#shared/contracts/configuration.ts';
import { ApiError } from './http.ts';
import type { AuthStore } from './auth.ts';
import { configurationQuery, sessionQuery } from './queries.ts';
import { grantedOf, type Side } from './guard.ts';

export interface StartUpState {
  signedIn: boolean;
  granted: ReadonlySet<string> | null;
  side: Side | null;
}

const isUnauthorized = (e: unknown) => e instanceof ApiError && e.status === 401;

export type Revalidation = 'current' | 'changed' | 'signed-out' | 'unreachable';

/**
 * The start-up answers came from the last visit (persisted reads): ask the server now. A token it no
 * longer accepts signs out; otherwise the fresh answers replace the old ones, and 'changed' says the
 * user, their side or their permissions differ (the caller then runs the guard again). A server that
 * does not answer changes nothing.
 */
export async function revalidateStartUp(queryClient: QueryClient, api: ApiClient, auth: AuthStore): Promise<Revalidation> {
  if (!auth.isSignedIn()) return 'signed-out';
  const before = accessOf(queryClient.getQueryData(configurationQuery(api).queryKey), queryClient.getQueryData(sessionQuery(api).queryKey));
  try {
    const [config, session] = await Promise.all([
      queryClient.fetchQuery({ ...configurationQuery(api), staleTime: 0 }),
      queryClient.fetchQuery({ ...sessionQuery(api), staleTime: 0 }),
    ]);
    if (config.session.userId !== null && session.user) return accessOf(config, session) === before ? 'current' : 'changed';
  } catch (e) {
    if (!isUnauthorized(e)) return 'unreachable';
  }
  if (auth.isSignedIn()) {
    auth.signOut();
    queryClient.clear();
  }
  return 'signed-out';
}

/** What the guard decides from: the user, their side and their granted permissions. */
function accessOf(config: UserConfiguration | undefined, session: { user?: { id: number; userType: number } | null } | undefined): string {
  const granted = [...grantedOf(config?.auth.grantedPermissions ?? {})].sort();
  return JSON.stringify([config?.session.userId ?? null, session?.user?.id ?? null, session?.user?.userType ?? null, granted]);
}

const SIGNED_OUT: StartUpState = { signedIn: false, granted: null, side: null };

export async function loadStartUp(queryClient: QueryClient, api: ApiClient, auth: AuthStore): Promise<StartUpState> {
  const signOut = () => {
    auth.signOut();
    queryClient.clear();
  };
  if (!auth.isSignedIn()) {
    // Nobody to check permissions for: the sign-in page paints at once (its texts fall back to the
    // Chinese literals) while the configuration loads.
    void queryClient.prefetchQuery(configurationQuery(api));
    return SIGNED_OUT;
  }
  let config: UserConfiguration;
  try {
    config = await queryClient.ensureQueryData(configurationQuery(api));
  } catch (e) {
    if (!auth.isSignedIn() || !isUnauthorized(e)) throw e;
    // The token belongs to another tenant than the one chosen, or the server refused it.
    signOut();
    return SIGNED_OUT;
  }
  if (!auth.isSignedIn()) return SIGNED_OUT;
  if (config.session.userId === null) {
    // A stored token the server no longer accepts (expired, user deactivated, secret rotated).
    signOut();
    return SIGNED_OUT;
  }
  let session;
  try {
    session = await queryClient.ensureQueryData(sessionQuery(api));
  } catch (e) {
    if (!isUnauthorized(e)) throw e;
    signOut();
    return SIGNED_OUT;
  }
  if (!session.user) {
    signOut();
    return SIGNED_OUT;
  }
  return {
    signedIn: true,
    granted: grantedOf(config.auth.grantedPermissions),
    // userType is the contract's 0 | 1 (USER_TYPE in shared/permissions.ts, not imported: it would
    // bring the whole permission tree into the entry chunk).
    side: session.user.userType === 1 ? 'seller' : 'staff',
  };
}
