// The answers' serializer (decision 0042). Each route's zod output schema is turned, on the route's
// first answer, into JavaScript that writes the answer's JSON directly: it checks each value's type
// as zod would and writes only the declared members. zod's safeEncode followed by JSON.stringify,
// which it replaces, copies the whole answer object by object before writing it.
//
// The writer is strict. It gives up on whatever it is not sure to treat exactly as zod does:
// - checks other than "a safe integer";
// - unions other than of literals and enums, records, unknown values;
// - a missing or undefined required member;
// - a value of the wrong type.
// The answer is then serialized the zod way, which gives the same text, or throws the same
// ResponseSerializationError, as fastify-type-provider-zod's serializerCompiler.
// `check: true` (the API tests) serializes every answer both ways and requires the same text.
import { InvalidSchemaError, ResponseSerializationError } from 'fastify-type-provider-zod';
import { safeEncode, type z } from 'zod';
import { $ZodType } from 'zod/v4/core';

/**
 * A member's JSON already written, by PostgreSQL (decision 0052): the writer puts its text in the
 * answer as it is, where the schema has an array or an object. Its text must be what the schema's
 * JSON would be, byte for byte; the API tests check that (`check`), as they check the writer. Written
 * any other way (JSON.stringify, zod's way) it is its value.
 */
export class JsonText {
  constructor(readonly text: string) {}
  toJSON(): unknown {
    return JSON.parse(this.text);
  }
}

/** A JsonText standing, in a handler's answer, for the value of type T its text is the JSON of. */
export function writtenJson<T>(text: string): T {
  return new JsonText(text) as unknown as T;
}

/**
 * `data` with every JsonText in it replaced by its value: what zod's way reads. Only plain objects and
 * arrays are looked into, each once (an answer with a cycle stays as it is, for zod to refuse).
 */
function withJsonValues(data: unknown, seen = new WeakSet<object>()): unknown {
  if (data instanceof JsonText) return JSON.parse(data.text);
  const plain = Array.isArray(data) || (typeof data === 'object' && data !== null && Object.getPrototypeOf(data) === Object.prototype);
  if (!plain || seen.has(data as object)) return data;
  seen.add(data as object);
  let copy: unknown[] | Record<string, unknown> | null = null;
  for (const [key, value] of Object.entries(data as object)) {
    const resolved = withJsonValues(value, seen);
    if (resolved === value) continue;
    copy ??= Array.isArray(data) ? [...data] : { ...(data as Record<string, unknown>) };
    (copy as Record<string, unknown>)[key] = resolved;
  }
  return copy ?? data;
}

/** Writes one value's JSON, or throws GIVE_UP. Never returns undefined. */
type Writer = (value: unknown) => string;

/** Thrown when the writer is not sure of the answer; prepared once (no stack is captured). */
const GIVE_UP = Object.freeze({ giveUp: true });

// The parts of zod 4's schema definitions the writer reads.
interface Def {
  type: string;
  format?: string;
  coerce?: boolean;
  checks?: { _zod: { def: { check: string; format?: string } } }[];
  shape?: Record<string, Schema>;
  catchall?: Schema;
  element?: Schema;
  innerType?: Schema;
  values?: Iterable<unknown>;
  options?: Schema[];
  inclusive?: boolean;
}
type Schema = z.ZodType & { _zod: { def: Def; traits: Set<string> }; options?: unknown[] };

const defOf = (schema: Schema): Def => schema._zod.def;

/** The schema's subtree the zod way: zod's answer, its JSON; GIVE_UP when zod refuses it. */
function zodWriter(schema: Schema): Writer {
  return (value) => {
    const result = safeEncode(schema, value);
    if (!result.success) throw GIVE_UP;
    const data: unknown = result.data;
    // A toJSON at the piece's root would be called with "" here, with its member's name in the whole
    // answer: the whole answer is zod's then.
    if (typeof data === 'object' && data !== null && typeof (data as { toJSON?: unknown }).toJSON === 'function') throw GIVE_UP;
    let text: string | undefined;
    try {
      text = JSON.stringify(data);
    } catch {
      // A bigint, a cycle, a toJSON that throws: the whole answer the zod way, which fails as it did.
      throw GIVE_UP;
    }
    if (text === undefined) throw GIVE_UP;
    return text;
  };
}

