// The sign-in page at / (spec 000 §2, §7): tenant switch, user name, password, 记住我. A refused
// sign-in answers 401 登录失败! with the reason in error.details (wrong password, locked out,
// inactive tenant): the page shows that reason in plain Chinese.
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Alert, Anchor, Box, Button, Checkbox, Group, Paper, PasswordInput, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertCircle, IconBuildingSkyscraper, IconChecks, IconLock, IconUser } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter, useRouterState } from '@tanstack/react-router';
import { ApiError, useApi } from '../../lib/http.ts';
import { readCulture, readTenantId, writeCulture, writeTenantId, type Culture } from '../../lib/auth.ts';
import { HOME_PATH } from '../../lib/constants.ts';
import { presentError } from '../../lib/error-catalogue.ts';
import { safeRedirect } from '../../lib/guard.ts';
import { useT, type Translate } from '../../lib/i18n.ts';
import { configurationQuery, sessionQuery } from '../../lib/queries.ts';
import { useAuth } from '../../lib/use-auth.ts';
import { Brand, BrandMark } from '../../components/brand.tsx';
import classes from './sign-in.module.css';
import { usePreloadRegistry } from '../../lib/registry-preload.ts';

// Opened rarely; it checks the tenancy name against the registry's Account service.
const TenantSwitchModal = lazy(() => import('./tenant-switch.tsx').then((m) => ({ default: m.TenantSwitchModal })));

/** What the page says about a refused sign-in. */
export function signInFailure(error: unknown, t: Translate): { title: string; message: string | null } {
  if (error instanceof ApiError && error.kind === 'http' && error.status === 401) {
    return { title: t('登录失败'), message: error.details ?? error.message };
  }
  const p = presentError(error);
  return p.type === 'dialog' ? { title: t(p.title), message: p.content } : { title: t('登录失败'), message: p.message };
}

function Hero({ t }: { t: Translate }) {
  return (
    <aside className={classes.hero}>
      <div className={classes.heroGrid} />
      <Group gap="sm" style={{ position: 'relative' }}>
        <BrandMark size={40} />
        <Text fw={700} fz={22}>{t('海仓')}</Text>
      </Group>
      <Stack gap="lg" style={{ position: 'relative' }} maw={440}>
        <Title order={1} fz={34} lh={1.25} c="white">{t('跨境仓储与履约')}<br />{t('一站式管理控制台')}</Title>
        <Text c="blue.1" size="md">{t('卖家下单、仓库收货打包、出库发运与积分结算，在同一个控制台完成。')}</Text>
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {['跨境订单、囤货与海外仓订单统一处理', '包裹签收、上架、打包、出库全程可追溯', '按角色与权限分配菜单，卖家与仓库各见所需'].map((line) => (
            <Group key={line} component="li" gap="sm" wrap="nowrap" c="blue.0">
              <ThemeIcon size={22} radius="xl" color="cyan" variant="light"><IconChecks size={14} /></ThemeIcon>
              <Text size="sm">{t(line)}</Text>
            </Group>
          ))}
        </Stack>
      </Stack>
      <Text size="xs" c="blue.2" style={{ position: 'relative' }}>© {new Date().getFullYear()} {t('海仓')}</Text>
    </aside>
  );
}

