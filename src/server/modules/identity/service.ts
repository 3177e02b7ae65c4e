// Sign-in, session, account, users, roles and tenants (spec 000 §7, DOMAIN §1).
import { ALL_PERMISSIONS, PERMISSION_NAMES, permissionsForSide, type FlatPermission } from '#shared/permissions.ts';
import {
  account, role, session, tenant, tokenAuth, user, TENANT_AVAILABILITY,
  type FlatPermissionDto, type PermissionTreeNode, type RoleDto, type TenantDto, type UserDto,
} from '#shared/contracts/identity.ts';
import { pageWindow } from '#shared/contracts/common.ts';
import { translate } from '#shared/i18n/index.ts';
import { implement, requireUser, type RequestContext } from '../../framework.ts';
import { scopeTransaction, type Db } from '../../db/client.ts';
import { AppError, MESSAGES, conflict, invalid, notFound, unauthorized } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { nextUserCode } from '../platform/sequences.ts';
import { identityEvents } from './events.ts';
import { provisionSide } from './provisioning.ts';
import * as repo from './repository.ts';

export const APP_VERSION = '0.1.0';

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

export function toUserDto(row: repo.UserRow, roleNames: string[]): UserDto {
  return {
    id: row.id, userName: row.userName, name: row.name, surname: row.surname, fullName: `${row.name}${row.surname && row.surname !== row.name ? ` ${row.surname}` : ''}`,
    emailAddress: row.emailAddress, phoneNumber: row.phoneNumber, isActive: row.isActive,
    userType: row.userType === 1 ? 1 : 0, userCode: row.userCode, roleNames,
    lastLoginTime: iso(row.lastLoginTime), creationTime: row.creationTime.toISOString(),
  };
}

function toRoleDto(row: repo.RoleRow, permissions: string[]): RoleDto {
  return {
    id: row.id, name: row.name, displayName: row.displayName, normalizedName: row.normalizedName, description: row.description,
    isStatic: row.isStatic, isDefault: row.isDefault, grantedPermissions: permissions,
  };
}

function toTenantDto(row: repo.TenantRow): TenantDto {
  return {
    id: row.id, tenancyName: row.tenancyName, name: row.name, isActive: row.isActive,
    adminEmailAddress: row.adminEmailAddress, connectionString: row.connectionString, creationTime: row.creationTime.toISOString(),
  };
}

// A hash to compare against when the user does not exist, so both paths take the same time.
let dummyHash: Promise<string> | undefined;
// Made once; a first attempt refused while the hashes were busy is not kept.
const dummy = () => (dummyHash ??= hashPassword('not-a-real-password').catch((err: unknown) => {
  dummyHash = undefined;
  throw err;
}));

export const tokenAuthService = implement(tokenAuth, ({ tokens }) => ({
  async authenticate(input, ctx) {
    const fail = (reason: string) => new AppError(401, MESSAGES.loginFailed, reason);
    // Repeated failures are throttled in front of this action (plugins/sign-in-throttle.ts,
    // decision 0017): per address and per user, never a lock that keeps the real user out.
    // Three steps so the ~40 ms password hash never holds a database transaction (on PGlite a
    // transaction holds the only connection): read, hash, then record the outcome.
    const found = await ctx.transaction(async (tx) => {
      if (ctx.tenantId !== null) {
        const t = await repo.getTenant(tx, ctx.tenantId);
        if (!t) return { refusal: '租户不存在。', row: undefined };
        if (!t.isActive) return { refusal: `租户 ${t.tenancyName} 未激活。`, row: undefined };
      }
      return { refusal: null, row: await repo.findUserForLogin(tx, ctx.tenantId, input.userNameOrEmailAddress) };
    });
    if (found.refusal) throw fail(found.refusal);
    const row = found.row;
    if (!row) {
      await verifyPassword(input.password, await dummy());
      throw fail('用户名或密码无效。');
    }
    if (!(await verifyPassword(input.password, row.passwordHash))) throw fail('用户名或密码无效。');
    if (!row.isActive) throw fail(`用户 ${row.userName} 未激活，不能登录。`);
    await ctx.transaction((tx) => repo.recordLoginSuccess(tx, row.id));
    // 记住我 (rememberClient, on by default on the floor's phones): a device token that outlives a
    // shift, so the app reopens offline with its queue (decision 0068). Sign-out and a new stamp end it.
    const issued = await tokens.issue({ userId: row.id, tenantId: ctx.tenantId, stamp: row.securityStamp }, { device: input.rememberClient === true || input.rememberMe === true });
    return { ...issued, userId: row.id };
  },
  async signOut(_input, ctx) {
    if (!ctx.session) throw unauthorized();
    await identityEvents.signedOut(ctx.db, requireUser(ctx).id, ctx.session);
    return null;
  },
}));

