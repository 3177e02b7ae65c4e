// The signed-in shell (spec 000 §2): collapsible left menu (256 / 80 px; a drawer on phones),
// breadcrumb, page tags, fullscreen, notice panel, user dropdown. ?showmenu=true hides the menu.
import { useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { ModalsProvider } from '@mantine/modals';
import { ActionIcon, AppShell, Box, Breadcrumbs, Burger, Drawer, Text, Tooltip } from '@mantine/core';
import { useDisclosure, useFullscreenDocument, useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand, IconLock, IconMaximize, IconMinimize } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useRouter, useRouterState } from '@tanstack/react-router';
import { USER_TYPE } from '#shared/permissions.ts';
import { useApi } from '../../lib/http.ts';
import { grantedOf } from '../../lib/guard.ts';
import { readCulture } from '../../lib/auth.ts';
import { HOME_PATH, SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH } from '../../lib/constants.ts';
import { useT } from '../../lib/i18n.ts';
import { buildMenu, buildPageList, routeEntries } from '../../lib/menu.ts';
import { createPageTagStore, pageTagsKey, type PageTag } from '../../lib/page-tags.ts';
import { configurationQuery, sessionQuery } from '../../lib/queries.ts';
import { Brand } from '../../components/brand.tsx';
import { ChangePasswordModal } from './change-password.tsx';
import { NoticePanel } from './notice-panel.tsx';
import { HeaderSearch } from './header-search.tsx';
import { PageTagsBar } from './page-tags-bar.tsx';
import { SideMenu } from './side-menu.tsx';
import { UserMenu } from './user-menu.tsx';
import { useSessionActions } from './session-actions.ts';
import { OfflineBanner, OutboxBadge } from '../../lib/outbox/outbox-status.tsx';
import classes from './shell.module.css';
import { usePreloadRegistry } from '../../lib/registry-preload.ts';

const normalize = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);
const isTrue = (v: unknown) => v === true || v === 'true';

