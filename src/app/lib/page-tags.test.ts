import { beforeEach, describe, expect, it } from 'vitest';
import { createPageTagStore, pageTagsKey } from './page-tags.ts';

const KEY = pageTagsKey(1, 2);
const tag = (path: string, title = path) => ({ path, href: path, title });
const paths = (store: ReturnType<typeof createPageTagStore>) => store.get().map((t) => t.path);

describe('page tags (spec 000 §2: opened pages remembered across reloads)', () => {
  beforeEach(() => localStorage.clear());

  it('starts with the home tag, adds each page once and refreshes its address', () => {
    const store = createPageTagStore(localStorage, KEY);
    expect(paths(store)).toEqual(['/main/home']);
    store.open(tag('/setting/user'));
    store.open(tag('/setting/role'));
    store.open({ path: '/setting/user', href: '/setting/user?page=2', title: '用户管理' });
    store.open(tag('/main/home'));
    expect(store.get().map((t) => t.href)).toEqual(['/main/home', '/setting/user?page=2', '/setting/role']);
  });

  it('survives a reload: a new store over the same storage has the same tags', () => {
    const before = createPageTagStore(localStorage, KEY);
    before.open(tag('/setting/user', '用户管理'));
    before.open(tag('/setting/role', '角色管理'));
    const after = createPageTagStore(localStorage, KEY);
    expect(after.get()).toEqual(before.get());
    // Another user on the same browser has a list of their own.
    expect(paths(createPageTagStore(localStorage, pageTagsKey(1, 3)))).toEqual(['/main/home']);
  });

  it('closes one tag; closing the page on screen says where to go (its left neighbour)', () => {
    const store = createPageTagStore(localStorage, KEY);
    ['/a', '/b', '/c'].forEach((p) => store.open(tag(p)));
    expect(store.close('/c', '/a')).toBeNull();
    expect(paths(store)).toEqual(['/main/home', '/a', '/b']);
    expect(store.close('/b', '/b')).toBe('/a');
    expect(store.close('/a', '/a')).toBe('/main/home');
    expect(store.close('/main/home', '/main/home')).toBeNull();
    expect(paths(createPageTagStore(localStorage, KEY))).toEqual(['/main/home']);
  });

  it('close others keeps home and the current page; close all keeps home', () => {
    const store = createPageTagStore(localStorage, KEY);
    ['/a', '/b', '/c'].forEach((p) => store.open(tag(p)));
    store.closeOthers('/b');
    expect(paths(store)).toEqual(['/main/home', '/b']);
    expect(paths(createPageTagStore(localStorage, KEY))).toEqual(['/main/home', '/b']);
    store.closeAll();
    expect(paths(createPageTagStore(localStorage, KEY))).toEqual(['/main/home']);
  });

  it('ignores a damaged stored list', () => {
    localStorage.setItem(KEY, '{not json');
    expect(paths(createPageTagStore(localStorage, KEY))).toEqual(['/main/home']);
    localStorage.setItem(KEY, JSON.stringify([{ path: '/ok', href: '/ok', title: 'ok' }, { path: 3 }]));
    expect(paths(createPageTagStore(localStorage, KEY))).toEqual(['/main/home', '/ok']);
  });
});
