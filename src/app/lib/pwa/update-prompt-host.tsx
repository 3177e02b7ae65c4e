// In the entry chunk: nothing but a subscription. The prompt itself (Mantine pieces, the outbox
// check) loads only when a new version is actually waiting.
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { updateStore } from './update-store.ts';

const PwaPrompts = lazy(() => import('./pwa-prompts.tsx').then((m) => ({ default: m.PwaPrompts })));

export function UpdatePromptHost() {
  const waiting = useSyncExternalStore(updateStore.subscribe, updateStore.waiting, () => false);
  return waiting ? <Suspense fallback={null}><PwaPrompts /></Suspense> : null;
}