/**
 * The kinds of schema the generated code writes itself, by their zod traits (the names of the
 * classes a schema is made by). A schema of any other class, a subclass too (exactOptional is an
 * optional, xor a union), is zod's: the writer knows the semantics of these classes only.
 */
const KNOWN_TRAITS = new Set([
  '$ZodType', 'ZodType', '$ZodObject', '$ZodObjectJIT', 'ZodObject', '$ZodArray', 'ZodArray',
  '$ZodString', 'ZodString', '_ZodString', '$ZodNumber', 'ZodNumber', '$ZodNumberFormat', 'ZodNumberFormat',
  '$ZodCheckNumberFormat', '$ZodCheck', '$ZodBoolean', 'ZodBoolean', '$ZodNull', 'ZodNull',
  '$ZodLiteral', 'ZodLiteral', '$ZodEnum', 'ZodEnum', '$ZodUnion', 'ZodUnion', '$ZodNullable', 'ZodNullable',
  '$ZodOptional', 'ZodOptional',
]);

function isKnown(schema: Schema): boolean {
  for (const trait of schema._zod.traits) if (!KNOWN_TRAITS.has(trait)) return false;
  return true;
}

/** The values a literal or an enum accepts; null for any other schema (or one with checks). */
function valuesOf(schema: Schema): unknown[] | null {
  const def = defOf(schema);
  if (def.checks?.length || !isKnown(schema)) return null;
  if (def.type === 'enum') return [...(schema.options ?? [])];
  if (def.type === 'literal') return [...(def.values ?? [])];
  return null;
}

/** The values a union of literals and enums accepts; null when an option is anything else. */
function valuesOfUnion(def: Def): unknown[] | null {
  const values: unknown[] = [];
  for (const option of def.options ?? []) {
    const some = valuesOf(option);
    if (!some) return null;
    values.push(...some);
  }
  return values;
}

const isJsonPrimitive = (v: unknown): boolean => v === null || typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));

/**
 * A string's JSON, as JSON.stringify writes it: a short string with nothing to escape (no control
 * character, quote, backslash or surrogate) is only quoted; any other goes through JSON.stringify.
 */
function stringJson(s: string): string {
  if (s.length > 64) return JSON.stringify(s);
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 32 || c === 34 || c === 92 || (c >= 0xd800 && c <= 0xdfff)) return JSON.stringify(s);
  }
  return `"${s}"`;
}

/** A shape of string keys only, none of them `__proto__` (which zod skips). */
function plainShape(shape: Record<string, Schema>): boolean {
  return Object.getOwnPropertySymbols(shape).length === 0 && !Object.prototype.hasOwnProperty.call(shape, '__proto__');
}

/**
 * The generated writer's source. Each object and array schema becomes a function of its own
 * (`w0`, `w1`…), each leaf an inline check and append; a subtree the writer leaves to zod calls
 * its zodWriter (`z0`, `z1`…). The functions are built with `new Function` once per route, as zod
 * builds its own object parsers, so that V8 sees plain code with one shape per member.
 */
class Generator {
  readonly functions: string[] = [];
  readonly zodWriters: Writer[] = [];
  readonly constants: unknown[] = [];
  private readonly named = new Map<Schema, string>();

  /** The name of the function that writes `schema` (a whole value, returned as a string). */
  functionFor(schema: Schema): string {
    const known = this.named.get(schema);
    if (known) return known;
    const name = `w${this.named.size}`;
    this.named.set(schema, name);
    const index = this.functions.length;
    this.functions.push('');
    this.functions[index] = `function ${name}(v) {\n${this.body(schema)}\n}`;
    return name;
  }

  private zod(schema: Schema): string {
    this.zodWriters.push(zodWriter(schema));
    return `z${this.zodWriters.length - 1}`;
  }

