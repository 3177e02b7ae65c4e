// Users, roles, permissions and tenants: Drizzle queries only, rows out.
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database, DataScope, Db, TenantId } from '../../db/client.ts';
import { pageLimit } from '../../db/page-limit.ts';
import { rolePermissions, roles, staffGroups, tenants, userRoles, users, warehouseInfos } from '../../db/schema/index.ts';
import { ADMIN_ROLE, USER_TYPE } from '#shared/permissions.ts';
import type { CurrentUser } from './current-user.ts';
import type { Principal } from '../../lib/tokens.ts';

export type UserRow = typeof users.$inferSelect;
export type RoleRow = typeof roles.$inferSelect;
export type TenantRow = typeof tenants.$inferSelect;

export const normalize = (s: string): string => s.trim().toUpperCase();

const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The user with the union of its roles' permissions and its security stamp, or null when the
 * user is gone, inactive, or its tenant is inactive. Runs in the request's transaction (row-level
 * security already confines it to the token's tenant) or, for manual actions, in a short one of
 * its own. Requests read it through the cache (current-users.ts), not directly.
 */
export async function readCurrentUser(
  tx: Db | null, database: Database, who: { userId: number; tenantId: TenantId },
): Promise<FoundUser | null> {
  if (!tx) return database.withTenant(who.tenantId, (t) => readCurrentUser(t, database, who));
  const tenantActive: SQL = who.tenantId === null
    ? sql`true`
    : sql`exists (select 1 from ${tenants} where ${tenants.id} = ${who.tenantId} and ${tenants.isActive} and not ${tenants.isDeleted})`;
  const [row] = await tx.select({
    id: users.id, tenantId: users.tenantId, userName: users.userName, name: users.name, surname: users.surname,
    emailAddress: users.emailAddress, userType: users.userType, userCode: users.userCode, language: users.language,
    // Qualified by hand: inside a single-table select Drizzle leaves column names unqualified.
    permissions: sql<string[]>`array(select distinct rp.name from user_roles ur join role_permissions rp on rp.role_id = ur.role_id where ur.user_id = "users"."id")`,
    tenantActive: sql<boolean>`${tenantActive}`,
    stamp: users.securityStamp,
    signedOutSessions: users.signedOutSessions,
  }).from(users).where(and(eq(users.id, who.userId), eq(users.isActive, true), eq(users.isDeleted, false)));
  if (!row || !row.tenantActive) return null;
  const { stamp, signedOutSessions, tenantActive: _active, ...user } = row;
  const permissions = new Set(user.permissions);
  const userType = user.userType === 1 ? 1 : 0;
  const scope = userType === USER_TYPE.staff && !permissions.has(SCOPE_EXEMPT) ? await scopeOfMember(tx, user.id) : null;
  return {
    user: { ...user, userType, permissions, scope },
    stamp, signedOut: new Set(signedOutSessions.map((s) => s.split(':')[0]!)),
  };
}

/** Staff holding this see every site and warehouse, whatever group they are in (DOMAIN §1). */
export const SCOPE_EXEMPT = 'warehouse.Manages';

/**
 * The data scope of a staff member from the enabled groups he is in: the union of their sites, and
 * of their overseas warehouses plus every mainland warehouse (the groups narrow overseas data only).
 * A dimension none of his groups fills stays unrestricted; in no group, null (sees everything).
 */
export async function scopeOfMember(tx: Db, userId: number): Promise<DataScope | null> {
  const groups = await tx.select({ cross: staffGroups.crossBorderSites, native: staffGroups.nativeSites, warehouses: staffGroups.abroadWarehouses })
    .from(staffGroups).where(and(eq(staffGroups.isOk, true), sql`${userId}::bigint = any(${staffGroups.groupPersonnels})`));
  if (groups.length === 0) return null;
  const sites = [...new Set(groups.flatMap((g) => [...g.cross, ...g.native]))].sort();
  const overseas = [...new Set(groups.flatMap((g) => g.warehouses))];
  let warehouses: number[] | null = null;
  if (overseas.length > 0) {
    const mainland = await tx.select({ id: warehouseInfos.id }).from(warehouseInfos).where(eq(warehouseInfos.kind, 1));
    warehouses = [...new Set([...overseas, ...mainland.map((w) => w.id)])].sort((a, b) => a - b);
  }
  if (sites.length === 0 && !warehouses) return null;
  return { sites: sites.length > 0 ? sites : null, warehouses };
}

