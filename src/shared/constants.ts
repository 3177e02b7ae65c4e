// Plain constants the console needs at start-up, kept out of the contract modules (which carry zod)
// so the first chunk stays small. The contracts re-export them.
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 32;
export const TENANT_AVAILABILITY = { available: 1, inActive: 2, notFound: 3 } as const;
/** The two realtime features; realtime starts only when both are on (spec 000 §2). */
export const REALTIME_FEATURES = ['SignalR', 'SignalR.AspNetCore'] as const;
/** Where the File service's actions live (/api/File/*); contracts/file.ts and file-links.ts share it. */
export const FILE_BASE_PATH = '/api/File';
