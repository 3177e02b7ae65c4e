// The sign-in page at / (spec 000 §2, §7): tenant switch, user name, password, 记住我. A refused
// sign-in answers 401 登录失败! with the reason in error.details (wrong password, locked out,
// inactive tenant): the page shows that reason in plain Chinese.
// It is the first screen a picker's phone opens, cold (decision 0030): the card, its texts and the
// tenant row are plain elements styled by sign-in.module.css; Mantine draws the inputs and buttons.
import { lazy, startTransition, Suspense, useEffect, useState, type FormEvent } from 'react';
import { Button, TextInput } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconBuildingSkyscraper, IconEye, IconEyeOff, IconLock, IconUser } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter, useRouterState } from '@tanstack/react-router';
import { ApiError, useApi } from '../../lib/http.ts';
import { readCulture, readTenantId, writeCulture, writeTenantId, type Culture } from '../../lib/auth.ts';
import { FLOOR_HOME_PATH, HOME_PATH } from '../../lib/constants.ts';
import { presentError } from '../../lib/error-catalogue.ts';
import { grantedOf, safeRedirect } from '../../lib/guard.ts';
import { useT, type Translate } from '../../lib/i18n.ts';
import { configurationQuery, sessionQuery } from '../../lib/queries.ts';
import { useAuth } from '../../lib/use-auth.ts';
import { Brand } from '../../components/brand.tsx';
import classes from './sign-in.module.css';
import { preloadSignedInScreen } from '../../lib/console-preload.ts';
import { holdFirstScreen } from '../../lib/first-screen.ts';
import { floorDevice } from '../../lib/floor-layout.ts';
import { outboxMayHaveRows } from '../../lib/outbox/index.ts';

// Opened rarely; it checks the tenancy name with the server's Account service.
const TenantSwitchModal = lazy(() => import('./tenant-switch.tsx').then((m) => ({ default: m.TenantSwitchModal })));
// 注册: opened by a new seller only.
const RegisterModal = lazy(() => import('./register-modal.tsx').then((m) => ({ default: m.RegisterModal })));
// Beside the form on a wide screen only: a phone never downloads it.
const Hero = lazy(() => import('./sign-in-hero.tsx').then((m) => ({ default: m.SignInHero })));

/** Where the hero column appears: Mantine's md breakpoint, as in sign-in.module.css. */
const WIDE_QUERY = '(min-width: 62em)';

/** What the page says about a refused sign-in. */
export function signInFailure(error: unknown, t: Translate): { title: string; message: string | null } {
  if (error instanceof ApiError && error.kind === 'http' && error.status === 401) {
    return { title: t('登录失败'), message: error.details ?? error.message };
  }
  const p = presentError(error);
  return p.type === 'dialog' ? { title: t(p.title), message: p.content && t(p.content) } : { title: t('登录失败'), message: p.message };
}

export function SignInPage() {
  // The router shows a screen through a synchronous render (its store): on a phone, one long task.
  // The page is built in a transition instead, which React renders in slices of a few milliseconds
  // and paints when complete; until then the page's background shows, and the work that waits for
  // the first screen (lib/first-screen.ts) waits for the form (decision 0030).
  const [started, setStarted] = useState(false);
  useEffect(() => {
    if (started) return;
    const release = holdFirstScreen();
    startTransition(() => setStarted(true));
    return release;
  }, [started]);
  return started ? <SignInForm /> : <div className={classes.page} />;
}

