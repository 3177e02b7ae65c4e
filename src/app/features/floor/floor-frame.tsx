// The floor app's frame (lib/floor-layout.ts decides when): back to 作业首页, the screen's title, and
// — once the screen has painted — the outbox badge, the offline banner and the user menu, which
// load as a chunk of their own. Nothing here waits for the network.
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useMatches, useRouterState } from '@tanstack/react-router';
import { IconChevronLeft } from '@tabler/icons-react';
import { PathLink } from '../../components/path-link.tsx';
import { BrandMark } from '../../components/brand.tsx';
import { useT } from '../../lib/i18n.ts';
import { FLOOR_HOME_PATH } from '../../lib/constants.ts';
import { useAfterFirstScreen } from '../../lib/first-screen.ts';
import classes from './floor-frame.module.css';

const FloorTools = lazy(() => import('./floor-frame-tools.tsx').then((m) => ({ default: m.FloorTools })));
const FloorBanner = lazy(() => import('./floor-frame-tools.tsx').then((m) => ({ default: m.FloorBanner })));

export function FloorFrame({ children }: { children: ReactNode }) {
  const t = useT();
  const title = useMatches({ select: (ms) => ms[ms.length - 1]?.staticData?.title ?? '' });
  const pathname = useRouterState({ select: (s) => s.location.pathname.replace(/(.)\/+$/, '$1') });
  const home = pathname === FLOOR_HOME_PATH;
  const extras = useAfterFirstScreen();
  const appName = t('海仓');
  const heading = title ? t(title) : appName;

  useEffect(() => {
    document.title = title ? `${heading} - ${appName}` : appName;
  }, [title, heading, appName]);

  return (
    <div className={classes.frame} data-testid="floor-frame">
      <header className={classes.header}>
        {home
          ? <span className={classes.back}><BrandMark size={32} /></span>
          : <PathLink href={FLOOR_HOME_PATH} className={classes.back} aria-label={t('返回作业首页')} data-testid="floor-back"><IconChevronLeft size={28} /></PathLink>}
        <h1 className={classes.title}>{heading}</h1>
        {extras && <Suspense fallback={null}><FloorTools /></Suspense>}
      </header>
      {extras && <Suspense fallback={null}><FloorBanner /></Suspense>}
      <main className={classes.main}>{children}</main>
    </div>
  );
}
