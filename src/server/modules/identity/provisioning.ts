// Creates a side's static roles and its admin user, and a tenant with both (the first start's seed,
// Tenant/Create).
import { ADMIN_ROLE, HOST_STATIC_ROLES, TENANT_STATIC_ROLES } from '#shared/permissions.ts';
import { scopeTransaction, type Db } from '../../db/client.ts';
import { hashPassword } from '../../lib/password.ts';
import { insertRole, insertTenant, insertUser, normalize, setRolePermissions, setUserRoles, type NewTenant, type TenantRow } from './repository.ts';

export const DEFAULT_ADMIN = { userName: 'admin', password: '123qwe' } as const;

/** Runs inside a transaction already scoped to the side being provisioned. */
export async function provisionSide(tx: Db, side: 'host' | 'tenant', adminEmail: string | null): Promise<{ adminId: number }> {
  const definitions = side === 'host' ? HOST_STATIC_ROLES : TENANT_STATIC_ROLES;
  let adminRoleId = 0;
  for (const def of definitions) {
    const role = await insertRole(tx, {
      name: def.name, normalizedName: normalize(def.name), displayName: def.displayName, description: def.description,
      isStatic: true, isDefault: def.isDefault ?? false,
    });
    await setRolePermissions(tx, role.id, def.permissions);
    if (def.name === ADMIN_ROLE) adminRoleId = role.id;
  }
  const admin = await insertUser(tx, {
    userName: DEFAULT_ADMIN.userName, normalizedUserName: normalize(DEFAULT_ADMIN.userName), name: 'admin', surname: 'admin',
    emailAddress: adminEmail, normalizedEmailAddress: adminEmail ? normalize(adminEmail) : null,
    passwordHash: await hashPassword(DEFAULT_ADMIN.password), userType: 0, isActive: true,
  });
  await setUserRoles(tx, admin.id, [adminRoleId]);
  return { adminId: admin.id };
}

/** A new tenant with its static roles and admin, from the host side; the transaction is left scoped to it. */
export async function provisionTenant(tx: Db, values: NewTenant, adminEmail: string | null): Promise<TenantRow> {
  const tenant = await insertTenant(tx, values);
  await scopeTransaction(tx, tenant.id);
  await provisionSide(tx, 'tenant', adminEmail);
  return tenant;
}
