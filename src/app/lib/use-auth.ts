// The auth store from the router context, and whether a user is signed in (re-rendering on change).
import { useSyncExternalStore } from 'react';
import { useRouter } from '@tanstack/react-router';
import type { AuthStore } from './auth.ts';
import type { RouterContext } from './router-context.ts';

export function useAuth(): AuthStore {
  return (useRouter().options.context as RouterContext).auth;
}

/** Whether a user is signed in; re-renders when that changes. */
export function useSignedIn(): boolean {
  const auth = useAuth();
  return useSyncExternalStore(auth.subscribe, auth.isSignedIn);
}

/** Whether the lock screen's flag is set; re-renders when that changes. */
export function useLocked(): boolean {
  const auth = useAuth();
  return useSyncExternalStore(auth.subscribe, auth.isLocked);
}
