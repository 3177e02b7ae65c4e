import { useSyncExternalStore } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/render.tsx';
import { createTranslator } from '../../lib/i18n.ts';
import { createPageTagStore, pageTagsKey, type PageTagStore } from '../../lib/page-tags.ts';
import { PageTagsBar } from './page-tags-bar.tsx';

const KEY = pageTagsKey(1, 2);

function Bar({ store, active, onSelect = () => {} }: { store: PageTagStore; active: string; onSelect?: (href: string) => void }) {
  const tags = useSyncExternalStore(store.subscribe, store.get);
  return (
    <PageTagsBar tags={tags} activePath={active} t={createTranslator(undefined)} onSelect={(t) => onSelect(t.href)}
      onClose={(t) => { const next = store.close(t.path, active); if (next) onSelect(next); }}
      onCloseOthers={() => store.closeOthers(active)} onCloseAll={() => store.closeAll()} />
  );
}

const titles = () => screen.getAllByTestId('page-tag').map((el) => el.textContent);

describe('<PageTagsBar>', () => {
  beforeEach(() => {
    localStorage.clear();
    const seed = createPageTagStore(localStorage, KEY);
    seed.open({ path: '/setting/user', href: '/setting/user', title: '用户管理' });
    seed.open({ path: '/setting/role', href: '/setting/role?page=2', title: '角色管理' });
    seed.open({ path: '/setting/tenant', href: '/setting/tenant', title: '租户管理' });
  });

  it('shows the remembered tags after a reload, home first and not closable', () => {
    renderWithProviders(<Bar store={createPageTagStore(localStorage, KEY)} active="/setting/role" />);
    expect(titles()).toEqual(['首页', '用户管理', '角色管理', '租户管理']);
    expect(within(screen.getAllByTestId('page-tag')[0]!).queryByRole('button')).toBeNull();
    expect(screen.getByRole('link', { name: '角色管理' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: '角色管理' }).getAttribute('href')).toBe('/setting/role?page=2');
  });

  it('closes one tag; closing the current one goes to its neighbour; the change is stored', async () => {
    const onSelect = vi.fn();
    renderWithProviders(<Bar store={createPageTagStore(localStorage, KEY)} active="/setting/role" onSelect={onSelect} />);
    await userEvent.click(screen.getByRole('button', { name: '关闭 租户管理' }));
    expect(titles()).toEqual(['首页', '用户管理', '角色管理']);
    expect(onSelect).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: '关闭 角色管理' }));
    expect(onSelect).toHaveBeenCalledWith('/setting/user');
    expect(createPageTagStore(localStorage, KEY).get().map((t) => t.title)).toEqual(['首页', '用户管理']);
  });

  it('close others keeps home and the current page, and is stored', async () => {
    renderWithProviders(<Bar store={createPageTagStore(localStorage, KEY)} active="/setting/role" />);
    await userEvent.click(screen.getByRole('button', { name: '标签操作' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: '关闭其他' }, { timeout: 5000 }));
    expect(titles()).toEqual(['首页', '角色管理']);
    expect(createPageTagStore(localStorage, KEY).get().map((t) => t.title)).toEqual(['首页', '角色管理']);
  });

  it('close all keeps only home, and is stored', async () => {
    renderWithProviders(<Bar store={createPageTagStore(localStorage, KEY)} active="/setting/role" />);
    await userEvent.click(screen.getByRole('button', { name: '标签操作' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: '关闭全部' }, { timeout: 5000 }));
    expect(titles()).toEqual(['首页']);
    expect(createPageTagStore(localStorage, KEY).get().map((t) => t.title)).toEqual(['首页']);
  });

  it('a plain click on a tag navigates in the app', async () => {
    const onSelect = vi.fn();
    renderWithProviders(<Bar store={createPageTagStore(localStorage, KEY)} active="/main/home" onSelect={onSelect} />);
    await userEvent.click(screen.getByRole('link', { name: '角色管理' }));
    expect(onSelect).toHaveBeenCalledWith('/setting/role?page=2');
  });
});