export function SignInPage() {
  usePreloadRegistry();
  const api = useApi();
  const t = useT();
  const auth = useAuth();
  const router = useRouter();
  const queryClient = useQueryClient();
  const searchStr = useRouterState({ select: (s) => s.location.searchStr });
  const [tenantOpened, tenantModal] = useDisclosure(false);
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<{ userName?: string; password?: string }>({});
  const [culture, setCulture] = useState<Culture>(readCulture());

  const tenantId = readTenantId();
  const { data: session, isPending: sessionPending } = useQuery({ ...sessionQuery(api), enabled: tenantId !== null });
  const tenantName = tenantId === null ? null : session?.tenant?.tenancyName ?? null;

  const signIn = useMutation({
    mutationFn: () => api.tokenAuth.authenticate({ userNameOrEmailAddress: userName.trim(), password, rememberClient: remember }),
    meta: { errorHandling: 'local' },
    onSuccess: async (result) => {
      auth.signIn(result, remember);
      queryClient.clear();
      const redirect = safeRedirect(new URLSearchParams(searchStr).get('redirect'));
      await router.navigate({ href: redirect ?? HOME_PATH, replace: true });
    },
  });
  const failure = signIn.error ? signInFailure(signIn.error, t) : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const errors = { userName: userName.trim() ? undefined : t('用户名不能为空'), password: password ? undefined : t('密码不能为空') };
    setFieldErrors(errors);
    if (!errors.userName && !errors.password) signIn.mutate();
  };

  const switched = async (id: number | null) => {
    writeTenantId(id);
    tenantModal.close();
    signIn.reset();
    await queryClient.invalidateQueries({ queryKey: sessionQuery(api).queryKey });
    await queryClient.invalidateQueries({ queryKey: configurationQuery(api).queryKey });
  };

  const changeCulture = (next: Culture) => {
    writeCulture(next);
    setCulture(next);
    void queryClient.invalidateQueries({ queryKey: configurationQuery(api).queryKey });
  };

  return (
    <div className={classes.page}>
      <Hero t={t} />
      <main className={classes.formSide}>
        <Group className={classes.langSwitch} gap={4} role="group" aria-label={t('语言')}>
          {([['zh-Hans', '中文'], ['en', 'EN']] as const).map(([value, label]) => (
            <Button key={value} size="compact-xs" variant={culture === value ? 'light' : 'subtle'} color={culture === value ? 'blue' : 'gray'}
              aria-pressed={culture === value} onClick={() => changeCulture(value)}>{label}</Button>
          ))}
        </Group>
        <Paper className={classes.card} p={{ base: 'lg', sm: 32 }} radius="lg" shadow="sm" withBorder>
          <Stack gap="lg">
            <Box hiddenFrom="md"><Brand name={t('海仓')} tagline={t('跨境仓储履约平台')} /></Box>
            <div>
              <Title order={2} fz={24}>{t('欢迎登录')}</Title>
              <Text size="sm" c="dimmed" mt={4}>{t('请使用您的账号登录海仓控制台')}</Text>
            </div>

            <div className={classes.tenantRow} data-testid="tenant-row">
              <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
                <IconBuildingSkyscraper size={18} color="var(--mantine-color-gray-6)" style={{ flexShrink: 0 }} />
                <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>{t('当前租户')}</Text>
                <Text size="sm" fw={600} truncate data-testid="current-tenant">{tenantName ?? (tenantId === null ? t('未选择(主机)') : sessionPending ? '…' : `#${tenantId}`)}</Text>
              </Group>
              <Anchor component="button" type="button" size="sm" onClick={tenantModal.open} style={{ flexShrink: 0 }}>{t('切换')}</Anchor>
            </div>

            <form onSubmit={submit} noValidate>
              <Stack gap="md">
                {failure && (
                  <Alert color="red" variant="light" icon={<IconAlertCircle />} title={failure.title} data-testid="sign-in-error">
                    {failure.message}
                  </Alert>
                )}
                <TextInput label={t('用户名')} placeholder={t('用户名或邮箱')} leftSection={<IconUser size={16} />} autoComplete="username"
                  value={userName} maxLength={256} error={fieldErrors.userName}
                  onChange={(e) => { setUserName(e.currentTarget.value); setFieldErrors((f) => ({ ...f, userName: undefined })); }} />
                <PasswordInput label={t('密码')} placeholder={t('请输入密码')} leftSection={<IconLock size={16} />} autoComplete="current-password"
                  value={password} maxLength={128} error={fieldErrors.password}
                  onChange={(e) => { setPassword(e.currentTarget.value); setFieldErrors((f) => ({ ...f, password: undefined })); }} />
                <Checkbox label={t('记住我')} checked={remember} onChange={(e) => setRemember(e.currentTarget.checked)} />
                <Button type="submit" fullWidth size="md" loading={signIn.isPending}>{t('登录')}</Button>
              </Stack>
            </form>
          </Stack>
        </Paper>
        <Text size="xs" c="dimmed" mt="lg" hiddenFrom="md">© {new Date().getFullYear()} {t('海仓')}</Text>
      </main>
      {tenantOpened && (
        <Suspense fallback={null}>
          <TenantSwitchModal opened currentName={tenantName} onClose={tenantModal.close} onSwitched={(id) => void switched(id)} />
        </Suspense>
      )}
    </div>
  );
}
