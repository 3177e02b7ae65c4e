import { describe, expect, it } from 'vitest';
import { drizzle } from 'drizzle-orm/node-postgres';
import { desc } from 'drizzle-orm';
import { parcels } from './schema/index.ts';
import { pageLimit } from './page-limit.ts';

// Statements are only rendered here, never sent: Drizzle's mock has no connection.
const db = drizzle.mock();
const page = (limit: number, offset: number) =>
  db.select({ id: parcels.id }).from(parcels).orderBy(desc(parcels.id)).limit(pageLimit(limit)).offset(offset).toSQL();

describe('pageLimit (decision 0036)', () => {
  it("writes the console's page sizes into the text, so a first page has no parameter PostgreSQL must guess", () => {
    for (const size of [10, 20, 50, 100]) {
      const q = page(size, 0);
      expect(q.sql).toMatch(new RegExp(` limit ${size}$`));
      expect(q.params).toEqual([]);
    }
  });

  it('keeps any other size a parameter, so a client cannot make up statement texts', () => {
    const q = page(7, 0);
    expect(q.sql).toMatch(/ limit \$1$/);
    expect(q.params).toEqual([7]);
  });

  it('leaves a later page its offset as a parameter', () => {
    const q = page(20, 40);
    expect(q.sql).toMatch(/ limit 20 offset \$1$/);
    expect(q.params).toEqual([40]);
  });
});
