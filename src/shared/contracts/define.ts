// The one place a service is declared. Everything else (routes, OpenAPI, client, query keys,
// the outbox's list of queueable actions) is derived from these objects.
import { z } from 'zod';
import type { PermissionName } from '../permissions.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call an action.
 * - a permission name: a signed-in user holding it (Front.* ⇒ a seller, anything else ⇒ staff)
 * - 'seller': any signed-in seller (userType 1)
 * - 'authenticated': any signed-in user
 * - 'public': anyone, signed in or not (listed explicitly; the registry test knows them)
 */
export type Access = PermissionName | 'seller' | 'authenticated' | 'public';

export interface ActionDef<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  method: HttpMethod;
  input: I;
  output: O;
  permission: Access;
  /** URL segment when it differs from the key (the spec's spellings are the public API). */
  path?: string;
  /** For POST/PUT: input keys the spec puts in the query string (`X?id&foo`). */
  query?: readonly string[];
  /**
   * A floor action called through offlineApi (src/app/lib/outbox/offline-api.ts): sent now, or
   * queued in the outbox when the network is gone (decision 0022). Only actions a floor screen
   * really calls that way carry it; `true` is the literal the types look for.
   */
  offline?: true;
  /** Largest accepted request body in bytes, when it differs from the server's default (2 MB). */
  bodyLimit?: number;
  /**
   * 'request' (default): the whole call runs in one tenant-scoped transaction.
   * 'manual': the implementation opens its own transactions (e.g. sign-in must commit a failed
   * attempt counter while still answering an error).
   */
  transaction?: 'request' | 'manual';
  /** The bearer token is not read at all (sign-in: a leftover token of another tenant must not refuse it). */
  ignoresToken?: boolean;
  summary?: string;
  /**
   * The action answers a file (the bytes with their content type and name) instead of the envelope;
   * refusals still come in the envelope. `contentType`: what it may answer (OpenAPI, the client).
   */
  file?: FileAnswerDef;
  /** The body is multipart/form-data carrying one file; the input comes from the query string. */
  upload?: UploadDef;
  /**
   * GET links opened by <img> or a new window carry no bearer header: the enc_auth_token cookie
   * (with the Abp.TenantId cookie) also identifies the caller. Never for uploads or changes.
   */
  allowCookie?: boolean;
}

export interface FileAnswerDef { contentType: string | readonly string[] }

export interface UploadDef {
  /** The multipart field that carries the file. */
  field: string;
  /** The largest file the parser lets through (the implementation may refuse less, e.g. by type). */
  maxBytes: number;
}

/** The output of a file action: the bytes themselves (described for OpenAPI; never an envelope). */
export const fileBytes = z.string().meta({ format: 'binary', description: 'the file itself' });

export interface ServiceDef<N extends string = string, A extends Record<string, ActionDef> = Record<string, ActionDef>> {
  name: N;
  /** URL prefix; ABP application services live under /api/services/app/{Service}. */
  basePath: string;
  actions: A;
}

export function defineService<const N extends string, const A extends Record<string, ActionDef>>(
  name: N,
  actions: A,
  options: { basePath?: string } = {},
): ServiceDef<N, A> {
  const bounded = Object.fromEntries(Object.entries(actions).map(([key, def]) => [key, { ...def, input: boundInts(def.input) }])) as A;
  return { name, basePath: options.basePath ?? `/api/services/app/${name}`, actions: bounded };
}

/** The range of PostgreSQL's `integer`, the column almost every whole number lands in (ids, counts, codes). */
export const INT4_MIN = -2_147_483_648;
export const INT4_MAX = 2_147_483_647;

const BOUNDED = new WeakMap<z.ZodType, z.ZodType>();

/**
 * The schema with every whole number held to its column: an int without a declared bound gets
 * INT4's (2147483648 is then a 400 naming the field, not the database's 500). An int declared with
 * its own bound keeps it, so a field stored wider (a Shopee shop id, bigint) says so with `.max()`.
 * Applied to every action's input by defineService: no contract has to remember it.
 */