export const sessionService = implement(session, () => ({
  async getCurrentLoginInformations(_input, ctx) {
    const t = ctx.tenantId !== null ? await repo.getTenant(ctx.db, ctx.tenantId) : undefined;
    const u = ctx.user;
    return {
      application: { version: APP_VERSION, releaseDate: '2026-11-22', features: {} },
      user: u ? { id: u.id, name: u.name, surname: u.surname, userName: u.userName, emailAddress: u.emailAddress, userType: u.userType, userCode: u.userCode } : null,
      tenant: t ? { id: t.id, tenancyName: t.tenancyName, name: t.name } : null,
    };
  },
  async unlock(input, ctx) {
    const row = await repo.getUser(ctx.db, requireUser(ctx).id);
    if (!row || !(await verifyPassword(input.password, row.passwordHash))) throw conflict('密码不正确，无法解锁。');
    return true;
  },
}));

export const accountService = implement(account, () => ({
  async isTenantAvailable(input, ctx) {
    const t = await repo.findTenantByName(ctx.db, input.tenancyName);
    if (!t) return { state: TENANT_AVAILABILITY.notFound, tenantId: null };
    return { state: t.isActive ? TENANT_AVAILABILITY.available : TENANT_AVAILABILITY.inActive, tenantId: t.id };
  },
  async register(input, ctx) {
    if (ctx.tenantId === null) throw conflict('请先选择租户再注册。', '卖家账号属于某个仓储公司（租户），请在登录页切换租户。');
    const t = await repo.getTenant(ctx.db, ctx.tenantId);
    if (!t) throw notFound('租户');
    if (!t.isActive) throw conflict(`租户 ${t.tenancyName} 未激活，不能注册。`);
    const created = await createUserRow(ctx.db, ctx.tenantId, {
      userName: input.userName, name: input.name, surname: input.surname, emailAddress: input.emailAddress ?? null,
      phoneNumber: input.phoneNumber ?? null, password: input.password, userType: 1, isActive: true, roles: null,
    });
    return { canLogin: true, userId: created.id, userCode: created.userCode! };
  },
}));

interface UserFields {
  userName: string; name: string; surname: string; emailAddress: string | null; phoneNumber: string | null;
  password: string; userType: 0 | 1; isActive: boolean; roles: repo.RoleRow[] | null;
}

/** Creates a user in the transaction's tenant; a seller gets the next S-code; null roles = default roles. */
async function createUserRow(tx: Db, tenantId: number | null, f: UserFields): Promise<repo.UserRow> {
  if (await repo.userNameTaken(tx, tenantId, f.userName)) throw conflict(`用户名 ${f.userName} 已被使用。`);
  if (f.emailAddress && (await repo.emailTaken(tx, tenantId, f.emailAddress))) throw conflict(`邮箱 ${f.emailAddress} 已被使用。`);
  const roleRows = f.roles ?? await repo.defaultRoles(tx);
  const row = await repo.insertUser(tx, {
    userName: f.userName, normalizedUserName: repo.normalize(f.userName), name: f.name, surname: f.surname,
    emailAddress: f.emailAddress, normalizedEmailAddress: f.emailAddress ? repo.normalize(f.emailAddress) : null,
    phoneNumber: f.phoneNumber, passwordHash: await hashPassword(f.password), userType: f.userType,
    userCode: f.userType === 1 && tenantId !== null ? await nextUserCode(tx) : null, isActive: f.isActive,
  });
  await repo.setUserRoles(tx, row.id, roleRows.map((r) => r.id));
  return row;
}

/** The static role a seller gets when nobody picks others (shared/permissions.ts). */
const SELLER_ROLE = 'Seller';

