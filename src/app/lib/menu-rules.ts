// What a route may add to its staticData for the menu (menu.ts reads it). A module of its own, with
// no menu code, so route files can use FREIGHT_COST_RULE without bringing the menu into the entry.
import type { PermissionName } from '#shared/permissions.ts';
import type { RouteMeta } from './route-meta.ts';

/** "Hidden for users who hold `holding` but lack `lacking`" — a menu rule a route declares. */
export interface MenuHideRule { holding: PermissionName; lacking: PermissionName }

export interface ShellRouteExtras {
  /** Menu rules: the route's menu item is hidden when any rule matches (the route itself stays reachable). */
  menuHiddenWhen?: readonly MenuHideRule[];
  /** false: opening the route adds no page tag (error pages, pages opened in a dialog window). */
  tag?: boolean;
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption extends ShellRouteExtras {}
}

export type ShellRouteMeta = RouteMeta & ShellRouteExtras;

/**
 * Spec §6: OrderManage.MainLandOrderManage.FreightCost — "without it that group is hidden for users
 * holding the mainland permission". The freight screens spread this into their staticData:
 * `staticData: { title: '运费设置', menu: {...}, ...FREIGHT_COST_RULE }`.
 */
export const FREIGHT_COST_RULE = {
  menuHiddenWhen: [{ holding: 'OrderManage.MainLandOrderManage', lacking: 'OrderManage.MainLandOrderManage.FreightCost' }],
} as const satisfies ShellRouteExtras;
