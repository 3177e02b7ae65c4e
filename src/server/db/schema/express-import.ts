// Express imports (issue 4 §5): one row per uploaded sheet of declared tracking numbers, with the
// per-row outcome (skipped and failed rows as jsonb).
import { bigint, index, integer, jsonb, pgTable, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantIdColumn, tenantPolicy } from './tenancy.ts';

export interface ExpressImportError { row: number; shipment: string; reason: string }

export const expressImports = pgTable('express_imports', {
  id: id(),
  tenantId: tenantIdColumn(),
  fileName: varchar('file_name', { length: 255 }).notNull(),
  totalRows: integer('total_rows').notNull(),
  created: integer('created').notNull(),
  skipped: integer('skipped').notNull(),
  failed: integer('failed').notNull(),
  errors: jsonb('errors').$type<ExpressImportError[]>().notNull().default([]),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  userName: varchar('user_name', { length: 64 }).notNull(),
  creationTime: createdAt(),
}, (t) => [index('express_imports_time_idx').on(t.tenantId, t.id), tenantPolicy(t.tenantId)]);
