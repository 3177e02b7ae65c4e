// Sign-in, session, account, users, roles, tenants (spec 000 §3, §7; DOMAIN §1).
import { z } from 'zod';
import { defineService } from './define.ts';
import { EntityDto, listResult, paged, pagedResult, text, optionalText } from './common.ts';

import { PASSWORD_MAX, PASSWORD_MIN, TENANT_AVAILABILITY } from '../constants.ts';

export { PASSWORD_MAX, PASSWORD_MIN, TENANT_AVAILABILITY };
const password = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);
const userName = z.string().trim().min(2).max(64).regex(/^[A-Za-z0-9_.@-]+$/, '只能包含字母、数字和 _ . @ -');
const email = z.email().max(256);
const userType = z.union([z.literal(0), z.literal(1)]);

export const AuthenticateInput = z.object({
  userNameOrEmailAddress: text(256),
  password: z.string().min(1).max(128),
  rememberClient: z.boolean().optional(),
  rememberMe: z.boolean().optional(),
});
export const AuthenticateResult = z.object({
  accessToken: z.string(),
  encryptedAccessToken: z.string(),
  expireInSeconds: z.number().int(),
  userId: z.number().int(),
});

export const tokenAuth = defineService('TokenAuth', {
  authenticate: {
    method: 'POST', input: AuthenticateInput, output: AuthenticateResult, permission: 'public', transaction: 'manual', ignoresToken: true,
  },
  /** Ends the caller's token; the user's other tokens (other devices) stay signed in (decision 0017). */
  signOut: { method: 'POST', input: z.object({}), output: z.null(), permission: 'authenticated' },
}, { basePath: '/api/TokenAuth' });

export const TenantLoginInfo = z.object({ id: z.number().int(), tenancyName: z.string(), name: z.string() });
export const UserLoginInfo = z.object({
  id: z.number().int(), name: z.string(), surname: z.string(), userName: z.string(), emailAddress: z.string().nullable(),
  userType, userCode: z.string().nullable(),
});
export const CurrentLoginInformations = z.object({
  application: z.object({ version: z.string(), releaseDate: z.string(), features: z.record(z.string(), z.boolean()) }),
  user: UserLoginInfo.nullable(),
  tenant: TenantLoginInfo.nullable(),
});

export const session = defineService('Session', {
  getCurrentLoginInformations: { method: 'GET', input: z.object({}), output: CurrentLoginInformations, permission: 'public' },
  /** The lock screen: the signed-in user's password, checked by the server (409 when wrong). */
  unlock: { method: 'POST', input: z.object({ password: z.string().min(1).max(PASSWORD_MAX) }), output: z.boolean(), permission: 'authenticated' },
});

export const account = defineService('Account', {
  isTenantAvailable: {
    method: 'POST', permission: 'public',
    input: z.object({ tenancyName: text(64) }),
    output: z.object({ state: z.union([z.literal(1), z.literal(2), z.literal(3)]), tenantId: z.number().int().nullable() }),
  },
  register: {
    method: 'POST', permission: 'public',
    input: z.object({
      name: text(64), surname: z.string().trim().max(64).optional().default(''), userName, emailAddress: email.optional().nullable(),
      password, phoneNumber: optionalText(32), captchaResponse: z.string().optional().nullable(),
    }),
    output: z.object({ canLogin: z.boolean(), userId: z.number().int(), userCode: z.string() }),
  },
});

export const UserDto = z.object({
  id: z.number().int(), userName: z.string(), name: z.string(), surname: z.string(), fullName: z.string(),
  emailAddress: z.string().nullable(), phoneNumber: z.string().nullable(), isActive: z.boolean(),
  userType, userCode: z.string().nullable(), roleNames: z.array(z.string()),
  lastLoginTime: z.string().nullable(), creationTime: z.string(),
});
export type UserDto = z.infer<typeof UserDto>;

const userFields = {
  userName, name: text(64), surname: z.string().trim().max(64).optional().default(''),
  emailAddress: email.optional().nullable(), phoneNumber: optionalText(32),
  isActive: z.boolean().optional().default(true), userType: userType.optional().default(0),
  roleNames: z.array(z.string().max(64)).max(50).optional().default([]),
};
/** roleNames left out: a seller (userType 1) gets the Seller role, staff none; a list sent is taken as it is. */
export const CreateUserInput = z.object({ ...userFields, roleNames: z.array(z.string().max(64)).max(50).optional(), password });
export const UpdateUserInput = z.object({ id: z.number().int().positive(), ...userFields });
export const GetUsersInput = paged({ keyword: z.string().trim().max(64).optional(), isActive: z.boolean().optional(), userType: userType.optional() });

export const RoleDto = z.object({
  id: z.number().int(), name: z.string(), displayName: z.string(), normalizedName: z.string(),
  description: z.string().nullable(), isStatic: z.boolean(), isDefault: z.boolean(), grantedPermissions: z.array(z.string()),
});
export type RoleDto = z.infer<typeof RoleDto>;

