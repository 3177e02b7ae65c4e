// Groups (BackGroup, DOMAIN §8): the sites and overseas warehouses a set of staff members look
// after. A member without warehouse.Manages sees only those (the data scope, tenancy.ts).
import { bigint, boolean, index, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantIdColumn, tenantPolicy } from './tenancy.ts';

export const staffGroups = pgTable('staff_groups', {
  id: id(),
  tenantId: tenantIdColumn(),
  groupName: varchar('group_name', { length: 64 }).notNull(),
  crossBorderSites: varchar('cross_border_sites', { length: 4 }).array().notNull().default([]),
  nativeSites: varchar('native_sites', { length: 4 }).array().notNull().default([]),
  abroadWarehouses: bigint('abroad_warehouses', { mode: 'number' }).array().notNull().default([]),
  /** Staff user ids; a handful per group, read whole when a member's scope is worked out. */
  groupPersonnels: bigint('group_personnels', { mode: 'number' }).array().notNull().default([]),
  isOk: boolean('is_ok').notNull().default(true),
  creationTime: createdAt(),
  lastModificationTime: timestamp('last_modification_time', { withTimezone: true, mode: 'date' }),
}, (t) => [index('staff_groups_tenant_idx').on(t.tenantId), tenantPolicy(t.tenantId)]);
