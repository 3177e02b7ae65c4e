// The outbox in the shell: the header badge "N 待同步 · M 需处理" (opens the queue: 立即同步,
// 需处理 with 重试 / 丢弃, 最近同步) and the banner shown offline or when a 401 paused the queue.
import { useState, type ReactNode } from 'react';
import { Alert, Badge, Button, Drawer, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCloudOff, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useT } from '../i18n.ts';
import { useAuth } from '../use-auth.ts';
import { loadOutbox, useOutboxState, type OutboxEntry } from './index.ts';
import type { HeldRows } from './outbox.ts';
import { useReach } from './reachability.ts';
import { actionName, refusalAdvice } from './action-names.ts';

const clock = (ms: number | null) => (ms ? new Date(ms).toLocaleTimeString('zh-CN', { hour12: false }) : '—');

function EntryRow({ entry, actions }: { entry: OutboxEntry; actions?: ReactNode }) {
  const t = useT();
  const refused = entry.status === 'attention';
  return (
    <Stack gap={2} py={6} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }} data-testid="outbox-row" data-status={entry.status}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={700} data-testid="outbox-row-action">{t(actionName(entry))}</Text>
        <Text size="sm" c="gray.8">{clock(entry.doneAt ?? entry.createdAt)}</Text>
      </Group>
      <Text fw={600} ff="monospace" truncate data-testid="outbox-row-number">{entry.label}</Text>
      {entry.lastError && entry.status !== 'done' && <Text size="sm" c={refused ? 'red.9' : 'gray.8'}>{refused ? t('服务器拒绝：{0}', entry.lastError) : entry.lastError}</Text>}
      {refused && <Text size="sm" c="gray.9" data-testid="outbox-row-advice">{t(refusalAdvice(entry.lastStatus))}</Text>}
      {actions}
    </Stack>
  );
}

/** 重试 / 丢弃 of a refused row; 丢弃 asks first (the action will never reach the server). */
function RefusedActions({ entry }: { entry: OutboxEntry }) {
  const t = useT();
  const [asking, setAsking] = useState(false);
  if (asking) {
    return (
      <Stack gap={6} mt={4} p="xs" role="alertdialog" aria-label={t('丢弃')} style={{ border: '1px solid var(--mantine-color-red-7)', borderRadius: 6 }}>
        <Text size="sm" fw={600}>{t('确定丢弃这条操作？丢弃后它不会再提交到服务器。')}</Text>
        <Group gap="sm" grow>
          <Button size="md" variant="default" onClick={() => setAsking(false)}>{t('取消')}</Button>
          <Button size="md" color="red.8" onClick={() => void loadOutbox().then((o) => o.discard(entry.seq!))} data-testid="outbox-discard-confirm">{t('确定丢弃')}</Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Group gap="sm" mt={4} grow>
      <Button size="md" color="blue.8" onClick={() => void loadOutbox().then((o) => o.retry(entry.seq!))}>{t('重试')}</Button>
      <Button size="md" variant="outline" color="red.8" onClick={() => setAsking(true)} data-testid="outbox-discard">{t('丢弃')}</Button>
    </Group>
  );
}

export function OutboxBadge() {
  const t = useT();
  const state = useOutboxState({ onlyIfQueued: true });
  const [opened, drawer] = useDisclosure(false);
  if (!state || (state.waiting === 0 && state.attention === 0 && !opened)) return null;
  const attention = state.open.filter((e) => e.status === 'attention');
  const waiting = state.open.filter((e) => e.status !== 'attention');
  const syncNow = () => { void loadOutbox().then((o) => o.run({ force: true })); };
  return (
    <>
      <UnstyledButton onClick={drawer.open} aria-label={t('离线队列')} data-testid="outbox-badge">
        <Badge size="lg" radius="sm" color={state.attention ? 'red' : 'indigo'} variant="light" style={{ cursor: 'pointer' }}>
          {t('{0} 待同步 · {1} 需处理', state.waiting, state.attention)}
        </Badge>
      </UnstyledButton>
      <Drawer opened={opened} onClose={drawer.close} position="right" title={t('离线队列')} size="md">
        <Stack gap="md">
          <Button leftSection={<IconRefresh size={18} />} onClick={syncNow} loading={state.sending} data-testid="outbox-sync-now">{t('立即同步')}</Button>
          {attention.length > 0 && (
            <div>
              <Title order={5} c="red">{t('需处理')}（{attention.length}）</Title>
              <Text size="sm" c="gray.8">{t('服务器拒绝了这些操作：修正原因后重试，或丢弃')}</Text>
              {attention.map((e) => <EntryRow key={e.key} entry={e} actions={<RefusedActions entry={e} />} />)}
            </div>
          )}
          <div>
            <Title order={5}>{t('待同步')}（{waiting.length}）</Title>
            {waiting.length === 0 ? <Text size="sm" c="gray.8">{t('没有等待同步的操作')}</Text> : waiting.map((e) => <EntryRow key={e.key} entry={e} />)}
          </div>
          {state.recent.length > 0 && (
            <div>
              <Title order={5}>{t('最近同步')}</Title>
              {state.recent.slice(0, 10).map((e) => <EntryRow key={e.key} entry={e} />)}
            </div>
          )}
        </Stack>
      </Drawer>
    </>
  );
}

/** Offline, or the queue paused for a new sign-in: said once, above the page. */
export function OfflineBanner() {
  const t = useT();
  const reach = useReach();
  const state = useOutboxState({ onlyIfQueued: true });
  const auth = useAuth();
  const router = useRouter();
  const queryClient = useQueryClient();
  const signInAgain = async () => {
    const back = router.state.location.href;
    auth.signOut();
    await router.navigate({ href: `/?redirect=${encodeURIComponent(back)}`, replace: true });
    queryClient.clear();
  };
  // Rows another picker queued on this device: kept, never sent as this user (decision 0068).
  const held = state?.held.length ? <HeldNotice held={state.held} /> : null;
  if (state?.paused) {
    return (
      <Alert color="red" radius={0} py="xs" data-testid="outbox-paused" title={t('登录已过期，请重新登录')}>
        <Group justify="space-between" gap="xs">
          <Text size="sm">{t('{0} 条待同步的操作已保留在本机，重新登录后继续同步。', state.waiting)}</Text>
          <Button size="xs" color="red" onClick={() => void signInAgain()}>{t('重新登录')}</Button>
        </Group>
      </Alert>
    );
  }
  if (reach === 'online') return held;
  return (
    <>
      <Alert color="yellow" radius={0} py={6} icon={<IconCloudOff size={18} />} data-testid="offline-banner" data-reach={reach}>
        <Text size="sm" c="dark.9">
          {reach === 'offline' ? t('网络已断开：扫码等操作先保存在本机，联网后自动同步') : t('服务器无响应：扫码等操作先保存在本机，恢复后自动同步')}
        </Text>
      </Alert>
      {held}
    </>
  );
}

/** Whose rows wait on this device for their own user to sign in again. */
export function HeldNotice({ held }: { held: readonly HeldRows[] }) {
  const t = useT();
  return (
    <Alert color="orange" radius={0} py={6} data-testid="outbox-held">
      {held.map((h) => (
        <Text key={h.owner} size="sm" c="dark.9">
          {t('本机还有 {1} 的 {0} 条离线操作：不会以你的身份提交，{1} 重新登录后自动同步。', h.count, h.name ?? t('其他用户'))}
        </Text>
      ))}
    </Alert>
  );
}
