// After a deploy, the files an open page was built against are gone and a lazily loaded screen fails
// to load. Instead of a broken page the user gets a friendly prompt to reload (spec 000 §9: chunk
// load timeout 120000 ms). Three signals: Vite's vite:preloadError, a route that failed with a
// dynamic-import error, and a navigation still pending after the timeout. This file is part of the
// entry chunk on purpose: it must work when no other chunk can be loaded. Plain elements, no Mantine
// components: every screen's first load carries it.
import { useEffect, useState } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { CHUNK_LOAD_TIMEOUT_MS } from '../../lib/constants.ts';
import { useT } from '../../lib/i18n.ts';
import classes from '../../components/kit/kit.module.css';

const EVENT = 'haicang:chunk-error';

/** Any part of the console that sees a failed chunk calls this. */
export function reportChunkError(): void {
  window.dispatchEvent(new Event(EVENT));
}

export function ReloadPromptContent({ onLater }: { onLater?: () => void }) {
  const t = useT();
  return (
    <div className={classes.stack}>
      <div className={classes.strong}>{t('系统已更新')}</div>
      <div className={classes.dimmed}>{t('控制台刚刚发布了新版本，当前页面需要刷新后才能继续使用。未保存的输入会丢失。')}</div>
      <div className={classes.actions}>
        {onLater && <button type="button" className={classes.buttonDefault} onClick={onLater}>{t('稍后')}</button>}
        <button type="button" className={classes.button} onClick={() => window.location.reload()}>{t('刷新页面')}</button>
      </div>
    </div>
  );
}

export function ChunkReloadPrompt() {
  const [opened, setOpened] = useState(false);
  const pending = useRouterState({ select: (s) => s.status === 'pending' });

  useEffect(() => {
    const open = (event: Event) => {
      // Vite rethrows the error unless told it is handled.
      event.preventDefault();
      setOpened(true);
    };
    window.addEventListener('vite:preloadError', open);
    window.addEventListener(EVENT, open);
    return () => {
      window.removeEventListener('vite:preloadError', open);
      window.removeEventListener(EVENT, open);
    };
  }, []);

  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => setOpened(true), CHUNK_LOAD_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [pending]);

  if (!opened) return null;
  return (
    <div role="alertdialog" aria-live="assertive" className={classes.floating} data-testid="reload-prompt">
      <ReloadPromptContent onLater={() => setOpened(false)} />
    </div>
  );
}
