// This session's last scans, newest first: time, number, verdict, seller code, slot. Rows wrap on a
// phone instead of scrolling sideways.
import type { CSSProperties } from 'react';
import { useT } from '../../lib/i18n.ts';
import { formatClock } from '../../components/list-page/format.ts';
import { HISTORY_SIZE, type ScanEntry } from './use-sign-station.ts';
import { verdictLook } from './verdict-panel.tsx';
import { KitBadge, KitCard, KitText, KitTitle, kit } from '../../components/kit/kit.tsx';
import classes from './inbound-station.module.css';

const CARD = { '--kit-pad': 'var(--mantine-spacing-md)' } as CSSProperties;


export function ScanHistory({ entries }: { entries: ScanEntry[] }) {
  const t = useT();
  return (
    <KitCard style={CARD}>
      <KitTitle order={4} style={{ marginBottom: 'var(--mantine-spacing-xs)' }}>{t('本次扫描（最近 {0} 条）', HISTORY_SIZE)}</KitTitle>
      {entries.length === 0 ? (
        <KitText dimmed size="sm">{t('还没有扫描')}</KitText>
      ) : (
        <ol className={classes.history} data-testid="scan-history" aria-label={t('扫描记录')}>
          {entries.map((e) => {
            const look = verdictLook(e.outcome, t);
            const result = e.outcome.kind === 'result' ? e.outcome.result : null;
            return (
              <li key={e.id} className={classes.historyRow} data-testid="scan-history-row">
                <KitText size="sm" dimmed className={kit.mono}>{formatClock(e.time)}</KitText>
                <div className={classes.historyNumber}>{e.shipment}</div>
                <KitBadge color={look.color} variant="filled" size="lg" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>{look.title}</KitBadge>
                <div className={kit.small}><span className={kit.dim}>{t('卖家')} </span><b>{result?.userCode ?? '—'}</b></div>
                <div className={kit.small}><span className={kit.dim}>{t('库位')} </span><b>{result?.shelfNumber ?? '—'}</b></div>
              </li>
            );
          })}
        </ol>
      )}
    </KitCard>
  );
}
