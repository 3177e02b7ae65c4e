// The notice panel (spec 000 §2): a bell with the unread count, three tabs 通知 / 消息 / 任务
// (types 0 / 1 / 2), read flags, mark one or all as read. The spinner hides after 2 s at most, so a
// slow server never leaves it spinning. New notices arrive over the realtime connection.
import { useEffect, useState } from 'react';
import { ActionIcon, Badge, Box, Button, Center, Group, Indicator, Loader, Popover, ScrollArea, Stack, Tabs, Text, UnstyledButton } from '@mantine/core';
import { IconBell, IconChecks, IconInbox } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { NotificationDto } from '#shared/contracts/notification.ts';
import { useApi } from '../../lib/http.ts';
import { formatDateTime } from '../../components/list-page/format.ts';
import { NOTICE_SPINNER_MS } from '../../lib/constants.ts';
import { useT, type Translate } from '../../lib/i18n.ts';
import { noticeListQuery, unreadCountQuery, unreadOfTypeQuery, useMarkAllNoticesRead, useMarkNoticeRead, type NoticeType } from './notice-queries.ts';

export const NOTICE_TABS: readonly { type: NoticeType; label: string }[] = [
  { type: 0, label: '通知' },
  { type: 1, label: '消息' },
  { type: 2, label: '任务' },
];

const badgeText = (n: number) => (n > 99 ? '99+' : String(n));

/** true for NOTICE_SPINNER_MS after `key` changes (the panel opened, another tab was chosen). */
function useSpinnerWindow(key: string, active: boolean): boolean {
  const [expired, setExpired] = useState<string | null>(null);
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => setExpired(key), NOTICE_SPINNER_MS);
    return () => clearTimeout(timer);
  }, [key, active]);
  return active && expired !== key;
}

function NoticeItem({ notice, onRead }: { notice: NotificationDto; onRead: (n: NotificationDto) => void }) {
  return (
    <UnstyledButton onClick={() => onRead(notice)} w="100%" px="sm" py={10} data-testid="notice-item" data-read={notice.isRead}
      style={{ borderBottom: '1px solid var(--mantine-color-gray-1)', background: notice.isRead ? undefined : 'var(--mantine-color-blue-0)' }}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Box mt={7} w={8} h={8} style={{ flexShrink: 0, borderRadius: '50%', background: notice.isRead ? 'transparent' : 'var(--mantine-color-red-6)' }} aria-hidden />
        <Box style={{ minWidth: 0, flex: 1 }}>
          <Text size="sm" fw={notice.isRead ? 400 : 600} c={notice.isRead ? 'dimmed' : undefined} lineClamp={1}>{notice.title}</Text>
          {notice.description && <Text size="xs" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>{notice.description}</Text>}
          <Text size="xs" c="gray.5" mt={2}>{formatDateTime(notice.creationTime)}</Text>
        </Box>
      </Group>
    </UnstyledButton>
  );
}

function NoticeList({ type, t, opened }: { type: NoticeType; t: Translate; opened: boolean }) {
  const api = useApi();
  const { data, isPending } = useQuery({ ...noticeListQuery(api, type), enabled: opened });
  const { data: unread = 0 } = useQuery({ ...unreadOfTypeQuery(api, type), enabled: opened });
  const markRead = useMarkNoticeRead();
  const markAll = useMarkAllNoticesRead();
  const spinning = useSpinnerWindow(`${type}`, opened && isPending);

  if (spinning) return <Center h={180}><Loader size="sm" data-testid="notice-spinner" /></Center>;
  const items = data?.items ?? [];
  return (
    <Stack gap={0}>
      {items.length === 0 ? (
        <Center h={180}>
          <Stack gap={4} align="center">
            <IconInbox size={32} color="var(--mantine-color-gray-4)" aria-hidden />
            <Text size="sm" c="dimmed">{isPending ? t('加载中…') : t('暂无内容')}</Text>
          </Stack>
        </Center>
      ) : (
        <ScrollArea.Autosize mah={360} type="auto">
          {items.map((n) => <NoticeItem key={n.id} notice={n} onRead={(x) => { if (!x.isRead) markRead.mutate(x.id); }} />)}
        </ScrollArea.Autosize>
      )}
      <Group justify="space-between" px="sm" py={8} style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
        <Text size="xs" c="dimmed">{t('共 {0} 条，未读 {1} 条', data?.totalCount ?? 0, unread)}</Text>
        <Button size="compact-xs" variant="subtle" leftSection={<IconChecks size={14} />} disabled={!unread}
          loading={markAll.isPending} onClick={() => markAll.mutate(type)}>{t('全部标为已读')}</Button>
      </Group>
    </Stack>
  );
}

function TabLabel({ type, label, t, opened }: { type: NoticeType; label: string; t: Translate; opened: boolean }) {
  const api = useApi();
  const { data: unread = 0 } = useQuery({ ...unreadOfTypeQuery(api, type), enabled: opened });
  return (
    <Group gap={6} wrap="nowrap">
      <span>{t(label)}</span>
      {unread > 0 && <Badge size="xs" circle={unread < 10} color="red" data-testid={`notice-tab-unread-${type}`}>{badgeText(unread)}</Badge>}
    </Group>
  );
}

export function NoticePanel() {
  const api = useApi();
  const t = useT();
  const [opened, setOpened] = useState(false);
  const [tab, setTab] = useState<string>('0');
  const { data: unread = 0 } = useQuery(unreadCountQuery(api));

  return (
    <Popover onOpen={() => setOpened(true)} onClose={() => setOpened(false)} hideDetached={false} position="bottom-end" shadow="lg" radius="md" withArrow offset={6} zIndex={300}>
      <Popover.Target>
        <Indicator label={badgeText(unread)} size={16} color="red" offset={6} disabled={unread === 0} data-testid="notice-badge" data-count={unread}>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('消息中心')} title={t('消息中心')}>
            <IconBell size={20} />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown p={0} style={{ width: 'min(380px, calc(100vw - 16px))' }} data-testid="notice-panel">
        <Tabs value={tab} onChange={(v) => setTab(v ?? '0')} keepMounted={false}>
          <Tabs.List grow>
            {NOTICE_TABS.map(({ type, label }) => (
              <Tabs.Tab key={type} value={String(type)}><TabLabel type={type} label={label} t={t} opened={opened} /></Tabs.Tab>
            ))}
          </Tabs.List>
          {NOTICE_TABS.map(({ type }) => (
            <Tabs.Panel key={type} value={String(type)}><NoticeList type={type} t={t} opened={opened} /></Tabs.Panel>
          ))}
        </Tabs>
      </Popover.Dropdown>
    </Popover>
  );
}
