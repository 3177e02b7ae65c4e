// Query keys: [service, action, input]; invalidate a whole service with [service]. Kept apart from
// the registry so a screen can build keys without loading every contract.
export const queryKey = (service: string, action?: string, input?: unknown): readonly unknown[] =>
  action === undefined ? [service] : input === undefined ? [service, action] : [service, action, input];
