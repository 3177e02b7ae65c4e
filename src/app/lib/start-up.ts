// Start-up (spec 000 §2), run by the root route before anything renders and again on every
// navigation (cheap: both answers are cached): the configuration, the session, and who the user is.
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '#shared/api-client.ts';
import type { UserConfiguration } from '#shared/contracts/configuration.ts';
import { ApiError } from './http.ts';
import type { AuthStore } from './auth.ts';
import { configurationQuery, sessionQuery } from './queries.ts';
import type { Side } from './guard.ts';

export interface StartUpState {
  signedIn: boolean;
  granted: ReadonlySet<string> | null;
  side: Side | null;
}

const isUnauthorized = (e: unknown) => e instanceof ApiError && (e.status === 401 || e.unAuthorizedRequest);

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
    granted: new Set(Object.keys(config.auth.grantedPermissions).filter((k) => config.auth.grantedPermissions[k] === 'true')),
    // userType is the contract's 0 | 1 (USER_TYPE in shared/permissions.ts, not imported: it would
    // bring the whole permission tree into the entry chunk).
    side: session.user.userType === 1 ? 'seller' : 'staff',
  };
}