/** Roles by name or normalized name (ABP clients send either). */
async function resolveRoles(tx: Db, names: readonly string[]): Promise<repo.RoleRow[]> {
  const rows = await repo.rolesByNames(tx, [...new Set(names.map(repo.normalize))]);
  const found = new Set(rows.flatMap((r) => [r.normalizedName, repo.normalize(r.name)]));
  const missing = names.filter((n) => !found.has(repo.normalize(n)));
  if (missing.length) throw invalid('roleNames', `角色不存在：${missing.join('、')}`);
  return rows;
}

// No escalation (decision 0018): ABP lets a holder of Pages.Users or Pages.Roles hand out anything,
// themselves included. Here a user may grant only permissions it holds, and change only users and
// roles whose permissions it holds all of; the static Admin role's members (the tenant admin, the
// host admin) keep full power.

/** What the caller may hand out: null = anything (a static Admin), else the permissions it holds. */
async function grantLimit(ctx: RequestContext): Promise<ReadonlySet<string> | null> {
  const me = requireUser(ctx);
  return (await repo.holdsStaticAdmin(ctx.db, me.id)) ? null : me.permissions;
}

const beyond = (limit: ReadonlySet<string> | null, names: readonly string[]): string[] => (limit ? names.filter((n) => !limit.has(n)) : []);

/** Refuses granting any of `roles` that carries a permission beyond the caller's. */
async function refuseRolesBeyond(tx: Db, limit: ReadonlySet<string> | null, roles: readonly repo.RoleRow[]): Promise<void> {
  if (!limit || roles.length === 0) return;
  const perms = await repo.permissionsOf(tx, roles.map((r) => r.id));
  for (const r of roles) {
    const extra = beyond(limit, perms.get(r.id) ?? []);
    if (extra.length) throw conflict(`不能授予角色 ${r.displayName}：它含有您自己没有的权限。`, `您没有的权限：${extra.join('、')}`);
  }
}

/** Refuses changing a user who holds permissions beyond the caller's (an admin, say: its password, roles, state). */
async function refuseUserBeyond(tx: Db, limit: ReadonlySet<string> | null, user: repo.UserRow): Promise<void> {
  if (!limit) return;
  const extra = beyond(limit, await repo.permissionsOfUser(tx, user.id));
  if (extra.length) throw conflict(`不能修改用户 ${user.userName}：其权限超出了您自己的权限。`, `您没有的权限：${extra.join('、')}`);
}

/** Refuses changing a role that carries permissions beyond the caller's, or adding any it lacks. */
function refuseRoleBeyond(limit: ReadonlySet<string> | null, role: { displayName: string }, current: readonly string[], granted: readonly string[]): void {
  const extra = beyond(limit, [...new Set([...current, ...granted])]);
  if (extra.length) throw conflict(`不能授予自己没有的权限，也不能修改权限超出您自己的角色 ${role.displayName}。`, `您没有的权限：${extra.join('、')}`);
}

/** The user to change, within the caller's reach. */
async function userInReach(ctx: RequestContext, id: number): Promise<repo.UserRow> {
  const row = await repo.getUser(ctx.db, id);
  if (!row) throw notFound('用户');
  await refuseUserBeyond(ctx.db, await grantLimit(ctx), row);
  return row;
}

async function userDto(tx: Db, row: repo.UserRow): Promise<UserDto> {
  const names = await repo.roleNamesOf(tx, [row.id]);
  return toUserDto(row, names.get(row.id) ?? []);
}

function refuseSelf(ctx: RequestContext, id: number, action: string) {
  if (requireUser(ctx).id === id) throw conflict(`不能${action}自己的账号。`);
}

