// Who is calling: the signed-in user as every action sees it (ctx.user). Identity reads it from the
// users, roles and groups tables (repository.ts readCurrentUser) and keeps it cached (current-users.ts);
// framework.ts re-exports it for the services. A leaf: it imports types from db/ only.
import type { DataScope, TenantId } from '../../db/client.ts';

export interface CurrentUser {
  id: number;
  tenantId: TenantId;
  userName: string;
  name: string;
  surname: string;
  emailAddress: string | null;
  userType: 0 | 1;
  userCode: string | null;
  language: string | null;
  permissions: ReadonlySet<string>;
  /** The groups' data scope of a staff member in a group without warehouse.Manages; otherwise null (or absent). */
  scope?: DataScope | null;
}
