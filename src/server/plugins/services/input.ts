// An action's input: the JSON body's bounds, the query string and the body merged, zod's issues as
// the envelope's validationErrors.
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { camelKeys, coerceQuery, type ActionDef } from '#shared/contracts/define.ts';
import type { Language } from '../../framework.ts';
import { AppError, MESSAGES, localize } from '../../lib/errors.ts';
import { requestLanguage } from './caller.ts';

type ValidationIssue = { message: string; members: string[] };

const EN_ZOD_MESSAGES = z.locales.en().localeError;

/** Options for schema.safeParse: zod's own messages in English for an English caller (Chinese is the default). */
export const parseOptions = (language: Language) => (language === 'en' ? { error: EN_ZOD_MESSAGES } : undefined);

function invalidInput(errors: ValidationIssue[], language: Language): AppError {
  const details = `${localize(language, '验证过程中检测到以下错误。')}\n${errors.map((e) => ` - ${e.members[0]}: ${e.message}`).join('\n')}`;
  return new AppError(400, MESSAGES.invalidRequest, details, errors);
}

const memberOf = (path: readonly PropertyKey[]) =>
  path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join('') || 'input';

/** Turns zod issues into the envelope's validationErrors (camelCase member paths). */
export function validationError(error: z.ZodError, language: Language = 'zh-Hans'): AppError {
  return invalidInput(error.issues.map((issue) => ({ message: issue.message, members: [memberOf(issue.path)] })), language);
}

/**
 * Text fields holding U+0000 anywhere in the input, as member paths. PostgreSQL cannot store that
 * character (a 500 otherwise); checking the whole input here covers every action, whatever its
 * schema builds strings with (z.string(), text(), z.record…), and file routes reading input alike.
 */
function nulMembers(value: unknown, path: PropertyKey[] = [], out: PropertyKey[][] = []): PropertyKey[][] {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) out.push(path);
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => nulMembers(v, [...path, i], out));
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) nulMembers(v, [...path, k], out);
  }
  return out;
}

/** The deepest a JSON body may nest: more is a 400 before anything walks it (a 100 000-deep body overflowed the stack). */
export const MAX_JSON_DEPTH = 64;

/** Whether a parsed JSON value nests objects and arrays deeper than `max`; iterative, and it stops at the first too deep. */
function nestsDeeper(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (!v || typeof v !== 'object') continue;
    if (depth > max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) if (child && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return false;
}

function refuseNul(input: unknown, req: FastifyRequest): void {
  const withNul = nulMembers(input);
  if (withNul.length === 0) return;
  const language = requestLanguage(req);
  throw invalidInput(withNul.map((path) => ({ message: localize(language, '不能包含空字符 (U+0000)'), members: [memberOf(path)] })), language);
}

/**
 * Every JSON body of the server, as its parser hands it over (app.ts), before anyone walks it:
 * nested deeper than MAX_JSON_DEPTH, or holding U+0000 in any text, it is a 400 — whatever route
 * it was sent to, signed in or not.
 */
export function checkJsonBody(body: unknown, req: FastifyRequest): void {
  if (nestsDeeper(body, MAX_JSON_DEPTH)) {
    const details = `请求体嵌套过深（最多 ${MAX_JSON_DEPTH} 层）。`;
    throw new AppError(400, MESSAGES.invalidRequest, details, [{ message: details, members: ['body'] }]);
  }
  refuseNul(body, req);
}

/** The action's input from the query string and the body (whose text the JSON parser has checked already). */
export function readInput(def: ActionDef, req: FastifyRequest): unknown {
  refuseNul(camelKeys(req.query ?? {}), req);
  return mergedInput(def, req);
}

function mergedInput(def: ActionDef, req: FastifyRequest): unknown {
  const query = camelKeys(req.query ?? {}) as Record<string, unknown>;
  const fromQuery = coerceQuery(def.input, query);
  if (def.method === 'GET' || def.method === 'DELETE') return fromQuery;
  const body = req.body;
  if (body === undefined || body === null) return fromQuery;
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw new AppError(400, MESSAGES.invalidRequest, '请求体必须是 JSON 对象。', [{ message: '必须是 JSON 对象', members: ['body'] }]);
  }
  return { ...fromQuery, ...(camelKeys(body) as Record<string, unknown>) };
}

/** Upload actions take their input from the query string only: the body is the file. */
export function readQuery(def: ActionDef, req: FastifyRequest): unknown {
  return readInput({ ...def, method: 'GET' }, req);
}
