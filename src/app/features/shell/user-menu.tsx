// The user dropdown (spec 000 §2): who is signed in, change password, language, lock, sign out.
import { Avatar, Box, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconCheck, IconChevronDown, IconKey, IconLanguage, IconLayoutDashboard, IconLock, IconLogout } from '@tabler/icons-react';
import type { Translate } from '../../lib/i18n.ts';
import type { Culture } from '../../lib/auth.ts';

export interface UserMenuProps {
  t: Translate;
  name: string;
  userName: string;
  tenantName: string | null;
  userCode: string | null;
  culture: Culture;
  compact: boolean;
  onChangePassword: () => void;
  onChangeLanguage: (culture: Culture) => void;
  onLock: () => void;
  onSignOut: () => void;
  /** The floor app's frame: a way into the full console (its menu). */
  onOpenConsole?: () => void;
  /** Open on mount (the floor frame loads the menu on the first tap). */
  defaultOpened?: boolean;
}

export function UserMenu({ t, name, userName, tenantName, userCode, culture, compact, onChangePassword, onChangeLanguage, onLock, onSignOut, onOpenConsole, defaultOpened }: UserMenuProps) {
  const initial = (name || userName).slice(0, 1).toUpperCase();
  return (
    <Menu position="bottom-end" shadow="lg" width={240} withArrow defaultOpened={defaultOpened}>
      <Menu.Target>
        <UnstyledButton aria-label={t('用户菜单')} data-testid="user-menu" style={{ borderRadius: 8, padding: '4px 6px' }}>
          <Group gap={8} wrap="nowrap">
            <Avatar color="blue" radius="xl" size={30}>{initial}</Avatar>
            {!compact && (
              <>
                <Box style={{ minWidth: 0, maxWidth: 140 }}>
                  <Text size="sm" fw={500} lh={1.2} truncate>{name || userName}</Text>
                  <Text size="xs" c="dimmed" lh={1.2} truncate>{tenantName ?? t('主机')}</Text>
                </Box>
                <IconChevronDown size={14} color="var(--mantine-color-gray-6)" />
              </>
            )}
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Box px="sm" py={6}>
          <Text size="sm" fw={600} truncate>{name || userName}</Text>
          <Text size="xs" c="dimmed" truncate>
            {userName}{userCode ? ` · ${userCode}` : ''} · {tenantName ?? t('主机')}
          </Text>
        </Box>
        <Menu.Divider />
        {onOpenConsole && <Menu.Item leftSection={<IconLayoutDashboard size={16} />} onClick={onOpenConsole}>{t('打开控制台')}</Menu.Item>}
        <Menu.Item leftSection={<IconKey size={16} />} onClick={onChangePassword}>{t('修改密码')}</Menu.Item>
        <Menu.Item leftSection={<IconLock size={16} />} onClick={onLock}>{t('锁定屏幕')}</Menu.Item>
        <Menu.Divider />
        <Menu.Label><Group gap={6}><IconLanguage size={14} />{t('语言')}</Group></Menu.Label>
        <Menu.Item rightSection={culture === 'zh-Hans' ? <IconCheck size={14} /> : null} onClick={() => onChangeLanguage('zh-Hans')}>简体中文</Menu.Item>
        <Menu.Item rightSection={culture === 'en' ? <IconCheck size={14} /> : null} onClick={() => onChangeLanguage('en')}>English</Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={onSignOut}>{t('退出登录')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