/** The user as read for a token: the stamp and the sessions signed out one by one decide which tokens are good. */
export interface FoundUser { user: CurrentUser; stamp: string; signedOut: ReadonlySet<string> }

/** Whether a token (its principal) still stands for the user as read. */
export const acceptsToken = (found: FoundUser, principal: Principal): boolean =>
  found.stamp === principal.stamp && !found.signedOut.has(principal.session.id);

/** readCurrentUser without the cache, refusing a token whose security stamp is no longer the user's. */
export async function loadCurrentUser(tx: Db | null, database: Database, principal: Principal): Promise<CurrentUser | null> {
  const found = await readCurrentUser(tx, database, principal);
  return found && acceptsToken(found, principal) ? found.user : null;
}

/** A new security stamp: every token issued with the old one stops working (and need not be listed). */
export async function renewSecurityStamp(tx: Db, userId: number): Promise<void> {
  await tx.update(users).set({ securityStamp: sql`gen_random_uuid()::text`, signedOutSessions: sql`'{}'::text[]` }).where(eq(users.id, userId));
}

/** Lists one token as signed out; entries of tokens that have expired anyway are dropped. */
export async function recordSignOut(tx: Db, userId: number, session: Principal['session']): Promise<void> {
  const live = sql`array(select s from unnest(${users.signedOutSessions}) s where split_part(s, ':', 2)::bigint > extract(epoch from now()))`;
  await tx.update(users).set({ signedOutSessions: sql`${live} || ${`${session.id}:${session.expiresAt}`}::text` }).where(eq(users.id, userId));
}

export async function findUserForLogin(tx: Db, tenantId: TenantId, login: string): Promise<UserRow | undefined> {
  const n = normalize(login);
  const [row] = await tx.select().from(users)
    .where(and(
      sql`coalesce(${users.tenantId}, 0) = ${tenantId ?? 0}`,
      eq(users.isDeleted, false),
      or(eq(users.normalizedUserName, n), eq(users.normalizedEmailAddress, n)),
    ))
    .orderBy(sql`${users.normalizedUserName} = ${n} desc`)
    .limit(1);
  return row;
}

export async function recordLoginSuccess(tx: Db, userId: number): Promise<void> {
  await tx.update(users).set({ accessFailedCount: 0, lockoutEnd: null, lastLoginTime: sql`now()` }).where(eq(users.id, userId));
}

export async function getUser(tx: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(and(eq(users.id, id), eq(users.isDeleted, false)));
  return row;
}

/** Whether the user holds its side's static Admin role: the tenant admin (or the host's), who may grant anything. */
export async function holdsStaticAdmin(tx: Db, userId: number): Promise<boolean> {
  const [row] = await tx.select({ id: roles.id }).from(userRoles).innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, userId), eq(roles.isStatic, true), eq(roles.normalizedName, normalize(ADMIN_ROLE)))).limit(1);
  return !!row;
}

/** The union of the user's roles' permissions. */
export async function permissionsOfUser(tx: Db, userId: number): Promise<string[]> {
  const rows = await tx.selectDistinct({ name: rolePermissions.name }).from(userRoles)
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, userRoles.roleId)).where(eq(userRoles.userId, userId));
  return rows.map((r) => r.name);
}

/** The users' roles by normalized name (`ADMIN`), as ABP's UserDto.roleNames carries them. */
export async function roleNamesOf(tx: Db, userIds: readonly number[]): Promise<Map<number, string[]>> {
  const map = new Map<number, string[]>();
  if (userIds.length === 0) return map;
  const rows = await tx.select({ userId: userRoles.userId, name: roles.normalizedName }).from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(inArray(userRoles.userId, [...userIds]))
    .orderBy(asc(roles.normalizedName));
  for (const r of rows) map.set(r.userId, [...(map.get(r.userId) ?? []), r.name]);
  return map;
}

export interface UserFilter { keyword?: string | undefined; isActive?: boolean | undefined; userType?: number | undefined }

function userWhere(f: UserFilter): SQL | undefined {
  const parts: SQL[] = [eq(users.isDeleted, false)];
  if (f.keyword) {
    const p = likePattern(f.keyword);
    parts.push(or(ilike(users.userName, p), ilike(users.name, p), ilike(users.surname, p), ilike(users.emailAddress, p), ilike(users.userCode, p), ilike(users.phoneNumber, p))!);
  }
  if (f.isActive !== undefined) parts.push(eq(users.isActive, f.isActive));
  if (f.userType !== undefined) parts.push(eq(users.userType, f.userType));
  return and(...parts);
}

