// Rows of a kept prepared query mapped by a mapper made once (decisions 0036, 0043, 0045): it takes
// the place of Drizzle's own mapper through the prepared query's fields (drizzle-orm internals).
import { Column, getTableName, is, SQL, Subquery } from 'drizzle-orm';

/** A Drizzle prepared query's own fields, as its execute() reads them (drizzle-orm 0.45). */
interface PreparedFields {
  fields?: { path: string[]; field: unknown }[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
}
type DriverDecoder = { mapFromDriverValue(value: unknown): unknown };

/**
 * A kept prepared query whose rows are mapped by a mapper made once (decision 0036). Drizzle maps
 * each row by asking, for every field of every row, what kind of field it is (`is()`, which walks
 * prototypes, and through a proxy for the columns of a CTE): 12 % of the server's time on list
 * pages. The kinds are asked here once; each row then costs only the columns' own decoders, the
 * same ones Drizzle calls. A selection may hold objects one level deep (decision 0045); one that a
 * left join may leave empty becomes null by Drizzle's own rule (nullableObjects).
 */
export function mapRowsOnce<T>(prepared: T): T {
  const q = prepared as PreparedFields;
  if (!Array.isArray(q.fields) || q.customResultMapper || q.fields.some((f) => f.path.length > 2)) return prepared;
  const paths = q.fields.map((f) => f.path);
  // A member named __proto__ would set a prototype in an object literal: such a selection stays Drizzle's.
  if (paths.some((p) => p.length === 2) && paths.some((p) => p.includes('__proto__'))) return prepared;
  const decoders: DriverDecoder[] = q.fields.map(({ field }) => {
    // As Drizzle's mapResultRow picks them; an SQL's decoder is internal to Drizzle.
    const decoderOf = (x: SQL) => (x as unknown as { decoder: DriverDecoder }).decoder;
    if (is(field, Column)) return field;
    if (is(field, SQL)) return decoderOf(field);
    if (is(field, Subquery)) return decoderOf((field as unknown as { _: { sql: SQL } })._.sql);
    return decoderOf((field as SQL.Aliased).sql);
  });
  q.customResultMapper = paths.every((p) => p.length === 1)
    ? rowMapper(paths.map((p) => p[0]!), decoders)
    : nestedRowMapper(paths, decoders, nullableObjects(q.fields, q.joinsNotNullableMap));
  return prepared;
}

/**
 * The objects of a selection that Drizzle's mapResultRow turns into null, each with the index of the
 * field it decides by. Its rule: when the query has joins, an object whose column fields (an SQL
 * field does not count) all belong to one table that a join may leave empty is null when the first
 * of those columns is null.
 */
export function nullableObjects(fields: readonly { path: string[]; field: unknown }[], joinsNotNullableMap: Record<string, boolean> | undefined): Map<string, number> {
  const out = new Map<string, number>();
  if (!joinsNotNullableMap) return out;
  const seen = new Map<string, { table: string; first: number } | false>();
  fields.forEach(({ path: p, field }, i) => {
    if (p.length !== 2 || !is(field, Column)) return;
    const table = getTableName(field.table);
    const was = seen.get(p[0]!);
    if (was === undefined) seen.set(p[0]!, { table, first: i });
    else if (was && was.table !== table) seen.set(p[0]!, false);
  });
  for (const [name, found] of seen) if (found && !joinsNotNullableMap[found.table]) out.set(name, found.first);
  return out;
}

/**
 * The mapper of rows of fields one or two levels deep (`paths`), made once as rowMapper's is: each
 * object of `nullable` is null when the field it decides by is null once decoded, as Drizzle decides.
 */
export function nestedRowMapper(paths: readonly (readonly string[])[], decoders: readonly DriverDecoder[], nullable: ReadonlyMap<string, number>): (rows: unknown[][]) => unknown {
  const decode = decoders.map((d) => d.mapFromDriverValue.bind(d));
  const value = (i: number) => `r[${i}] === null ? null : d[${i}](r[${i}])`;
  // The members in order of first appearance, as Drizzle's mapper adds them.
  const top: { key: string; members: string[] | null; index: number }[] = [];
  paths.forEach((p, i) => {
    if (p.length === 1) {
      top.push({ key: p[0]!, members: null, index: i });
      return;
    }
    let object = top.find((t) => t.key === p[0] && t.members);
    if (!object) top.push(object = { key: p[0]!, members: [], index: i });
    object.members!.push(`${JSON.stringify(p[1])}: ${value(i)}`);
  });
  // An object that may be null is made first, so that it is decided by its member's decoded value.
  const locals: string[] = [];
  const members = top.map((t) => {
    if (!t.members) return `${JSON.stringify(t.key)}: ${value(t.index)}`;
    const literal = `{ ${t.members.join(', ')} }`;
    const decidedBy = nullable.get(t.key);
    if (decidedBy === undefined) return `${JSON.stringify(t.key)}: ${literal}`;
    const local = `o${locals.length}`;
    locals.push(`const ${local} = ${literal};`);
    return `${JSON.stringify(t.key)}: ${local}[${JSON.stringify(paths[decidedBy]![1])}] === null ? null : ${local}`;
  });
  // The source is made of the selection's names (as JSON strings) and indexes, never of a row's values.
  const make = new Function('d', `return (rows) => rows.map((r) => { ${locals.join(' ')} return { ${members.join(', ')} }; });`) as (d: unknown[]) => (rows: unknown[][]) => unknown;
  return make(decode);
}

/**
 * The mapper of rows of these fields: one object literal per row, generated once (decision 0043),
 * so every row has its final shape from the start, instead of gaining its members one by one by a
 * name that changes at every step. Each decoder's method is looked up once: a CTE's columns are
 * proxies, and reading a method through the proxy for every value cost 2 % of a list page's time.
 */
export function rowMapper(keys: readonly string[], decoders: readonly DriverDecoder[]): (rows: unknown[][]) => unknown {
  // "__proto__" in an object literal (or assigned) would set the prototype: such a selection's
  // members are defined one by one.
  if (keys.includes('__proto__')) {
    const decode = decoders.map((d) => d.mapFromDriverValue.bind(d));
    return (rows) => rows.map((row) => {
      const out: Record<string, unknown> = {};
      for (let i = 0; i < keys.length; i++) {
        Object.defineProperty(out, keys[i]!, { value: row[i] === null ? null : decode[i]!(row[i]), enumerable: true, writable: true, configurable: true });
      }
      return out;
    });
  }
  // Otherwise the generated literal, as for a selection with objects (one level, none of them).
  return nestedRowMapper(keys.map((key) => [key]), decoders, new Map());
}
