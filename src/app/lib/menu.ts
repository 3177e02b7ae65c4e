// The left menu and the page list, built from the route tree's staticData (spec 000 §2, §6): routes
// declare where they sit; this file decides who sees what. Only routes that exist can appear.
import type { AnyRoute } from '@tanstack/react-router';
import { MENU_GROUPS, type MenuGroup } from './menu-groups.ts';
import type { MenuGroupKey } from './route-meta.ts';
import { sideAllows, type Side } from './guard.ts';
import type { ShellRouteMeta } from './menu-rules.ts';

export { FREIGHT_COST_RULE, type MenuHideRule, type ShellRouteExtras, type ShellRouteMeta } from './menu-rules.ts';

export interface RouteEntry { path: string; meta: ShellRouteMeta }

/** Every titled, parameter-free route of the tree (the signed-in screens and their detail pages). */
export function routeEntries(routes: readonly AnyRoute[]): RouteEntry[] {
  const out: RouteEntry[] = [];
  for (const route of routes) {
    const meta = (route.options.staticData ?? {}) as ShellRouteMeta;
    const path = String(route.fullPath ?? '');
    if (!meta.title || meta.public || !path.startsWith('/') || path.includes('$')) continue;
    out.push({ path: path.length > 1 ? path.replace(/\/$/, '') : path, meta });
  }
  return out;
}

export interface MenuAccess { granted: ReadonlySet<string>; side: Side | null }

export interface MenuItem { path: string; title: string; icon?: string }
export interface MenuSection { key: MenuGroupKey; title: string; icon: string; items: MenuItem[] }

const byOrder = (a: RouteEntry, b: RouteEntry) => (a.meta.menu?.order ?? 0) - (b.meta.menu?.order ?? 0) || a.path.localeCompare(b.path);

export function ruleHides(meta: ShellRouteMeta, granted: ReadonlySet<string>): boolean {
  return (meta.menuHiddenWhen ?? []).some((r) => granted.has(r.holding) && !granted.has(r.lacking));
}

export function itemVisible(meta: ShellRouteMeta, access: MenuAccess): boolean {
  if (meta.permission && !access.granted.has(meta.permission)) return false;
  if (!sideAllows(meta.side, access.side)) return false;
  return !ruleHides(meta, access.granted);
}

/**
 * Groups in MENU_GROUPS order; a group of the other side, or whose permission the user lacks, is
 * hidden; its children are filtered one by one; a group shows only with a visible child.
 */
export function buildMenu(entries: readonly RouteEntry[], access: MenuAccess, groups: readonly MenuGroup[] = MENU_GROUPS): MenuSection[] {
  const sections: MenuSection[] = [];
  for (const group of groups) {
    if (!sideAllows(group.side, access.side)) continue;
    if (group.permission && !access.granted.has(group.permission)) continue;
    const items = entries
      .filter((e) => e.meta.menu?.group === group.key && itemVisible(e.meta, access))
      .sort(byOrder)
      .map((e) => ({ path: e.path, title: e.meta.title!, icon: e.meta.menu?.icon }));
    if (items.length) sections.push({ key: group.key, title: group.title, icon: group.icon, items });
  }
  return sections;
}

/**
 * The floor screens a user may open (the floor home's tiles): the 仓库作业 group's, then those of other
 * groups marked `floorScreen` (the overseas sign-in station), each as the menu shows it to this user.
 */
export function floorMenuItems(entries: readonly RouteEntry[], access: MenuAccess, groups: readonly MenuGroup[] = MENU_GROUPS): MenuItem[] {
  const marked = new Set(entries.filter((e) => e.meta.floorScreen).map((e) => e.path));
  const menu = buildMenu(entries, access, groups);
  const own = menu.find((s) => s.key === 'floor')?.items ?? [];
  const elsewhere = menu.filter((s) => s.key !== 'floor').flatMap((s) => s.items.filter((i) => marked.has(i.path)));
  return [...own, ...elsewhere];
}

export interface PageInfo { path: string; title: string; group: MenuGroup | null; tag: boolean }

/**
 * The page list (spec §2 start-up): the menu's groups in order, a group with one child contributing
 * that child and otherwise all its children, then the titled routes outside the menu (detail pages).
 * Titles for page tags and the breadcrumb come from here.
 */
export function buildPageList(entries: readonly RouteEntry[], groups: readonly MenuGroup[] = MENU_GROUPS): PageInfo[] {
  const pages: PageInfo[] = [];
  const seen = new Set<string>();
  const push = (e: RouteEntry, group: MenuGroup | null) => {
    if (seen.has(e.path)) return;
    seen.add(e.path);
    pages.push({ path: e.path, title: e.meta.title!, group, tag: e.meta.tag !== false });
  };
  for (const group of groups) {
    const children = entries.filter((e) => e.meta.menu?.group === group.key).sort(byOrder);
    if (children.length === 1) push(children[0]!, group);
    else for (const child of children) push(child, group);
  }
  for (const e of entries) push(e, null);
  return pages;
}
