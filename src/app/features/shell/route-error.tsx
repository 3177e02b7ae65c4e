// What a screen shows when its code or data could not be loaded. The dialog for the failed call has
// already been shown by the error catalogue host; this keeps the page from going blank.
import { useEffect } from 'react';
import { IconAlertTriangle, IconReload } from '@tabler/icons-react';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { isChunkLoadError, presentError } from '../../lib/error-catalogue.ts';
import { useT } from '../../lib/i18n.ts';
import { ReloadPromptContent, reportChunkError } from './chunk-reload-prompt.tsx';
import classes from '../../components/kit/kit.module.css';

export function RouteError({ error, reset }: ErrorComponentProps) {
  const t = useT();
  const router = useRouter();
  const chunk = isChunkLoadError(error);
  useEffect(() => { if (chunk) reportChunkError(); }, [chunk]);
  if (chunk) {
    return (
      <div className={classes.center}>
        <div className={classes.paper} style={{ maxWidth: 420 }}><ReloadPromptContent /></div>
      </div>
    );
  }
  const p = presentError(error);
  const title = p.type === 'dialog' ? p.title : t('登录已失效');
  const content = p.type === 'dialog' ? p.content : p.message;
  return (
    <div role="alert" className={classes.alert}>
      <IconAlertTriangle size={20} style={{ flexShrink: 0 }} aria-hidden />
      <div className={classes.stack}>
        <div className={classes.strong}>{t('页面加载失败：{0}', t(title))}</div>
        {content && <div style={{ whiteSpace: 'pre-wrap' }}>{t(content)}</div>}
        <div>
          <button type="button" className={classes.buttonDanger} onClick={() => { reset(); void router.invalidate(); }}>
            <IconReload size={14} aria-hidden />{t('重试')}
          </button>
        </div>
      </div>
    </div>
  );
}
