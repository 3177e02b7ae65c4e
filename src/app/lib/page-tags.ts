// The page-tag bar's list of opened pages (spec 000 §2): remembered across reloads in localStorage,
// one list per user and tenant. The home page is always first and cannot be closed.
import { HOME_PATH } from './constants.ts';

export interface PageTag { path: string; href: string; title: string }

export const HOME_TAG: PageTag = { path: HOME_PATH, href: HOME_PATH, title: '首页' };

/** Adds a tag or, for a page already open, refreshes its address (same page, other query) and title. */
export function openTag(tags: readonly PageTag[], tag: PageTag): PageTag[] {
  if (tag.path === HOME_PATH) return [...tags];
  const i = tags.findIndex((t) => t.path === tag.path);
  if (i < 0) return [...tags, tag];
  const next = [...tags];
  next[i] = tag;
  return next;
}

/** Closes one tag; when it was the page on screen, `next` is where to go: its left neighbour, else home. */
export function closeTag(tags: readonly PageTag[], path: string, activePath: string): { tags: PageTag[]; next: string | null } {
  const i = tags.findIndex((t) => t.path === path);
  if (i < 0 || path === HOME_PATH) return { tags: [...tags], next: null };
  const rest = tags.filter((t) => t.path !== path);
  if (path !== activePath) return { tags: rest, next: null };
  // The tag to its left; for the first opened tag that is home.
  const neighbour = rest[i - 1] ?? HOME_TAG;
  return { tags: rest, next: neighbour.href };
}

/** Keeps home and the given page. */
export function closeOtherTags(tags: readonly PageTag[], keepPath: string): PageTag[] {
  return tags.filter((t) => t.path === keepPath);
}

export interface PageTagStore {
  /** Home first, then the opened pages in the order they were opened. */
  get(): readonly PageTag[];
  open(tag: PageTag): void;
  close(path: string, activePath: string): string | null;
  closeOthers(keepPath: string): void;
  closeAll(): void;
  subscribe(listener: () => void): () => void;
}

export const pageTagsKey = (tenantId: number | null, userId: number) => `haicang.pageTags.${tenantId ?? 'host'}.${userId}`;

export function createPageTagStore(storage: Storage, key: string): PageTagStore {
  const listeners = new Set<() => void>();
  const load = (): PageTag[] => {
    try {
      const raw = JSON.parse(storage.getItem(key) ?? '[]') as unknown;
      if (!Array.isArray(raw)) return [];
      return raw.filter((t): t is PageTag => !!t && typeof t.path === 'string' && typeof t.href === 'string' && typeof t.title === 'string' && t.path !== HOME_PATH);
    } catch {
      return [];
    }
  };
  let opened = load();
  let snapshot: readonly PageTag[] = [HOME_TAG, ...opened];
  const save = (next: PageTag[]) => {
    const same = next.length === opened.length && next.every((t, i) => t.path === opened[i]!.path && t.href === opened[i]!.href && t.title === opened[i]!.title);
    if (same) return;
    opened = next;
    snapshot = [HOME_TAG, ...opened];
    storage.setItem(key, JSON.stringify(opened));
    for (const l of listeners) l();
  };
  return {
    get: () => snapshot,
    open: (tag) => save(openTag(opened, tag)),
    close(path, activePath) {
      const { tags, next } = closeTag(opened, path, activePath);
      save(tags);
      return next;
    },
    closeOthers: (keepPath) => save(closeOtherTags(opened, keepPath)),
    closeAll: () => save([]),
    subscribe(listener) {
      listeners.add(listener);
      return () => { listeners.delete(listener); };
    },
  };
}
