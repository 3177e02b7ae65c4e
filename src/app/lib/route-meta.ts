// What a route tells the shell: its title (breadcrumb, page tags), the permission it needs (the
// guard's 403 and the menu filter), and where it sits in the menu. The menu and the page-tag list
// are built from these (spec 000 §2, §6).
import type { PermissionName } from '#shared/permissions.ts';

export type MenuGroupKey =
  | 'home' | 'setting' | 'front' | 'frontUrgent' | 'frontStock' | 'frontAbroad' | 'shops' | 'amount'
  | 'backUrgent' | 'back' | 'backAbroad' | 'backStock' | 'statistics' | 'store' | 'warehouse' | 'fees' | 'courier' | 'floor';

export interface RouteMeta {
  /** Localisation key or Chinese title shown in menu, breadcrumb and page tags. */
  title?: string;
  /** Needed to open the route; without it the guard shows 403 and the menu hides it. */
  permission?: PermissionName;
  /** Which side the route is for; 'any' when both staff and sellers use it. */
  side?: 'staff' | 'seller' | 'any';
  /** Present when the route appears in the left menu. */
  menu?: { group: MenuGroupKey; order?: number; icon?: string };
  /**
   * A floor screen listed in another menu group (the overseas sign-in station): it opens in the floor
   * frame on a phone, as the 仓库作业 group's screens do (lib/floor-layout.ts).
   */
  floorScreen?: boolean;
  /** Not signed-in pages (login, authorisation callbacks) and the lock screen. */
  public?: boolean;
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption extends RouteMeta {}
}
