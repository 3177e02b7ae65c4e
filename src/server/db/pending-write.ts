// A write built for sending with others in one statement (decision 0034), kept as a template so the
// statement can be prepared once per request connection and then only executed (decision 0035).
import { sql, type SQLWrapper } from 'drizzle-orm';

/**
 * A write not yet sent: its values by name and how to build it from them. `build` is given either
 * the values themselves or, for a prepared statement, a placeholder in place of each. `shape` names
 * what the statement's text depends on besides the values (which columns, how many rows).
 */
export interface PendingWrite {
  shape: string;
  values: Readonly<Record<string, unknown>>;
  build(values: Readonly<Record<string, unknown>>): SQLWrapper;
  /**
   * The statement that carries this write is its transaction's last (decision 0040): whoever sends it
   * marks it with lastStatementNext, so COMMIT goes behind it. An Idempotency-Key's answer (answerAlong).
   */
  last?: boolean;
}

/** The entries of `values` that are set: an undefined value leaves its column alone (Drizzle's rule). */
export function definedOnly<T extends Record<string, unknown>>(values: T): Partial<T> {
  const out: Partial<T> = {};
  for (const [k, v] of Object.entries(values)) if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  return out;
}

/**
 * The shape of a set of values: their names, sorted, and which are null. A null stays a literal NULL
 * in the statement, as Drizzle writes it (a column's encoder is never given null), so it is part of
 * the shape.
 */
export const shapeOf = (values: Readonly<Record<string, unknown>>): string =>
  Object.keys(values).sort().map((k) => (values[k] === null ? `${k}=null` : k)).join(',');

/**
 * Adds `values` to `params`, each name prefixed (a null is left out: it stays a literal NULL): what a
 * statement made of several templates is executed with.
 */
export function addPrefixed(params: Record<string, unknown>, prefix: string, values: Readonly<Record<string, unknown>>): void {
  let names = PREFIXED.get(prefix);
  if (!names) PREFIXED.set(prefix, names = new Map());
  for (const k of Object.keys(values)) {
    const v = values[k];
    if (v === null) continue;
    // Each prefixed name made once: a name built anew is hashed and looked up anew as a member's key.
    let name = names.get(k);
    if (name === undefined) names.set(k, name = prefix + k);
    params[name] = v;
  }
}
const PREFIXED = new Map<string, Map<string, string>>();

/** The names of `values`, prefixed, as placeholders (a null as itself): what such a statement is prepared from. */
export function prefixedPlaceholders(prefix: string, values: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const placeholders: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) placeholders[k] = v === null ? null : sql.placeholder(`${prefix}${k}`);
  return placeholders;
}
