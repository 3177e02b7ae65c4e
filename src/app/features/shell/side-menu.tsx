// The left menu (spec 000 §2, §6): groups from the route tree, already filtered by permission and
// side. Expanded (256 px): nested links, the active group open. Collapsed (80 px): one icon per
// group, its pages in a flyout.
import { Menu, NavLink, ScrollArea, Text, Tooltip, UnstyledButton } from '@mantine/core';
import clsx from 'clsx';
import type { MenuSection } from '../../lib/menu.ts';
import type { Translate } from '../../lib/i18n.ts';
import { PathLink } from '../../components/path-link.tsx';
import { MenuIcon } from './menu-icons.tsx';
import classes from './shell.module.css';

export interface SideMenuProps {
  sections: readonly MenuSection[];
  activePath: string;
  collapsed?: boolean;
  t: Translate;
  /** After a page was chosen (the phone's drawer closes). */
  onNavigate?: () => void;
}

const isActive = (path: string, activePath: string) => activePath === path || activePath.startsWith(`${path}/`);

export function SideMenu({ sections, activePath, collapsed = false, t, onNavigate }: SideMenuProps) {
  if (!sections.length) {
    return collapsed ? null : <Text size="sm" c="dimmed" ta="center" py="lg" px="md">{t('暂无可用菜单，请联系管理员分配权限')}</Text>;
  }
  if (collapsed) {
    return (
      <ScrollArea type="hover" style={{ flex: 1 }}>
        <nav aria-label={t('主菜单')} style={{ paddingBlock: 8 }}>
          {sections.map((section) => {
            const active = section.items.some((i) => isActive(i.path, activePath));
            const cls = clsx(classes.collapsedItem, active && classes.collapsedItemActive);
            if (section.items.length === 1) {
              const item = section.items[0]!;
              return (
                <Tooltip key={section.key} label={t(item.title)} position="right" withArrow>
                  <UnstyledButton component={PathLink} href={item.path} className={cls} aria-label={t(item.title)} aria-current={active ? 'page' : undefined} onClick={onNavigate}>
                    <MenuIcon name={section.icon} />
                  </UnstyledButton>
                </Tooltip>
              );
            }
            return (
              <Menu key={section.key} trigger="hover" position="right-start" offset={4} withArrow openDelay={60} closeDelay={120}>
                <Menu.Target>
                  <UnstyledButton className={cls} aria-label={t(section.title)}>
                    <MenuIcon name={section.icon} />
                  </UnstyledButton>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Label>{t(section.title)}</Menu.Label>
                  {section.items.map((item) => (
                    <Menu.Item key={item.path} component={PathLink} href={item.path} onClick={onNavigate}
                      color={isActive(item.path, activePath) ? 'blue' : undefined}>
                      {t(item.title)}
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
            );
          })}
        </nav>
      </ScrollArea>
    );
  }

  return (
    <ScrollArea type="hover" style={{ flex: 1 }}>
      <nav aria-label={t('主菜单')} style={{ padding: 8 }}>
        {sections.map((section) => {
          if (section.items.length === 1) {
            const item = section.items[0]!;
            return (
              <NavLink key={section.key} component={PathLink} href={item.path} label={t(item.title)} active={isActive(item.path, activePath)}
                leftSection={<MenuIcon name={section.icon} />} onClick={onNavigate} variant="light" style={{ borderRadius: 8 }} />
            );
          }
          const open = section.items.some((i) => isActive(i.path, activePath));
          return (
            <NavLink key={section.key} label={t(section.title)} leftSection={<MenuIcon name={section.icon} />} defaultOpened={open}
              childrenOffset={34} style={{ borderRadius: 8 }} c={open ? 'blue.7' : undefined}>
              {section.items.map((item) => (
                <NavLink key={item.path} component={PathLink} href={item.path} label={t(item.title)} active={isActive(item.path, activePath)}
                  onClick={onNavigate} variant="light" style={{ borderRadius: 8 }} />
              ))}
            </NavLink>
          );
        })}
      </nav>
    </ScrollArea>
  );
}