export function boundInts<T extends z.ZodType>(schema: T): T {
  const known = BOUNDED.get(schema);
  if (known) return known as T;
  const d = defOf(schema) as ZodDefLike & Record<string, unknown>;
  const clone = (changes: Record<string, unknown>) => (schema as unknown as { clone(def: unknown): T }).clone({ ...d, ...changes });
  const each = (list: z.ZodType[]) => list.map((s) => boundInts(s));
  let out: T = schema;
  if (d.type === 'number' && (schema as unknown as z.ZodNumber).isInt) {
    const checks = (d.checks ?? []) as { _zod: { def: { check: string } } }[];
    const declared = (check: string) => checks.some((c) => c._zod.def.check === check);
    let n = schema as unknown as z.ZodNumber;
    if (!declared('less_than')) n = n.max(INT4_MAX);
    if (!declared('greater_than')) n = n.min(INT4_MIN);
    out = n as unknown as T;
  } else if (d.type === 'object' && d.shape) {
    out = clone({ shape: Object.fromEntries(Object.entries(d.shape).map(([k, v]) => [k, boundInts(v)])) });
  } else if (d.type === 'array' && d.element) {
    out = clone({ element: boundInts(d.element) });
  } else if (d.innerType && ['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional'].includes(d.type)) {
    out = clone({ innerType: boundInts(d.innerType) });
  } else if (d.type === 'pipe' && d.in) {
    out = clone({ in: boundInts(d.in), out: boundInts(d.out as z.ZodType) });
  } else if (d.type === 'union' && d.options) {
    out = clone({ options: each(d.options) });
  } else if (d.type === 'record') {
    out = clone({ valueType: boundInts(d.valueType as z.ZodType) });
  } else if (d.type === 'tuple') {
    out = clone({ items: each(d.items as z.ZodType[]), rest: d.rest ? boundInts(d.rest as z.ZodType) : d.rest });
  } else if (d.type === 'intersection') {
    out = clone({ left: boundInts(d.left as z.ZodType), right: boundInts(d.right as z.ZodType) });
  }
  BOUNDED.set(schema, out);
  return out;
}

/** The URL segment of an action: its declared path or its key with a capital first letter. */
export function actionSegment(key: string, def: ActionDef): string {
  return def.path ?? key.charAt(0).toUpperCase() + key.slice(1);
}

export function actionUrl(service: ServiceDef, key: string): string {
  return `${service.basePath}/${actionSegment(key, service.actions[key]!)}`;
}

/** Whether the action's answer or body is a file (its client is a link/download/upload, not a call). */
export const isFileAction = (def: ActionDef): boolean => !!def.file || !!def.upload;

export type InputOf<A extends ActionDef> = z.input<A['input']>;
export type ParsedInputOf<A extends ActionDef> = z.output<A['input']>;
export type OutputOf<A extends ActionDef> = z.output<A['output']>;

/** Lower-cases the first letter of each top-level key: old ABP clients send `SkipCount`, `Id`. */
export function camelKeys(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k.charAt(0).toLowerCase() + k.slice(1)] = v;
  return out;
}

// Validation messages in simplified Chinese, on the server and in the console's forms alike.
z.config(z.locales.zhCN());

type ZodDefLike = { type: string; innerType?: z.ZodType; shape?: Record<string, z.ZodType>; element?: z.ZodType; in?: z.ZodType; options?: z.ZodType[]; values?: unknown[] };
const defOf = (schema: z.ZodType): ZodDefLike => (schema as unknown as { _zod: { def: ZodDefLike } })._zod.def;

function unwrap(schema: z.ZodType): z.ZodType {
  let s = schema;
  for (;;) {
    const d = defOf(s);
    if ((d.type === 'optional' || d.type === 'nullable' || d.type === 'default' || d.type === 'prefault' || d.type === 'catch' || d.type === 'readonly') && d.innerType) s = d.innerType;
    else if (d.type === 'pipe' && d.in) s = d.in;
    else return s;
  }
}

function coerceScalar(schema: z.ZodType, raw: unknown): unknown {
  const target = unwrap(schema);
  const d = defOf(target);
  if (d.type === 'array' && d.element) {
    const list = Array.isArray(raw) ? raw : typeof raw === 'string' && raw.includes(',') ? raw.split(',') : [raw];
    return list.map((v) => coerceScalar(d.element!, v));
  }
  if (Array.isArray(raw)) raw = raw[raw.length - 1];
  if (typeof raw !== 'string') return raw;
  if (raw === '' ) return undefined;
  if (d.type === 'number' || d.type === 'int' || d.type === 'bigint') {
    const n = Number(raw);
    return raw.trim() !== '' && Number.isFinite(n) ? n : raw;
  }
  if (d.type === 'literal' && d.values) {
    // z.literal(1) in a query string arrives as "1": give back the literal it names, if any.
    const match = d.values.find((v) => String(v) === raw);
    return match === undefined ? raw : match;
  }
  if (d.type === 'boolean') {
    const l = raw.toLowerCase();
    if (l === 'true' || l === '1') return true;
    if (l === 'false' || l === '0') return false;
    return raw;
  }
  if (d.type === 'union' && d.options) {
    // a number-or-null union and the like: take the first member that accepts the coerced value
    for (const option of d.options) {
      const value = coerceScalar(option, raw);
      if (option.safeParse(value).success) return value;
    }
  }
  if (raw === 'null' && defOf(schema).type === 'nullable') return null;
  return raw;
}

/**
 * Query strings carry text only; turn each value into what the input schema expects (numbers,
 * booleans, arrays) so the same schema serves a JSON body and a query string.
 */
export function coerceQuery(schema: z.ZodType, query: Record<string, unknown>): Record<string, unknown> {
  const target = unwrap(schema);
  const d = defOf(target);
  const shape = d.type === 'object' ? d.shape ?? {} : {};
  const out: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(query)) {
    const field = shape[key];
    const value = field ? coerceScalar(field, raw) : raw;
    if (value !== undefined) out[key] = value;
  }
  return out;
}
