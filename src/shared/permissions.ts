// Permission names are the spec's exactly (spec 000 §6) plus Pages.Tenants (host) and the seller
// side (DOMAIN §1). The tree gives GetAllPermissionManager its shape.

export interface PermissionNode {
  name: string;
  /** Localisation key in the Warehouse source. */
  displayName: string;
  /** Which side may hold it: the host, a tenant, or both. */
  sides: 'host' | 'tenant' | 'both';
  children?: readonly PermissionNode[];
}

export const PERMISSION_TREE = [
  { name: 'Pages.Tenants', displayName: 'Permission.Pages.Tenants', sides: 'host' },
  { name: 'Pages.Users', displayName: 'Permission.Pages.Users', sides: 'both' },
  { name: 'Pages.Roles', displayName: 'Permission.Pages.Roles', sides: 'both' },
  { name: 'Urgent.Order', displayName: 'Permission.Urgent.Order', sides: 'tenant' },
  {
    name: 'Order.Manages', displayName: 'Permission.Order.Manages', sides: 'tenant',
    children: [
      { name: 'OrderManage.CrossOrderManage', displayName: 'Permission.OrderManage.CrossOrderManage', sides: 'tenant' },
      {
        name: 'OrderManage.MainLandOrderManage', displayName: 'Permission.OrderManage.MainLandOrderManage', sides: 'tenant',
        children: [
          { name: 'OrderManage.MainLandOrderManage.FreightCost', displayName: 'Permission.OrderManage.MainLandOrderManage.FreightCost', sides: 'tenant' },
        ],
      },
      { name: 'OrderManage.ExpressShipmentDelivery', displayName: 'Permission.OrderManage.ExpressShipmentDelivery', sides: 'tenant' },
    ],
  },
  { name: 'OrderManage', displayName: 'Permission.OrderManage', sides: 'tenant' },
  { name: 'warehouse.Stock', displayName: 'Permission.warehouse.Stock', sides: 'tenant' },
  { name: 'warehouse.Manages', displayName: 'Permission.warehouse.Manages', sides: 'tenant' },
  { name: 'Amount.Manages', displayName: 'Permission.Amount.Manages', sides: 'tenant' },
  { name: 'Statistical.Manages', displayName: 'Permission.Statistical.Manages', sides: 'tenant' },
  {
    name: 'Front', displayName: 'Permission.Front', sides: 'tenant',
    children: [
      { name: 'Front.Orders', displayName: 'Permission.Front.Orders', sides: 'tenant' },
      { name: 'Front.Stock', displayName: 'Permission.Front.Stock', sides: 'tenant' },
      { name: 'Front.Abroad', displayName: 'Permission.Front.Abroad', sides: 'tenant' },
      { name: 'Front.Amount', displayName: 'Permission.Front.Amount', sides: 'tenant' },
      { name: 'Front.Shops', displayName: 'Permission.Front.Shops', sides: 'tenant' },
    ],
  },
] as const satisfies readonly PermissionNode[];

type NamesOf<T> = T extends readonly (infer N)[] ? (N extends { name: infer X; children: infer C } ? X | NamesOf<C> : N extends { name: infer X } ? X : never) : never;
export type PermissionName = NamesOf<typeof PERMISSION_TREE>;

export interface FlatPermission { name: PermissionName; displayName: string; parentName: PermissionName | null; sides: PermissionNode['sides']; level: number }

function flatten(nodes: readonly PermissionNode[], parent: string | null, level: number, out: FlatPermission[]) {
  for (const node of nodes) {
    out.push({ name: node.name as PermissionName, displayName: node.displayName, parentName: parent as PermissionName | null, sides: node.sides, level });
    if (node.children) flatten(node.children, node.name, level + 1, out);
  }
  return out;
}

export const ALL_PERMISSIONS: readonly FlatPermission[] = flatten(PERMISSION_TREE, null, 0, []);
export const PERMISSION_NAMES: ReadonlySet<string> = new Set(ALL_PERMISSIONS.map((p) => p.name));

export function permissionsForSide(side: 'host' | 'tenant'): FlatPermission[] {
  return ALL_PERMISSIONS.filter((p) => p.sides === 'both' || p.sides === side);
}

/** A permission that only a seller may use (front office). */
export const isSellerPermission = (name: string): boolean => name === 'Front' || name.startsWith('Front.');

export { USER_TYPE, type UserType } from './user-type.ts';

/** The static role of each side that holds every permission: its members may grant anything (decision 0018). */
export const ADMIN_ROLE = 'Admin';

export interface StaticRole { name: string; displayName: string; description: string; permissions: readonly PermissionName[]; isDefault?: boolean }

const TENANT_ADMIN = permissionsForSide('tenant').map((p) => p.name).filter((n) => !isSellerPermission(n));

/** Static roles seeded for every tenant (DOMAIN §1). */
export const TENANT_STATIC_ROLES: readonly StaticRole[] = [
  { name: ADMIN_ROLE, displayName: '管理员', description: '全部后台权限', permissions: TENANT_ADMIN },
  {
    name: 'Seller', displayName: '卖家', description: '店铺卖家（前台）', isDefault: true,
    permissions: ['Front', 'Front.Orders', 'Front.Stock', 'Front.Abroad', 'Front.Amount', 'Front.Shops', 'Urgent.Order'],
  },
  {
    name: 'Warehouse', displayName: '仓库作业', description: '仓库现场人员：包裹签收、囤货、订单处理',
    permissions: ['Order.Manages', 'OrderManage.CrossOrderManage', 'OrderManage.MainLandOrderManage', 'OrderManage.ExpressShipmentDelivery', 'warehouse.Stock'],
  },
];

/** What the static role Warehouse grants: the floor's work. */
const FLOOR_WORK: ReadonlySet<string> = new Set(TENANT_STATIC_ROLES.find((r) => r.name === 'Warehouse')!.permissions);

/**
 * A floor user (issue 45 §13): a tenant user whose grants are all floor work, as the static role
 * Warehouse gives. They land on 作业首页 after signing in, not on the console's dashboard.
 */
export function isFloorUser(granted: ReadonlySet<string>): boolean {
  return granted.size > 0 && [...granted].every((name) => FLOOR_WORK.has(name));
}

/** The host's one static role. */
export const HOST_STATIC_ROLES: readonly StaticRole[] = [
  { name: ADMIN_ROLE, displayName: '管理员', description: '平台管理员', permissions: permissionsForSide('host').map((p) => p.name) },
];
