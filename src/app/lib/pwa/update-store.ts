// Whether a new version of the app is waiting, and how to switch to it (set by register-sw.ts once
// the worker is registered). Tiny on purpose: it sits in the entry chunk.
type Listener = () => void;

let update: ((reload: boolean) => Promise<void>) | null = null;
const listeners = new Set<Listener>();

export const updateStore = {
  subscribe(l: Listener): () => void {
    listeners.add(l);
    return () => { listeners.delete(l); };
  },
  waiting: (): boolean => update !== null,
  set(fn: ((reload: boolean) => Promise<void>) | null): void {
    update = fn;
    for (const l of listeners) l();
  },
  /** Activates the waiting worker and reloads the page. */
  apply(): Promise<void> {
    return update ? update(true) : Promise.resolve();
  },
};
