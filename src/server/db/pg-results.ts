// node-postgres results read as arrays, without the empty row object (decision 0045): a patch of
// pg's Result.prototype.addFields, applied when this module is loaded.
import { createRequire } from 'node:module';

interface PgResult {
  rowAsArray: boolean; fields: { dataTypeID: number; format?: string }[]; _parsers: unknown[] | undefined;
  _types: { getTypeParser(oid: number, format: string): unknown } | undefined;
  addFields(fieldDescriptions: PgResult['fields']): void;
}

/**
 * A result read as arrays takes its row description without an empty row object of its columns'
 * names (decision 0045). node-postgres' Result.addFields (pg 8.23) builds that object for every
 * result, by one key at a time over a dictionary and a copy; only rows read as objects use it.
 * Drizzle's selects read rows as arrays: at 20 scanners that object was 5–7 % of the server's time.
 * The parsers are taken exactly as addFields takes them; a result read as objects is untouched.
 */
export function leanArrayResults(Result: { prototype: PgResult }, types: { getTypeParser(oid: number, format: string): unknown }): void {
  const proto = Result.prototype;
  if ((proto as { leanArrays?: boolean }).leanArrays) return;
  const addFields = proto.addFields;
  proto.addFields = function (this: PgResult, fieldDescriptions) {
    if (!this.rowAsArray) return addFields.call(this, fieldDescriptions);
    this.fields = fieldDescriptions;
    if (this.fields.length) this._parsers = new Array(fieldDescriptions.length);
    const source = this._types ?? types;
    for (let i = 0; i < fieldDescriptions.length; i++) {
      const desc = fieldDescriptions[i]!;
      this._parsers![i] = source.getTypeParser(desc.dataTypeID, desc.format || 'text');
    }
  };
  Object.defineProperty(proto, 'leanArrays', { value: true });
}
{
  // pg-types as node-postgres itself resolves it: the instance its type parsers are set on.
  const fromPg = createRequire(createRequire(import.meta.url).resolve('pg/lib/result.js'));
  leanArrayResults(fromPg('./result.js') as { prototype: PgResult }, fromPg('pg-types') as { getTypeParser(oid: number, format: string): unknown });
}