  private constant(value: unknown): string {
    this.constants.push(value);
    return `c${this.constants.length - 1}`;
  }

  /** An expression that is the JSON of `x` (a variable), after statements that check it; or a call. */
  private value(schema: Schema, x: string): { check: string; json: string } {
    const def = defOf(schema);
    const checks = def.checks ?? [];
    const leaveToZod = { check: '', json: `${this.zod(schema)}(${x})` };
    if (def.coerce || !isKnown(schema)) return leaveToZod;
    switch (def.type) {
      case 'string':
        if (checks.length || def.format) return leaveToZod;
        return { check: `if (typeof ${x} !== 'string') throw G;`, json: `S(${x})` };
      case 'number': {
        const safeInt = def.format === 'safeint';
        if (def.format && !safeInt) return leaveToZod;
        if (!checks.every((c) => c._zod.def.check === 'number_format' && c._zod.def.format === 'safeint')) return leaveToZod;
        const test = safeInt || checks.length > 0 ? 'Number.isSafeInteger' : 'Number.isFinite';
        // A finite number's JSON is its String (-0 too: "0").
        return { check: `if (typeof ${x} !== 'number' || !${test}(${x})) throw G;`, json: `('' + ${x})` };
      }
      case 'boolean':
        if (checks.length) return leaveToZod;
        return { check: `if (${x} !== true && ${x} !== false) throw G;`, json: `(${x} ? 'true' : 'false')` };
      case 'null':
        if (checks.length) return leaveToZod;
        return { check: `if (${x} !== null) throw G;`, json: `'null'` };
      case 'literal':
      case 'enum':
      case 'union': {
        // A union of literals and enums (the contracts' codes) is a set of values, whichever matches.
        const values = def.type === 'union' ? (def.inclusive === false ? null : valuesOfUnion(def)) : valuesOf(schema);
        if (checks.length || !values || values.length === 0 || !values.every(isJsonPrimitive)) return leaveToZod;
        const texts = this.constant(new Map(values.map((v) => [v, JSON.stringify(v)])));
        return { check: `if (!${texts}.has(${x})) throw G;`, json: `${texts}.get(${x})` };
      }
      case 'nullable': {
        if (checks.length) return leaveToZod;
        const inner = this.value(def.innerType!, x);
        return { check: `if (${x} !== null) { ${inner.check} }`, json: `(${x} === null ? 'null' : ${inner.json})` };
      }
      case 'array':
      case 'object':
        if (checks.length || def.catchall || (def.type === 'object' && !plainShape(def.shape!))) return leaveToZod;
        // A JsonText (PostgreSQL's own JSON of the member) is written as it is.
        return { check: '', json: `(${x} instanceof J ? ${x}.text : ${this.functionFor(schema)}(${x}))` };
      default:
        // unknown, any, union, record, lazy, date, pipe…: zod's own treatment of that subtree.
        return leaveToZod;
    }
  }

  private body(schema: Schema): string {
    const def = defOf(schema);
    if (def.type === 'array') {
      const item = this.value(def.element!, 'x');
      return [
        'if (!Array.isArray(v)) throw G;',
        'let o = \'[\';',
        'for (let i = 0; i < v.length; i++) {',
        // An undefined element (a hole) is zod's to judge; JSON writes it as null.
        '  const x = v[i]; if (x === undefined) throw G;',
        `  ${item.check}`,
        `  o += (i === 0 ? '' : ',') + ${item.json};`,
        '}',
        'return o + \']\';',
      ].join('\n');
    }
    const lines = ['if (typeof v !== \'object\' || v === null || Array.isArray(v)) throw G;', 'let o = \'{\', x;'];
    // Whether a member has surely been written before this one (a comma is then due).
    let written: 'yes' | 'no' | 'maybe' = 'no';
    for (const [key, member] of Object.entries(def.shape!)) {
      const optional = defOf(member).type === 'optional' && isKnown(member) && !defOf(member).checks?.length;
      const { check, json } = this.value(optional ? defOf(member).innerType! : member, 'x');
      const label = `${JSON.stringify(key)}:`;
      // The comma and the member's name are one literal when it is known whether a member came before.
      const prefix = written === 'yes' ? JSON.stringify(`,${label}`) : written === 'no' ? JSON.stringify(label) : `(o.length === 1 ? '' : ',') + ${JSON.stringify(label)}`;
      const append = `${check} o += ${prefix} + ${json};`;
      lines.push(`x = v[${JSON.stringify(key)}];`);
      // An optional member that is absent or undefined is left out, as JSON.stringify leaves zod's
      // copy's undefined out; a required one is zod's to refuse (or, for unknown, to keep).
      lines.push(optional ? `if (x !== undefined) { ${append} }` : `if (x === undefined) throw G; ${append}`);
      written = optional ? (written === 'yes' ? 'yes' : 'maybe') : 'yes';
    }
    lines.push('return o + \'}\';');
    return lines.join('\n');
  }
}

