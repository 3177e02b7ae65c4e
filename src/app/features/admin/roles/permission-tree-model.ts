// The permission tree's checking rules, as pure functions over the set of granted names.
//
// A parent permission is a permission of its own (it opens its menu group, spec 000 §6) and each
// child opens a screen or a capability, so a child is useless without its parent but a parent may
// stand alone. The rules, as in ABP's own permission tree:
//   - checking a node grants it, everything below it, and its ancestors;
//   - unchecking a node revokes it and everything below it; its ancestors keep their grant;
//   - a parent shows checked when it and everything below it are granted, indeterminate when only
//     part of it is, unchecked when nothing is.
import type { PermissionTreeNode } from '#shared/contracts/identity.ts';

export type CheckState = 'checked' | 'indeterminate' | 'unchecked';

export function descendantsOf(node: PermissionTreeNode): string[] {
  return node.children.flatMap((c) => [c.name, ...descendantsOf(c)]);
}

export function allNames(nodes: readonly PermissionTreeNode[]): string[] {
  return nodes.flatMap((n) => [n.name, ...descendantsOf(n)]);
}

/** What the server says is granted (isGranted), as the starting set. */
export function grantedIn(nodes: readonly PermissionTreeNode[]): Set<string> {
  const out = new Set<string>();
  const walk = (list: readonly PermissionTreeNode[]) => {
    for (const n of list) {
      if (n.isGranted) out.add(n.name);
      walk(n.children);
    }
  };
  walk(nodes);
  return out;
}

export function stateOf(node: PermissionTreeNode, granted: ReadonlySet<string>): CheckState {
  const self = granted.has(node.name);
  if (!node.children.length) return self ? 'checked' : 'unchecked';
  const below = descendantsOf(node);
  const count = below.filter((n) => granted.has(n)).length;
  if (self && count === below.length) return 'checked';
  return self || count > 0 ? 'indeterminate' : 'unchecked';
}

/** The path of names from a root down to `name` (inclusive), or null when absent. */
function pathTo(nodes: readonly PermissionTreeNode[], name: string): PermissionTreeNode[] | null {
  for (const n of nodes) {
    if (n.name === name) return [n];
    const below = pathTo(n.children, name);
    if (below) return [n, ...below];
  }
  return null;
}

/** The granted set after the user clicks the checkbox of `name`. */
export function toggle(nodes: readonly PermissionTreeNode[], granted: ReadonlySet<string>, name: string): Set<string> {
  const path = pathTo(nodes, name);
  if (!path) return new Set(granted);
  const node = path[path.length - 1]!;
  const next = new Set(granted);
  if (stateOf(node, granted) === 'checked') {
    for (const n of [node.name, ...descendantsOf(node)]) next.delete(n);
  } else {
    for (const n of [...path.map((p) => p.name), ...descendantsOf(node)]) next.add(n);
  }
  return next;
}

/** What to save: the granted names in tree order, each with its ancestors. */
export function toGrantedPermissions(nodes: readonly PermissionTreeNode[], granted: ReadonlySet<string>): string[] {
  const out: string[] = [];
  const walk = (list: readonly PermissionTreeNode[]): boolean => {
    let any = false;
    for (const n of list) {
      const at = out.length;
      const below = walk(n.children);
      if (below || granted.has(n.name)) {
        out.splice(at, 0, n.name);
        any = true;
      }
    }
    return any;
  };
  walk(nodes);
  return out;
}
