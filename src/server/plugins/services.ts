// Routes derived from the service registry, by concern under services/: caller.ts (who calls, his
// language), access.ts (may he), input.ts (the input and its validation), idempotency.ts
// (Idempotency-Key), context.ts (the action's context and transaction), routes.ts (the routes),
// files.ts (file answers and uploads). This module re-exports what they offer the rest of the server.
export {
  ASPNET_CULTURE_COOKIE, CULTURE_COOKIE, CULTURE_HEADER, TENANT_COOKIE, TENANT_HEADERS,
  authenticate, cultureLanguage, identifyCaller, requestedTenant, requestLanguage,
} from './services/caller.ts';
export { checkAccess, sideOf } from './services/access.ts';
export { MAX_JSON_DEPTH, checkJsonBody, parseOptions, readInput, validationError } from './services/input.ts';
export { IDEMPOTENCY_HEADER, requestHash } from './services/idempotency.ts';
export { ok, registerServices } from './services/routes.ts';
export { contentDisposition, drainUnreadBody } from './services/files.ts';