/** The writer of `schema`: generated code for what it knows, zod for the rest. */
function compile(schema: Schema): Writer {
  try {
    return generate(schema);
  } catch {
    // A schema the generator cannot read (a zod it does not know): zod writes that route's answers.
    return zodWriter(schema);
  }
}

function generate(schema: Schema): Writer {
  const def = defOf(schema);
  if ((def.type !== 'object' && def.type !== 'array') || def.checks?.length || def.catchall || !isKnown(schema)
    || (def.type === 'object' && !plainShape(def.shape!))) return zodWriter(schema);
  const generator = new Generator();
  const entry = generator.functionFor(schema);
  const names = ['G', 'S', 'J', ...generator.zodWriters.map((_, i) => `z${i}`), ...generator.constants.map((_, i) => `c${i}`)];
  const source = `${generator.functions.join('\n')}\nreturn ${entry};`;
  // The writer's code is built from the schema alone, never from an answer's values.
  const make = new Function(...names, source) as (...args: unknown[]) => Writer;
  return make(GIVE_UP, stringJson, JsonText, ...generator.zodWriters, ...generator.constants);
}

/** The route's zod schema, as fastify-type-provider-zod's serializerCompiler finds it (its resolveSchema). */
function resolveSchema(schema: unknown): Schema {
  if (schema instanceof $ZodType) return schema as unknown as Schema;
  if (typeof schema === 'object' && schema !== null && 'properties' in schema && schema.properties instanceof $ZodType) return schema.properties as unknown as Schema;
  throw new InvalidSchemaError(JSON.stringify(schema));
}

export interface AnswerSerializerOptions {
  /** Serialize every answer the zod way as well and throw if the texts differ (for tests). */
  check?: boolean;
}

/**
 * A Fastify serializer compiler (app.setSerializerCompiler) for zod response schemas: the same text
 * as fastify-type-provider-zod's serializerCompiler (safeEncode, then JSON.stringify), the same
 * ResponseSerializationError when the answer does not fit its schema.
 */
export function createAnswerSerializerCompiler(options: AnswerSerializerOptions = {}) {
  return ({ schema, method, url }: { schema: unknown; method: string; url: string }) => {
    const zodSchema = resolveSchema(schema);
    // Made on the route's first answer, so that a start does not build ~340 routes' writers.
    let write: Writer | null = null;
    const theZodWay = (data: unknown): string => {
      const result = safeEncode(zodSchema, withJsonValues(data));
      if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
      return JSON.stringify(result.data);
    };
    return (data: unknown): string => {
      let text: string;
      try {
        write ??= compile(zodSchema);
        text = write(data);
      } catch (err) {
        if (err !== GIVE_UP) throw err;
        return theZodWay(data);
      }
      if (options.check) {
        const expected = theZodWay(data);
        if (expected !== text) throw new Error(`answer writer differs from zod for ${method} ${url}:\n  writer: ${text.slice(0, 2000)}\n  zod:    ${expected.slice(0, 2000)}`);
      }
      return text;
    };
  };
}