export const userService = implement(user, () => ({
  async getAll(input, ctx) {
    const { total, rows } = await repo.listUsers(ctx.db, input, pageWindow(input));
    const names = await repo.roleNamesOf(ctx.db, rows.map((r) => r.id));
    return { totalCount: total, items: rows.map((r) => toUserDto(r, names.get(r.id) ?? [])) };
  },
  async get(input, ctx) {
    const row = await repo.getUser(ctx.db, input.id);
    if (!row) throw notFound('用户');
    return userDto(ctx.db, row);
  },
  async create(input, ctx) {
    // ABP clients that send roleNames keep full control; without them a seller gets the Seller role.
    const roles = await resolveRoles(ctx.db, input.roleNames ?? (input.userType === 1 ? [SELLER_ROLE] : []));
    await refuseRolesBeyond(ctx.db, await grantLimit(ctx), roles);
    const row = await createUserRow(ctx.db, ctx.tenantId, {
      userName: input.userName, name: input.name, surname: input.surname, emailAddress: input.emailAddress ?? null,
      phoneNumber: input.phoneNumber ?? null, password: input.password, userType: input.userType, isActive: input.isActive,
      roles,
    });
    return userDto(ctx.db, row);
  },
  async update(input, ctx) {
    const existing = await repo.getUser(ctx.db, input.id);
    if (!existing) throw notFound('用户');
    const limit = await grantLimit(ctx);
    await refuseUserBeyond(ctx.db, limit, existing);
    if (await repo.userNameTaken(ctx.db, ctx.tenantId, input.userName, input.id)) throw conflict(`用户名 ${input.userName} 已被使用。`);
    if (input.emailAddress && (await repo.emailTaken(ctx.db, ctx.tenantId, input.emailAddress, input.id))) throw conflict(`邮箱 ${input.emailAddress} 已被使用。`);
    if (existing.id === requireUser(ctx).id && !input.isActive) throw conflict('不能停用自己的账号。');
    const roleRows = await resolveRoles(ctx.db, input.roleNames);
    await refuseRolesBeyond(ctx.db, limit, roleRows);
    // A staff user who becomes a seller gets a seller code; the code stays if the type changes back.
    const userCode = input.userType === 1 && !existing.userCode && ctx.tenantId !== null ? await nextUserCode(ctx.db) : existing.userCode;
    const row = await repo.updateUser(ctx.db, input.id, {
      userName: input.userName, normalizedUserName: repo.normalize(input.userName), name: input.name, surname: input.surname,
      emailAddress: input.emailAddress ?? null, normalizedEmailAddress: input.emailAddress ? repo.normalize(input.emailAddress) : null,
      phoneNumber: input.phoneNumber ?? null, isActive: input.isActive, userType: input.userType, userCode,
    });
    const rolesChanged = await repo.setUserRoles(ctx.db, input.id, roleRows.map((r) => r.id));
    const endsSessions = rolesChanged || !input.isActive || input.userType !== existing.userType;
    await (endsSessions ? identityEvents.sessionsEnded : identityEvents.userChanged)(ctx.db, input.id);
    return userDto(ctx.db, row!);
  },
  async delete(input, ctx) {
    refuseSelf(ctx, input.id, '删除');
    await userInReach(ctx, input.id);
    const row = await repo.updateUser(ctx.db, input.id, { isDeleted: true, isActive: false });
    if (!row) throw notFound('用户');
    await identityEvents.sessionsEnded(ctx.db, input.id);
    return null;
  },
  async getRoles(_input, ctx) {
    const rows = await repo.listAllRoles(ctx.db);
    const perms = await repo.permissionsOf(ctx.db, rows.map((r) => r.id));
    return { items: rows.map((r) => toRoleDto(r, perms.get(r.id) ?? [])) };
  },
  async activate(input, ctx) {
    await userInReach(ctx, input.id);
    if (!(await repo.updateUser(ctx.db, input.id, { isActive: true }))) throw notFound('用户');
    await identityEvents.userChanged(ctx.db, input.id);
    return null;
  },
  async deActivate(input, ctx) {
    refuseSelf(ctx, input.id, '停用');
    await userInReach(ctx, input.id);
    if (!(await repo.updateUser(ctx.db, input.id, { isActive: false }))) throw notFound('用户');
    await identityEvents.sessionsEnded(ctx.db, input.id);
    return null;
  },
  async resetPassword(input, ctx) {
    const me = await repo.getUser(ctx.db, requireUser(ctx).id);
    if (!me || !(await verifyPassword(input.adminPassword, me.passwordHash))) throw conflict('管理员密码不正确。');
    // Resetting a stronger user's password would be signing in as them.
    await userInReach(ctx, input.userId);
    const target = await repo.updateUser(ctx.db, input.userId, { passwordHash: await hashPassword(input.newPassword), accessFailedCount: 0, lockoutEnd: null });
    if (!target) throw notFound('用户');
    await identityEvents.sessionsEnded(ctx.db, input.userId);
    return true;
  },
  async changePassword(input, ctx) {
    const me = requireUser(ctx);
    if (input.userId !== undefined && input.userId !== me.id) throw conflict('只能修改自己的密码。');
    const row = await repo.getUser(ctx.db, me.id);
    if (!row || !(await verifyPassword(input.currentPassword, row.passwordHash))) throw conflict('当前密码不正确。');
    await repo.updateUser(ctx.db, me.id, { passwordHash: await hashPassword(input.newPassword) });
    // This token ends too: the client signs in again with the new password.
    await identityEvents.sessionsEnded(ctx.db, me.id);
    return true;
  },
  async changeLanguage(input, ctx) {
    await repo.updateUser(ctx.db, requireUser(ctx).id, { language: input.languageName });
    await identityEvents.userChanged(ctx.db, requireUser(ctx).id);
    return null;
  },
}));

