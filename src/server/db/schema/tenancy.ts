// Tenant isolation lives in the database: every tenant-owned table has a tenant_id that defaults
// to the transaction's tenant and a row-level-security policy for the application role. The
// request transaction switches to that role and sets app.tenant_id, so no query can forget the
// filter (docs/decisions/0002-tenant-isolation-with-rls.md).
import { sql, type SQL } from 'drizzle-orm';
import { bigint, pgPolicy, pgRole, timestamp, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';

export const APP_ROLE = 'haicang_app';
export const appRole = pgRole(APP_ROLE).existing();
/**
 * The role a scoped group member's statements run as (decision 0034): a member of haicang_app (its
 * grants and tenant policies), and the only role the scope policies below apply to. Everyone else's
 * statements carry no scope condition at all, so a capped count can stay inside an index.
 */
export const SCOPED_ROLE = 'haicang_scoped';
export const scopedRole = pgRole(SCOPED_ROLE).existing();

const currentTenant = sql`nullif(current_setting('app.tenant_id', true), '')::bigint`;

/** tenant_id of a business table: required, defaults to the current transaction's tenant. */
export const tenantIdColumn = () => bigint('tenant_id', { mode: 'number' }).notNull().default(currentTenant);

/** tenant_id of an identity table (users, roles): null for the host's own rows. */
export const hostOrTenantIdColumn = () => bigint('tenant_id', { mode: 'number' }).default(currentTenant);

/** Business rows: visible only inside their tenant; the host sees none. */
export const tenantPolicy = (column: PgColumn) => {
  const check: SQL = sql`${column} = ${currentTenant}`;
  return pgPolicy('tenant_isolation', { as: 'permissive', for: 'all', to: appRole, using: check, withCheck: check });
};

/** Identity rows: the host sees its own (tenant_id null), a tenant its own. */
export const hostOrTenantPolicy = (column: PgColumn) => {
  const check: SQL = sql`${column} is not distinct from ${currentTenant}`;
  return pgPolicy('tenant_isolation', { as: 'permissive', for: 'all', to: appRole, using: check, withCheck: check });
};

export const createdAt = (name = 'creation_time') => timestamp(name, { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity();

// Back-office data scope (DOMAIN §1, decision 0023): a staff member in a group without
// warehouse.Manages sees only the group's sites and overseas warehouses. The request transaction sets
// app.scope_sites ('TW,MY') and app.scope_warehouses (the warehouse ids he may see) for such a
// member and switches to haicang_scoped, the role these policies are for (decision 0034); empty or
// unset means unrestricted. Restrictive policies are ANDed with the tenant's, so a
// list, an export, a statistic or a detail reading these tables cannot see past the scope either.
// Written as CASE, not `setting is null or …`: the planner then estimates each policy at one half
// instead of next to nothing, so row estimates (and join plans) stay sane (decision 0023).
const scopeSites = sql`nullif(current_setting('app.scope_sites', true), '')`;
const scopeWarehouses = sql`nullif(current_setting('app.scope_warehouses', true), '')`;

/** Rows of a site (orders, stores, bags): hidden outside the member's sites. */
export const siteScopePolicy = (column: PgColumn) => pgPolicy('site_scope', {
  as: 'restrictive', for: 'select', to: scopedRole,
  using: sql`case when ${scopeSites} is null then true else ${column} = any(string_to_array(${scopeSites}, ',')) end`,
});

/**
 * Rows that belong to an order (parcels): hidden when their order is hidden, i.e. outside the member's
 * sites (the order's own policies answer inside the subquery). A row of no order (无主件) stays visible.
 */
export const orderScopePolicy = (orderId: PgColumn, ordersTable: PgTable, ordersId: PgColumn) => pgPolicy('order_scope', {
  as: 'restrictive', for: 'select', to: scopedRole,
  using: sql`case when ${scopeSites} is null then true else ${orderId} is null or exists (select 1 from ${ordersTable} where ${ordersId} = ${orderId}) end`,
});

/**
 * Rows that carry no site or warehouse of their own but reach one through another row (issue 42):
 * visible to a scoped member only when that row is, whichever dimension his scope narrows; `reach` is
 * an `exists` on the other table, whose own policies answer inside it (throughParent,
 * throughAuditEntity). Written once here for every such table (migration 0035), so a list, a detail,
 * an export or a figure reading them alone sees the member's rows only.
 */
export const reachScopePolicy = (reach: SQL) => pgPolicy('reach_scope', {
  as: 'restrictive', for: 'select', to: scopedRole,
  using: sql`case when ${scopeSites} is null and ${scopeWarehouses} is null then true else ${reach} end`,
});

/** The row's parent, by a foreign key; a row of no parent (a return no order has) stays visible. */
export const throughParent = (fk: PgColumn, table: PgTable, pk: PgColumn): SQL =>
  sql`${fk} is null or exists (select 1 from ${table} where ${pk} = ${fk})`;

/**
 * What each audit entity (#shared/contracts/orders.ts AUDIT_ENTITIES) is a row of, by table name (named, not imported:
 * the schema files import orders.ts). An entity absent here (advanceOrder: a tracking number no order
 * names) reaches no site and stays visible.
 */
export const AUDIT_ENTITY_TABLES: Readonly<Record<string, string>> = {
  order: 'orders', parcel: 'parcels', stock: 'stock_records', rejection: 'express_rejections',
  refusal: 'refusal_orders', orderReturn: 'order_returns', return: 'abroad_returns',
};

/** An audit row reaches a site through the row it is about. */
export const throughAuditEntity = (entity: PgColumn, entityId: PgColumn): SQL => {
  const cases = Object.entries(AUDIT_ENTITY_TABLES).map(([name, table]) =>
    sql`when ${sql.raw(`'${name}'`)} then exists (select 1 from ${sql.identifier(table)} e where e.id = ${entityId})`);
  return sql`case ${entity} ${sql.join(cases, sql` `)} else true end`;
};

/** Rows at a warehouse (orders, parcels, inbound records, rejections; warehouses by id): hidden at an overseas warehouse outside the member's. */
export const warehouseScopePolicy = (column: PgColumn) => pgPolicy('warehouse_scope', {
  as: 'restrictive', for: 'select', to: scopedRole,
  using: sql`case when ${scopeWarehouses} is null then true else ${column} is null or ${column} = any(string_to_array(${scopeWarehouses}, ',')::bigint[]) end`,
});