export function AppShellLayout({ children, tagCurrentPage = true }: { children: ReactNode; tagCurrentPage?: boolean }) {
  usePreloadRegistry();
  const t = useT();
  const api = useApi();
  const router = useRouter();
  const actions = useSessionActions();
  const { data: config } = useSuspenseQuery(configurationQuery(api));
  const { data: session } = useSuspenseQuery(sessionQuery(api));
  const user = session.user;

  const granted = useMemo(() => grantedOf(config.auth.grantedPermissions), [config]);
  const side = user?.userType === USER_TYPE.seller ? 'seller' : 'staff';
  const entries = useMemo(() => routeEntries(Object.values(router.routesById)), [router]);
  const sections = useMemo(() => buildMenu(entries, { granted, side }), [entries, granted, side]);
  const pages = useMemo(() => new Map(buildPageList(entries).map((p) => [p.path, p])), [entries]);

  const location = useRouterState({ select: (s) => s.location });
  const pathname = normalize(location.pathname);
  const page = pages.get(pathname);
  const showMenu = !isTrue((location.search as Record<string, unknown>).showmenu);

  const [collapsed, setCollapsed] = useLocalStorage({ key: 'haicang.menuCollapsed', defaultValue: false, getInitialValueInEffect: false });
  const [drawerOpened, drawer] = useDisclosure(false);
  const [passwordOpened, passwordModal] = useDisclosure(false);
  const { toggle: toggleFullscreen, fullscreen } = useFullscreenDocument();
  const phone = useMediaQuery('(max-width: 47.99em)') ?? false;

  const tagStore = useMemo(() => createPageTagStore(localStorage, pageTagsKey(session.tenant?.id ?? null, user?.id ?? 0)), [session.tenant?.id, user?.id]);
  const tags = useSyncExternalStore(tagStore.subscribe, tagStore.get);

  useEffect(() => {
    if (tagCurrentPage && page?.tag) tagStore.open({ path: page.path, href: location.href, title: page.title });
  }, [tagCurrentPage, page, location.href, tagStore]);

  const appName = t('海仓');
  useEffect(() => {
    document.title = page ? `${t(page.title)} - ${appName}` : appName;
  }, [page, t, appName]);

  const go = (href: string) => void router.navigate({ href });
  const closeTag = (tag: PageTag) => {
    const next = tagStore.close(tag.path, pathname);
    if (next) go(next);
  };
  const closeAll = () => {
    tagStore.closeAll();
    if (pathname !== HOME_PATH) go(HOME_PATH);
  };

  const lock = actions.lock;
  const signOut = async () => {
    tagStore.closeAll();
    await actions.signOut();
  };

  const group = page?.group && page.group.key !== 'home' ? page.group : null;
  const crumbs = [group ? t(group.title) : null, page ? t(page.title) : null].filter((c): c is string => !!c);

  const brandRow = (isCollapsed: boolean) => (
    <div className={`${classes.brandRow} ${isCollapsed ? classes.brandRowCollapsed : ''}`}>
      <Brand compact={isCollapsed} name={appName} tagline={t('跨境仓储履约平台')} />
    </div>
  );

  return (
    <AppShell
      layout="alt"
      header={{ height: 56 }}
      navbar={showMenu ? { width: collapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH, breakpoint: 'sm', collapsed: { mobile: true } } : undefined}
      padding={0}
    >
      <AppShell.Header>
        <div className={classes.header}>
          {showMenu && (
            <>
              <Burger hiddenFrom="sm" opened={drawerOpened} onClick={drawer.toggle} size="sm" aria-label={t('打开菜单')} />
              <Tooltip label={collapsed ? t('展开菜单') : t('收起菜单')}>
                <ActionIcon visibleFrom="sm" variant="subtle" color="gray" size="lg" onClick={() => setCollapsed((c) => !c)}
                  aria-label={collapsed ? t('展开菜单') : t('收起菜单')} data-testid="menu-toggle">
                  {collapsed ? <IconLayoutSidebarLeftExpand size={20} /> : <IconLayoutSidebarLeftCollapse size={20} />}
                </ActionIcon>
              </Tooltip>
            </>
          )}
          <Box hiddenFrom={showMenu ? 'sm' : undefined} style={{ minWidth: 0 }}><Brand compact name={appName} /></Box>
          <Breadcrumbs visibleFrom="sm" separator="/" separatorMargin={6} ml={4} style={{ minWidth: 0, flexWrap: 'nowrap' }} aria-label={t('当前位置')}>
            {crumbs.map((c, i) => <Text key={`${i}-${c}`} size="sm" c={i === crumbs.length - 1 ? undefined : 'dimmed'} truncate>{c}</Text>)}
          </Breadcrumbs>
          <Box style={{ flex: 1 }} />
          {user && <HeaderSearch onOpen={(href) => void router.navigate({ href })} />}
          <Tooltip label={fullscreen ? t('退出全屏') : t('全屏')}>
            <ActionIcon visibleFrom="sm" variant="subtle" color="gray" size="lg" onClick={() => void toggleFullscreen()} aria-label={fullscreen ? t('退出全屏') : t('全屏')}>
              {fullscreen ? <IconMinimize size={20} /> : <IconMaximize size={20} />}
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('锁定屏幕')}>
            <ActionIcon visibleFrom="sm" variant="subtle" color="gray" size="lg" onClick={lock} aria-label={t('锁定屏幕')}>
              <IconLock size={20} />
            </ActionIcon>
          </Tooltip>
          <OutboxBadge />
          <NoticePanel />
          {user && (
            <UserMenu
              t={t}
              name={user.name}
              userName={user.userName}
              userCode={user.userCode}
              tenantName={session.tenant?.name ?? null}
              culture={readCulture()}
              compact={phone}
              onChangePassword={passwordModal.open}
              onChangeLanguage={actions.changeLanguage}
              onLock={lock}
              onSignOut={() => void signOut()}
            />
          )}
        </div>
      </AppShell.Header>

      {showMenu && (
        <AppShell.Navbar className={classes.navbar} data-testid="side-menu">
          {brandRow(collapsed)}
          <SideMenu sections={sections} activePath={pathname} collapsed={collapsed} t={t} />
        </AppShell.Navbar>
      )}
      {showMenu && (
        <Drawer opened={drawerOpened} onClose={drawer.close} size={SIDEBAR_WIDTH} padding={0} withCloseButton={false} hiddenFrom="sm"
          styles={{ body: { display: 'flex', flexDirection: 'column', height: '100%' } }} aria-label={t('主菜单')}>
          {brandRow(false)}
          <SideMenu sections={sections} activePath={pathname} t={t} onNavigate={drawer.close} />
        </Drawer>
      )}

      <AppShell.Main className={classes.main}>
        <OfflineBanner />
        <PageTagsBar tags={tags} activePath={pathname} t={t} onSelect={(tag) => go(tag.href)} onClose={closeTag}
          onCloseOthers={() => tagStore.closeOthers(pathname)} onCloseAll={closeAll} />
        <div className={classes.content}><ModalsProvider>{children}</ModalsProvider></div>
      </AppShell.Main>
      <ChangePasswordModal opened={passwordOpened} onClose={passwordModal.close} onChanged={() => void signOut()} />
    </AppShell>
  );
}