function permissionTree(all: readonly FlatPermission[], granted: ReadonlySet<string>, language: 'zh-Hans' | 'en'): PermissionTreeNode[] {
  const build = (parent: string | null): PermissionTreeNode[] =>
    all.filter((p) => p.parentName === parent).map((p) => ({
      name: p.name, displayName: translate(language, p.displayName), isGranted: granted.has(p.name), children: build(p.name),
    }));
  return build(null);
}

function checkPermissions(names: readonly string[], side: 'host' | 'tenant'): string[] {
  const allowed = new Set(permissionsForSide(side).map((p) => p.name as string));
  const unknown = names.filter((n) => !PERMISSION_NAMES.has(n) || !allowed.has(n));
  if (unknown.length) throw invalid('grantedPermissions', `未知或不适用的权限：${unknown.join('、')}`);
  return [...new Set(names)];
}

/** The caller's side's permissions, flat, in tree order (GetAllPermissions, GetRoleForEdit). */
function flatPermissions(ctx: RequestContext): FlatPermissionDto[] {
  return permissionsForSide(ctx.tenantId === null ? 'host' : 'tenant').map((p) => ({
    name: p.name, displayName: translate(ctx.language, p.displayName), description: null, parentName: p.parentName, level: p.level,
  }));
}

export const roleService = implement(role, () => ({
  async getAll(input, ctx) {
    const { total, rows } = await repo.listRoles(ctx.db, input, pageWindow(input));
    const perms = await repo.permissionsOf(ctx.db, rows.map((r) => r.id));
    return { totalCount: total, items: rows.map((r) => toRoleDto(r, perms.get(r.id) ?? [])) };
  },
  async get(input, ctx) {
    const row = await repo.getRole(ctx.db, input.id);
    if (!row) throw notFound('角色');
    const perms = await repo.permissionsOf(ctx.db, [row.id]);
    return toRoleDto(row, perms.get(row.id) ?? []);
  },
  async create(input, ctx) {
    if (await repo.roleNameTaken(ctx.db, input.name)) throw conflict(`角色名 ${input.name} 已存在。`);
    const granted = checkPermissions(input.grantedPermissions, ctx.tenantId === null ? 'host' : 'tenant');
    refuseRoleBeyond(await grantLimit(ctx), input, [], granted);
    const row = await repo.insertRole(ctx.db, {
      name: input.name, normalizedName: repo.normalize(input.normalizedName || input.name), displayName: input.displayName,
      description: input.description ?? null,
    });
    await repo.setRolePermissions(ctx.db, row.id, granted);
    return toRoleDto(row, granted.sort());
  },
  async update(input, ctx) {
    const existing = await repo.getRole(ctx.db, input.id);
    if (!existing) throw notFound('角色');
    if (existing.isStatic && repo.normalize(input.name) !== existing.normalizedName) throw conflict('内置角色不能改名。');
    if (await repo.roleNameTaken(ctx.db, input.name, input.id)) throw conflict(`角色名 ${input.name} 已存在。`);
    const granted = checkPermissions(input.grantedPermissions, ctx.tenantId === null ? 'host' : 'tenant');
    refuseRoleBeyond(await grantLimit(ctx), existing, (await repo.permissionsOf(ctx.db, [existing.id])).get(existing.id) ?? [], granted);
    const row = await repo.updateRole(ctx.db, input.id, {
      name: input.name, normalizedName: repo.normalize(input.name), displayName: input.displayName, description: input.description ?? null,
    });
    await repo.setRolePermissions(ctx.db, input.id, granted);
    await identityEvents.roleChanged(ctx.db, input.id);
    return toRoleDto(row!, granted.sort());
  },
  async delete(input, ctx) {
    const existing = await repo.getRole(ctx.db, input.id);
    if (!existing) throw notFound('角色');
    if (existing.isStatic) throw conflict(`内置角色 ${existing.displayName} 不能删除。`);
    refuseRoleBeyond(await grantLimit(ctx), existing, (await repo.permissionsOf(ctx.db, [existing.id])).get(existing.id) ?? [], []);
    await repo.deleteRole(ctx.db, input.id);
    await identityEvents.roleChanged(ctx.db, input.id);
    return null;
  },
  async getRoleForEdit(input, ctx) {
    const row = await repo.getRole(ctx.db, input.id);
    if (!row) throw notFound('角色');
    const granted = (await repo.permissionsOf(ctx.db, [row.id])).get(row.id) ?? [];
    return {
      role: { id: row.id, name: row.name, displayName: row.displayName, description: row.description, isStatic: row.isStatic },
      permissions: flatPermissions(ctx), grantedPermissionNames: granted,
    };
  },
  async getAllPermissions(_input, ctx) {
    return { items: flatPermissions(ctx) };
  },
  async getAllPermissionManager(input, ctx) {
    const side = ctx.tenantId === null ? 'host' : 'tenant';
    let granted = new Set<string>();
    if (input.id) {
      const row = await repo.getRole(ctx.db, input.id);
      if (!row) throw notFound('角色');
      granted = new Set((await repo.permissionsOf(ctx.db, [row.id])).get(row.id) ?? []);
    }
    const forSide = ALL_PERMISSIONS.filter((p) => p.sides === 'both' || p.sides === side);
    return { items: permissionTree(forSide, granted, ctx.language) };
  },
}));

