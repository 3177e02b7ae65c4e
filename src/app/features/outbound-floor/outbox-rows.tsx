// What this floor screen has waiting in the outbox, and what of it reached the server lately: read
// from the outbox itself (IndexedDB), so a reload while offline still shows the rows that wait.
import type { CSSProperties } from 'react';
import { KitBadge, KitCard, KitText, KitTitle, kit } from '../../components/kit/kit.tsx';
import { useT } from '../../lib/i18n.ts';
import { useOutboxState, type OutboxEntry } from '../../lib/outbox/index.ts';

const clock = (ms: number | null) => (ms ? new Date(ms).toLocaleTimeString('zh-CN', { hour12: false }) : '—');

/** `actions`: the screen's own calls as `Service.action` (e.g. `DeliveryReceipt.add`). */
export function OutboxRows({ actions, testId }: { actions: readonly string[]; testId: string }) {
  const t = useT();
  const state = useOutboxState();
  if (!state) return null;
  const mine = (e: OutboxEntry) => actions.includes(`${e.request.service}.${e.request.action}`);
  const open = state.open.filter(mine);
  const recent = state.recent.filter(mine).slice(0, 10);
  if (!open.length && !recent.length) return null;
  const waiting = open.filter((e) => e.status !== 'attention').length;
  const row = (e: OutboxEntry) => (
    <div key={e.key} className={kit.between} style={{ flexWrap: 'nowrap' }} data-testid={`${testId}-row`} data-status={e.status}>
      <div className={`${kit.mono} ${kit.small}`} style={{ fontWeight: 600 }}>{e.label}</div>
      <div className={kit.rowNowrap} style={{ '--kit-gap': '6px' } as CSSProperties}>
        <KitText size="xs" dimmed className={kit.mono}>{clock(e.doneAt ?? e.createdAt)}</KitText>
        {e.status === 'done' && <KitBadge color="green">{t('已同步')}</KitBadge>}
        {e.status === 'attention' && <KitBadge color="red">{t('需处理')}</KitBadge>}
        {(e.status === 'pending' || e.status === 'sending') && <KitBadge color="indigo">{t('待同步')}</KitBadge>}
      </div>
    </div>
  );
  return (
    <KitCard style={{ padding: 'var(--mantine-spacing-md)' }} data-testid={testId}>
      <div className={kit.between} style={{ marginBottom: 'var(--mantine-spacing-xs)' }}>
        <KitTitle order={4}>{t('最近同步')}</KitTitle>
        {waiting > 0 && <KitBadge color="indigo" size="lg" data-testid={`${testId}-waiting`}>{t('{0} 条待同步', waiting)}</KitBadge>}
      </div>
      <div className={kit.col} style={{ '--kit-gap': '6px' } as CSSProperties}>{[...open, ...recent].map(row)}</div>
    </KitCard>
  );
}
