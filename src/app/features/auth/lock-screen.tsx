// The lock screen at /locking (spec 000 §2, §4): while the lock flag is 1 every route leads here.
// Unlocking asks for the signed-in user's password, checked by Session/Unlock (409 when wrong),
// clears the flag to 0 and returns to the page that was open.
import { useEffect, useState, type FormEvent } from 'react';
import { Anchor, Avatar, Button, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { IconLock, IconLockOpen } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { PASSWORD_MAX } from '#shared/constants.ts';
import { ApiError, useApi } from '../../lib/http.ts';
import { HOME_PATH, SIGN_IN_PATH } from '../../lib/constants.ts';
import { safeRedirect } from '../../lib/guard.ts';
import { useT } from '../../lib/i18n.ts';
import { sessionQuery } from '../../lib/queries.ts';
import { useAuth } from '../../lib/use-auth.ts';

function useClock(): string {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 15_000);
    return () => clearInterval(timer);
  }, []);
  return `${String(now.getHours()).padStart(2, '0')}:${String(now.getMinutes()).padStart(2, '0')}`;
}

export function LockScreen() {
  const api = useApi();
  const t = useT();
  const auth = useAuth();
  const router = useRouter();
  const queryClient = useQueryClient();
  const { data: session } = useQuery(sessionQuery(api));
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const clock = useClock();
  const user = session?.user;

  const unlock = useMutation({
    mutationFn: () => api.session.unlock({ password }),
    meta: { errorHandling: 'local' },
    onSuccess: async (ok) => {
      if (!ok) {
        setError(t('密码错误，请重试'));
        return;
      }
      const last = auth.unlock();
      await router.navigate({ href: safeRedirect(last) ?? HOME_PATH, replace: true });
    },
    onError: (e) => {
      if (e instanceof ApiError && e.status === 401) return; // the shell signs out
      setError(e instanceof ApiError && e.kind === 'http' ? (e.status === 409 ? e.message : e.details ?? e.message) : t('无法连接服务器，请稍后重试'));
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!password) {
      setError(t('请输入密码'));
      return;
    }
    setError(null);
    unlock.mutate();
  };

  const signOut = async () => {
    auth.signOut();
    await router.navigate({ href: SIGN_IN_PATH, replace: true });
    queryClient.clear();
  };

  return (
    <div style={{
      minHeight: '100dvh', display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 16,
      background: 'radial-gradient(circle at 30% 20%, rgba(76,110,245,0.35), transparent 50%), linear-gradient(160deg, #0b2a5b 0%, #10203a 100%)',
    }}>
      <Stack align="center" gap="lg" w="100%" maw={360}>
        <Text c="white" fz={56} fw={300} lh={1} style={{ letterSpacing: 2 }} aria-hidden>{clock}</Text>
        <Paper radius="lg" p="xl" w="100%" shadow="xl">
          <form onSubmit={submit} noValidate>
            <Stack align="center" gap="sm">
              <Avatar size={64} radius="xl" color="blue">{(user?.name || user?.userName || '?').slice(0, 1).toUpperCase()}</Avatar>
              <Title order={3} fz="lg">{user?.name || user?.userName || ''}</Title>
              <Text size="sm" c="dimmed"><IconLock size={14} style={{ verticalAlign: -2 }} /> {t('屏幕已锁定，请输入密码解锁')}</Text>
              <PasswordInput w="100%" placeholder={t('登录密码')} aria-label={t('登录密码')} value={password} maxLength={PASSWORD_MAX}
                autoComplete="current-password" error={error} data-autofocus autoFocus
                onChange={(e) => { setPassword(e.currentTarget.value); setError(null); }} />
              <Button type="submit" fullWidth leftSection={<IconLockOpen size={16} />} loading={unlock.isPending}>{t('解锁')}</Button>
              <Anchor component="button" type="button" size="xs" c="dimmed" onClick={() => void signOut()}>{t('不是本人？退出登录')}</Anchor>
            </Stack>
          </form>
        </Paper>
      </Stack>
    </div>
  );
}