export const tenantService = implement(tenant, () => ({
  async getAll(input, ctx) {
    const { total, rows } = await repo.listTenants(ctx.db, input, pageWindow(input));
    return { totalCount: total, items: rows.map(toTenantDto) };
  },
  async get(input, ctx) {
    const row = await repo.getTenant(ctx.db, input.id);
    if (!row) throw notFound('租户');
    return toTenantDto(row);
  },
  async create(input, ctx) {
    if (await repo.findTenantByName(ctx.db, input.tenancyName)) throw conflict(`租户代码 ${input.tenancyName} 已存在。`);
    const row = await repo.insertTenant(ctx.db, {
      tenancyName: input.tenancyName, name: input.name, isActive: input.isActive,
      adminEmailAddress: input.adminEmailAddress ?? null, connectionString: input.connectionString ?? null,
    });
    // Same transaction: switch to the new tenant to create its static roles and admin, then back.
    await scopeTransaction(ctx.db, row.id);
    await provisionSide(ctx.db, 'tenant', input.adminEmailAddress ?? null);
    await scopeTransaction(ctx.db, ctx.tenantId);
    return toTenantDto(row);
  },
  async update(input, ctx) {
    const other = await repo.findTenantByName(ctx.db, input.tenancyName);
    if (other && other.id !== input.id) throw conflict(`租户代码 ${input.tenancyName} 已存在。`);
    const row = await repo.updateTenant(ctx.db, input.id, { tenancyName: input.tenancyName, name: input.name, isActive: input.isActive });
    if (!row) throw notFound('租户');
    await identityEvents.tenantChanged(ctx.db, input.id);
    return toTenantDto(row);
  },
  async delete(input, ctx) {
    if (!(await repo.updateTenant(ctx.db, input.id, { isDeleted: true, isActive: false }))) throw notFound('租户');
    await identityEvents.tenantChanged(ctx.db, input.id);
    return null;
  },
}));