function SignInForm() {
  const api = useApi();
  const t = useT();
  const auth = useAuth();
  const router = useRouter();
  const queryClient = useQueryClient();
  const searchStr = useRouterState({ select: (s) => s.location.searchStr });
  const [tenantOpened, tenantModal] = useDisclosure(false);
  const [registerOpened, registerModal] = useDisclosure(false);
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  // On a floor device (a phone, or the installed app) 记住我 starts ticked: the floor keeps its
  // session on the device, so the app reopens offline with its queue (decision 0068).
  const [remember, setRemember] = useState(floorDevice);
  // Work queued on this device waits for the one who did it (the outbox sends a row only as its user).
  const [queued] = useState(outboxMayHaveRows);
  const [fieldErrors, setFieldErrors] = useState<{ userName?: string; password?: string }>({});
  const [culture, setCulture] = useState<Culture>(readCulture());

  const tenantId = readTenantId();
  const { data: session, isPending: sessionPending } = useQuery({ ...sessionQuery(api), enabled: tenantId !== null });
  const tenantName = tenantId === null ? null : session?.tenant?.tenancyName ?? null;

  const target = () => safeRedirect(new URLSearchParams(searchStr).get('redirect')) ?? HOME_PATH;
  // Signed in with nowhere asked for: a floor user (grants of the role Warehouse only) lands on
  // 作业首页, everyone else on the dashboard. The grants come with the configuration the next screen
  // reads anyway; the rule is loaded then, not with this page.
  const landing = async () => {
    const asked = safeRedirect(new URLSearchParams(searchStr).get('redirect'));
    if (asked) return asked;
    try {
      const [config, { isFloorUser }] = await Promise.all([queryClient.fetchQuery(configurationQuery(api)), import('#shared/permissions.ts')]);
      return isFloorUser(grantedOf(config.auth.grantedPermissions)) ? FLOOR_HOME_PATH : HOME_PATH;
    } catch {
      return HOME_PATH;
    }
  };
  // Plain state rather than useMutation: the mutation observer is 2 KB of the phone's first load.
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [showPassword, setShowPassword] = useState(false);
  /** Signs in and goes on; a refusal is the caller's. */
  const enter = async (name: string, secret: string) => {
    // The next screen's code comes down while the server checks the password (decision 0030).
    preloadSignedInScreen(router, target());
    const result = await api.tokenAuth.authenticate({ userNameOrEmailAddress: name, password: secret, rememberClient: remember });
    auth.signIn(result, remember);
    queryClient.clear();
    await router.navigate({ href: await landing(), replace: true });
  };
  const signIn = async () => {
    setPending(true);
    setError(null);
    try {
      await enter(userName.trim(), password);
    } catch (err) {
      setError(err);
    } finally {
      setPending(false);
    }
  };
  const failure = error ? signInFailure(error, t) : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const errors = { userName: userName.trim() ? undefined : t('用户名不能为空'), password: password ? undefined : t('密码不能为空') };
    setFieldErrors(errors);
    if (!errors.userName && !errors.password) void signIn();
  };

  const tenantChanged = async () => {
    setError(null);
    await queryClient.invalidateQueries({ queryKey: sessionQuery(api).queryKey });
    await queryClient.invalidateQueries({ queryKey: configurationQuery(api).queryKey });
  };
  const switched = async (id: number | null) => {
    writeTenantId(id);
    tenantModal.close();
    await tenantChanged();
  };

  const changeCulture = (next: Culture) => {
    writeCulture(next);
    setCulture(next);
    void queryClient.invalidateQueries({ queryKey: configurationQuery(api).queryKey });
  };

  // The hero shows beside the form on a wide screen only (sign-in.module.css): a phone does not build it.
  const wide = useMediaQuery(WIDE_QUERY, false, { getInitialValueInEffect: false });

  return (
    <div className={classes.page}>
      {wide && <Suspense fallback={null}><Hero t={t} /></Suspense>}
      <main className={classes.formSide}>
        <div className={classes.langSwitch} role="group" aria-label={t('语言')}>
          {([['zh-Hans', '中文'], ['en', 'EN']] as const).map(([value, label]) => (
            <Button key={value} size="compact-xs" variant={culture === value ? 'light' : 'subtle'} color={culture === value ? 'blue' : 'gray'}
              aria-pressed={culture === value} onClick={() => changeCulture(value)}>{label}</Button>
          ))}
        </div>
        <div className={classes.card}>
          {!wide && <Brand name={t('海仓')} tagline={t('跨境仓储履约平台')} />}
          <div>
            <h2 className={classes.title}>{t('欢迎登录')}</h2>
            <p className={classes.dimmed}>{t('请使用您的账号登录海仓控制台')}</p>
          </div>

          <div className={classes.tenantRow} data-testid="tenant-row">
            <span className={classes.tenantName}>
              <IconBuildingSkyscraper size={18} color="var(--mantine-color-gray-6)" style={{ flexShrink: 0 }} />
              <span className={classes.dimmed}>{t('当前租户')}</span>
              <b data-testid="current-tenant">{tenantName ?? (tenantId === null ? t('未选择(主机)') : sessionPending ? '…' : `#${tenantId}`)}</b>
            </span>
            <button type="button" className={classes.link} onClick={tenantModal.open}>{t('切换')}</button>
          </div>

          <form onSubmit={submit} noValidate className={classes.form}>
            {failure && (
              <div role="alert" className={classes.failure} data-testid="sign-in-error">
                <IconAlertCircle size={20} className={classes.failureIcon} aria-hidden />
                <div>
                  <div className={classes.failureTitle}>{failure.title}</div>
                  {failure.message && <div>{failure.message}</div>}
                </div>
              </div>
            )}
            {queued && (
              <div role="note" className={classes.queued} data-testid="sign-in-queued">
                {t('本机有尚未同步的离线操作：由操作人本人登录后自动同步。')}
              </div>
            )}
            <TextInput label={t('用户名')} placeholder={t('用户名或邮箱')} leftSection={<IconUser size={16} />} autoComplete="username"
              value={userName} maxLength={256} error={fieldErrors.userName}
              onChange={(e) => { setUserName(e.currentTarget.value); setFieldErrors((f) => ({ ...f, userName: undefined })); }} />
            {/* A text input with its own eye: Mantine's PasswordInput brings ActionIcon along. The eye is
                out of the tab order and hidden from screen readers, as Mantine's is. */}
            <TextInput label={t('密码')} placeholder={t('请输入密码')} leftSection={<IconLock size={16} />} autoComplete="current-password"
              type={showPassword ? 'text' : 'password'}
              rightSection={(
                <button type="button" tabIndex={-1} aria-hidden className={classes.eye} onMouseDown={(e) => e.preventDefault()}
                  onClick={() => setShowPassword((v) => !v)} data-testid="password-eye">
                  {showPassword ? <IconEyeOff size={16} /> : <IconEye size={16} />}
                </button>
              )}
              value={password} maxLength={128} error={fieldErrors.password}
              onChange={(e) => { setPassword(e.currentTarget.value); setFieldErrors((f) => ({ ...f, password: undefined })); }} />
            {/* A native checkbox: Mantine's brings its group and card along, 4 KB of the phone's first load. */}
            <label className={classes.remember}>
              <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.currentTarget.checked)} />
              {t('记住我')}
            </label>
            <Button type="submit" fullWidth size="md" loading={pending}>{t('登录')}</Button>
          </form>
          <p className={`${classes.dimmed} ${classes.registerRow}`}>
            {t('还没有账号？')}
            <button type="button" className={classes.link} onClick={registerModal.open} data-testid="register-open">{t('注册')}</button>
          </p>
        </div>
        {!wide && <p className={`${classes.dimmed} ${classes.footer}`}>© {new Date().getFullYear()} {t('海仓')}</p>}
      </main>
      {registerOpened && (
        <Suspense fallback={null}>
          <RegisterModal tenancyName={tenantName} onClose={registerModal.close} onTenant={tenantChanged} onRegistered={enter} />
        </Suspense>
      )}
      {tenantOpened && (
        <Suspense fallback={null}>
          <TenantSwitchModal opened currentName={tenantName} onClose={tenantModal.close} onSwitched={(id) => void switched(id)} />
        </Suspense>
      )}
    </div>
  );
}
