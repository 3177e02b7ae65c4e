// 最近同步: the station's actions that were queued offline and have since reached the server (the
// screen showed only 已离线，已排队 at the time), and how many still wait or need attention.
import type { CSSProperties } from 'react';
import { useT } from '../../lib/i18n.ts';
import { useOutboxState, type OutboxEntry } from '../../lib/outbox/index.ts';
import { KitBadge, KitCard, KitText, KitTitle, kit } from '../../components/kit/kit.tsx';
import classes from './stock-station.module.css';

const time = (ms: number | null) => (ms ? new Date(ms).toLocaleTimeString('zh-CN', { hour12: false }) : '—');

export function SyncedActions({ action }: { action: 'shelfUp' | 'isCheckPass' }) {
  const t = useT();
  const state = useOutboxState();
  if (!state) return null;
  const mine = (e: OutboxEntry) => e.request.service === 'BackStock' && e.request.action === action;
  const recent = state.recent.filter(mine).slice(0, 10);
  const waiting = state.open.filter((e) => mine(e) && e.status !== 'attention').length;
  const attention = state.open.filter((e) => mine(e) && e.status === 'attention').length;
  if (!recent.length && !waiting && !attention) return null;
  return (
    <KitCard style={{ '--kit-pad': 'var(--mantine-spacing-md)' } as CSSProperties} data-testid="synced-actions">
      <div className={kit.between} style={{ marginBottom: 'var(--mantine-spacing-xs)', '--kit-gap': 'var(--mantine-spacing-md)' } as CSSProperties}>
        <KitTitle order={4}>{t('最近同步')}</KitTitle>
        <div className={kit.row}>
          {waiting > 0 && <KitBadge color="indigo" variant="filled" size="lg" data-testid="station-waiting">{t('{0} 条待同步', waiting)}</KitBadge>}
          {attention > 0 && <KitBadge color="red" variant="filled" size="lg">{t('{0} 条需处理', attention)}</KitBadge>}
        </div>
      </div>
      {recent.length === 0 ? (
        <KitText dimmed size="sm">{t('联网后，排队的操作会自动提交并显示在这里')}</KitText>
      ) : (
        <ol className={classes.list}>
          {recent.map((e) => (
            <li key={e.key} className={`${kit.rowNowrap} ${classes.listRow}`} style={{ '--kit-gap': 'var(--mantine-spacing-sm)' } as CSSProperties}
              data-testid="synced-row">
              <KitText size="sm" dimmed style={{ fontFamily: 'var(--mantine-font-family-monospace)' }}>{time(e.doneAt)}</KitText>
              <KitText size="sm" style={{ fontWeight: 600, wordBreak: 'break-all' }}>{e.label}</KitText>
              <KitBadge color="green" style={{ marginLeft: 'auto' }}>{t('已同步')}</KitBadge>
            </li>
          ))}
        </ol>
      )}
    </KitCard>
  );
}