export async function listUsers(tx: Db, f: UserFilter, page: { limit: number; offset: number }): Promise<{ total: number; rows: UserRow[] }> {
  const where = userWhere(f);
  const [totals, rows] = [
    await tx.select({ n: count() }).from(users).where(where),
    await tx.select().from(users).where(where).orderBy(desc(users.id)).limit(pageLimit(page.limit)).offset(page.offset),
  ];
  return { total: totals[0]?.n ?? 0, rows };
}

export async function userNameTaken(tx: Db, tenantId: TenantId, userName: string, exceptId?: number): Promise<boolean> {
  const [row] = await tx.select({ id: users.id }).from(users).where(and(
    sql`coalesce(${users.tenantId}, 0) = ${tenantId ?? 0}`, eq(users.isDeleted, false), eq(users.normalizedUserName, normalize(userName)),
    exceptId ? sql`${users.id} <> ${exceptId}` : undefined,
  )).limit(1);
  return !!row;
}

export async function emailTaken(tx: Db, tenantId: TenantId, email: string, exceptId?: number): Promise<boolean> {
  const [row] = await tx.select({ id: users.id }).from(users).where(and(
    sql`coalesce(${users.tenantId}, 0) = ${tenantId ?? 0}`, eq(users.isDeleted, false), eq(users.normalizedEmailAddress, normalize(email)),
    exceptId ? sql`${users.id} <> ${exceptId}` : undefined,
  )).limit(1);
  return !!row;
}

export type NewUser = Omit<typeof users.$inferInsert, 'id' | 'tenantId' | 'creationTime'>;