export const user = defineService('User', {
  getAll: { method: 'GET', input: GetUsersInput, output: pagedResult(UserDto), permission: 'Pages.Users' },
  get: { method: 'GET', input: EntityDto, output: UserDto, permission: 'Pages.Users' },
  create: { method: 'POST', input: CreateUserInput, output: UserDto, permission: 'Pages.Users' },
  update: { method: 'PUT', input: UpdateUserInput, output: UserDto, permission: 'Pages.Users' },
  delete: { method: 'DELETE', input: EntityDto, output: z.null(), permission: 'Pages.Users' },
  getRoles: { method: 'GET', input: z.object({}), output: listResult(RoleDto), permission: 'Pages.Users' },
  activate: { method: 'POST', input: EntityDto, output: z.null(), permission: 'Pages.Users' },
  deActivate: { method: 'POST', input: EntityDto, output: z.null(), permission: 'Pages.Users' },
  resetPassword: {
    method: 'POST', permission: 'Pages.Users',
    input: z.object({ adminPassword: z.string().min(1).max(128), userId: z.number().int().positive(), newPassword: password }),
    output: z.boolean(),
  },
  changePassword: {
    method: 'POST', permission: 'authenticated',
    input: z.object({ currentPassword: z.string().min(1).max(PASSWORD_MAX), newPassword: password, userId: z.number().int().optional() }),
    output: z.boolean(),
  },
  changeLanguage: { method: 'POST', permission: 'authenticated', input: z.object({ languageName: z.enum(['zh-Hans', 'en']) }), output: z.null() },
});

export const FlatPermissionDto = z.object({ name: z.string(), displayName: z.string(), description: z.string().nullable(), parentName: z.string().nullable(), level: z.number().int() });
export type FlatPermissionDto = z.infer<typeof FlatPermissionDto>;
export interface PermissionTreeNode { name: string; displayName: string; isGranted: boolean; children: PermissionTreeNode[] }
export const PermissionTreeNode: z.ZodType<PermissionTreeNode> = z.lazy(() =>
  z.object({ name: z.string(), displayName: z.string(), isGranted: z.boolean(), children: z.array(PermissionTreeNode) }),
);

const roleFields = {
  name: z.string().trim().min(1).max(32).regex(/^[A-Za-z0-9_.-]+$/, '只能包含字母、数字和 _ . -'),
  displayName: text(64), normalizedName: z.string().trim().max(32).optional(),
  description: optionalText(256), grantedPermissions: z.array(z.string().max(128)).max(200).optional().default([]),
};
/** ABP's GetRoleForEditOutput: the role, the side's permissions, and the role's granted ones. */
export const GetRoleForEditOutput = z.object({
  role: z.object({ id: z.number().int(), name: z.string(), displayName: z.string(), description: z.string().nullable(), isStatic: z.boolean() }),
  permissions: z.array(FlatPermissionDto),
  grantedPermissionNames: z.array(z.string()),
});

export const role = defineService('Role', {
  getAll: { method: 'GET', input: paged({ keyword: z.string().trim().max(64).optional(), permission: z.string().max(128).optional() }), output: pagedResult(RoleDto), permission: 'Pages.Roles' },
  get: { method: 'GET', input: EntityDto, output: RoleDto, permission: 'Pages.Roles' },
  getRoleForEdit: { method: 'GET', input: EntityDto, output: GetRoleForEditOutput, permission: 'Pages.Roles' },
  create: { method: 'POST', input: z.object(roleFields), output: RoleDto, permission: 'Pages.Roles' },
  update: { method: 'PUT', input: z.object({ id: z.number().int().positive(), ...roleFields }), output: RoleDto, permission: 'Pages.Roles' },
  delete: { method: 'DELETE', input: EntityDto, output: z.null(), permission: 'Pages.Roles' },
  getAllPermissions: { method: 'GET', input: z.object({}), output: listResult(FlatPermissionDto), permission: 'Pages.Roles' },
  getAllPermissionManager: {
    method: 'POST', permission: 'Pages.Roles', query: ['id'],
    input: z.object({ id: z.number().int().min(0).optional() }),
    output: listResult(PermissionTreeNode),
  },
});

export const TenantDto = z.object({
  id: z.number().int(), tenancyName: z.string(), name: z.string(), isActive: z.boolean(),
  adminEmailAddress: z.string().nullable(), connectionString: z.string().nullable(), creationTime: z.string(),
});
export type TenantDto = z.infer<typeof TenantDto>;
const tenancyName = z.string().trim().min(2).max(64).regex(/^[A-Za-z][A-Za-z0-9_-]*$/, '以字母开头，只能包含字母、数字、_ 和 -');
export const tenant = defineService('Tenant', {
  getAll: { method: 'GET', input: paged({ keyword: z.string().trim().max(64).optional(), isActive: z.boolean().optional() }), output: pagedResult(TenantDto), permission: 'Pages.Tenants' },
  get: { method: 'GET', input: EntityDto, output: TenantDto, permission: 'Pages.Tenants' },
  create: {
    method: 'POST', permission: 'Pages.Tenants',
    input: z.object({ tenancyName, name: text(128), adminEmailAddress: email.optional().nullable(), connectionString: optionalText(1024), isActive: z.boolean().optional().default(true) }),
    output: TenantDto,
  },
  update: { method: 'PUT', permission: 'Pages.Tenants', input: z.object({ id: z.number().int().positive(), tenancyName, name: text(128), isActive: z.boolean() }), output: TenantDto },
  delete: { method: 'DELETE', input: EntityDto, output: z.null(), permission: 'Pages.Tenants' },
});
