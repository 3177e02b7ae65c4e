// SQL written with statuses by name (src/server/db/sql/*.sql): {{ENUM.name}} becomes the code from
// src/shared/enums.ts, {{HERE}} the receive statuses of a parcel that is in the warehouse. A migration
// applies the rendered text; tests/api/holding-slots.test.ts checks it is the latest one's.
import { readFileSync } from 'node:fs';
import { ORDER_STATUS, PACKAGE_STATUS, RECEIVE_STATUS } from '#shared/enums.ts';
import { PARCEL_HERE } from '#shared/rules/parcels.ts';

const ENUMS: Record<string, Record<string, number>> = { ORDER_STATUS, PACKAGE_STATUS, RECEIVE_STATUS };

export function renderSql(text: string): string {
  return text.replace(/\{\{([A-Z_]+)(?:\.(\w+))?\}\}/g, (whole, name: string, key: string | undefined) => {
    if (name === 'HERE' && key === undefined) return PARCEL_HERE.join(', ');
    const code = key === undefined ? undefined : ENUMS[name]?.[key];
    if (code === undefined) throw new Error(`unknown placeholder ${whole}`);
    return String(code);
  });
}

/** A file of src/server/db/sql rendered. */
export const renderSqlFile = (name: string): string => renderSql(readFileSync(new URL(`./${name}`, import.meta.url), 'utf8'));