export async function insertUser(tx: Db, values: NewUser): Promise<UserRow> {
  const [row] = await tx.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(tx: Db, id: number, values: Partial<NewUser>): Promise<UserRow | undefined> {
  const [row] = await tx.update(users).set(values).where(and(eq(users.id, id), eq(users.isDeleted, false))).returning();
  return row;
}

/** Replaces the user's roles; true when the set of roles is not the one it was. */
export async function setUserRoles(tx: Db, userId: number, roleIds: readonly number[]): Promise<boolean> {
  const before = await tx.delete(userRoles).where(eq(userRoles.userId, userId)).returning({ roleId: userRoles.roleId });
  const wanted = new Set(roleIds);
  if (wanted.size) await tx.insert(userRoles).values([...wanted].map((roleId) => ({ userId, roleId })));
  return before.length !== wanted.size || before.some((r) => !wanted.has(r.roleId));
}

export async function rolesByNames(tx: Db, names: readonly string[]): Promise<RoleRow[]> {
  if (names.length === 0) return [];
  const wanted = names.map(normalize);
  // Either the normalized name or the name (a role created with its own normalizedName has both).
  return tx.select().from(roles).where(or(inArray(roles.normalizedName, wanted), inArray(sql`upper(${roles.name})`, wanted)));
}

export async function defaultRoles(tx: Db): Promise<RoleRow[]> {
  return tx.select().from(roles).where(eq(roles.isDefault, true));
}

export async function listAllRoles(tx: Db): Promise<RoleRow[]> {
  return tx.select().from(roles).orderBy(asc(roles.id));
}

export async function listRoles(tx: Db, f: { keyword?: string | undefined; permission?: string | undefined }, page: { limit: number; offset: number }): Promise<{ total: number; rows: RoleRow[] }> {
  const parts: SQL[] = [];
  if (f.keyword) {
    const p = likePattern(f.keyword);
    parts.push(or(ilike(roles.name, p), ilike(roles.displayName, p), ilike(roles.description, p))!);
  }
  if (f.permission) parts.push(sql`exists (select 1 from ${rolePermissions} where ${rolePermissions.roleId} = ${roles.id} and ${rolePermissions.name} = ${f.permission})`);
  const where = parts.length ? and(...parts) : undefined;
  const totals = await tx.select({ n: count() }).from(roles).where(where);
  const rows = await tx.select().from(roles).where(where).orderBy(asc(roles.id)).limit(pageLimit(page.limit)).offset(page.offset);
  return { total: totals[0]?.n ?? 0, rows };
}

export async function getRole(tx: Db, id: number): Promise<RoleRow | undefined> {
  const [row] = await tx.select().from(roles).where(eq(roles.id, id));
  return row;
}

export async function roleNameTaken(tx: Db, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await tx.select({ id: roles.id }).from(roles)
    .where(and(eq(roles.normalizedName, normalize(name)), exceptId ? sql`${roles.id} <> ${exceptId}` : undefined)).limit(1);
  return !!row;
}

export async function permissionsOf(tx: Db, roleIds: readonly number[]): Promise<Map<number, string[]>> {
  const map = new Map<number, string[]>();
  if (roleIds.length === 0) return map;
  const rows = await tx.select().from(rolePermissions).where(inArray(rolePermissions.roleId, [...roleIds])).orderBy(asc(rolePermissions.name));
  for (const r of rows) map.set(r.roleId, [...(map.get(r.roleId) ?? []), r.name]);
  return map;
}

export type NewRole = Omit<typeof roles.$inferInsert, 'id' | 'tenantId' | 'creationTime'>;

export async function insertRole(tx: Db, values: NewRole): Promise<RoleRow> {
  const [row] = await tx.insert(roles).values(values).returning();
  return row!;
}

export async function updateRole(tx: Db, id: number, values: Partial<NewRole>): Promise<RoleRow | undefined> {
  const [row] = await tx.update(roles).set(values).where(eq(roles.id, id)).returning();
  return row;
}

export async function deleteRole(tx: Db, id: number): Promise<void> {
  await tx.delete(roles).where(eq(roles.id, id));
}

export async function setRolePermissions(tx: Db, roleId: number, names: readonly string[]): Promise<void> {
  await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
  if (names.length) await tx.insert(rolePermissions).values([...new Set(names)].map((name) => ({ roleId, name })));
}

export async function listSellers(tx: Db, keyword: string | undefined, limit: number): Promise<UserRow[]> {
  return tx.select().from(users).where(and(userWhere({ keyword, userType: 1, isActive: true }))).orderBy(asc(users.userCode)).limit(limit);
}

// Tenants (platform rows, no row-level security).

export async function findTenantByName(tx: Db, tenancyName: string): Promise<TenantRow | undefined> {
  const [row] = await tx.select().from(tenants).where(and(sql`lower(${tenants.tenancyName}) = lower(${tenancyName})`, eq(tenants.isDeleted, false)));
  return row;
}

export async function getTenant(tx: Db, id: number): Promise<TenantRow | undefined> {
  const [row] = await tx.select().from(tenants).where(and(eq(tenants.id, id), eq(tenants.isDeleted, false)));
  return row;
}

export async function listTenants(tx: Db, f: { keyword?: string | undefined; isActive?: boolean | undefined }, page: { limit: number; offset: number }): Promise<{ total: number; rows: TenantRow[] }> {
  const parts: SQL[] = [eq(tenants.isDeleted, false)];
  if (f.keyword) {
    const p = likePattern(f.keyword);
    parts.push(or(ilike(tenants.tenancyName, p), ilike(tenants.name, p))!);
  }
  if (f.isActive !== undefined) parts.push(eq(tenants.isActive, f.isActive));
  const where = and(...parts);
  const totals = await tx.select({ n: count() }).from(tenants).where(where);
  const rows = await tx.select().from(tenants).where(where).orderBy(asc(tenants.id)).limit(pageLimit(page.limit)).offset(page.offset);
  return { total: totals[0]?.n ?? 0, rows };
}

export type NewTenant = Omit<typeof tenants.$inferInsert, 'id' | 'creationTime' | 'isDeleted'>;

export async function insertTenant(tx: Db, values: NewTenant): Promise<TenantRow> {
  const [row] = await tx.insert(tenants).values(values).returning();
  return row!;
}

export async function updateTenant(tx: Db, id: number, values: Partial<NewTenant & { isDeleted: boolean }>): Promise<TenantRow | undefined> {
  const [row] = await tx.update(tenants).set(values).where(and(eq(tenants.id, id), eq(tenants.isDeleted, false))).returning();
  return row;
}

/**
 * The first start of a database: waits for any other server starting on the same PostgreSQL, then
 * tells whether the host side has a user yet (a database without one was never seeded).
 */
export async function lockFirstStart(tx: Db): Promise<{ seeded: boolean }> {
  await tx.execute(sql`select pg_advisory_xact_lock(7164002)`);
  const [existing] = await tx.select({ n: sql<number>`count(*)::int` }).from(users).where(sql`${users.tenantId} is null`);
  return { seeded: (existing?.n ?? 0) > 0 };
}
