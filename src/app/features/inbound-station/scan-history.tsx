// This session's last scans, newest first: time, number, verdict, seller code, slot. Rows wrap on a
// phone instead of scrolling sideways.
import type { CSSProperties } from 'react';
import { useT } from '../../lib/i18n.ts';
import { formatClock } from '../../components/list-page/format.ts';
import { HISTORY_SIZE, type ScanEntry } from './use-sign-station.ts';
import { verdictLook } from './verdict-panel.tsx';
import { differenceLine, guessDiffers } from '../../lib/floor-index/verdict.ts';
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
            // Queued: the offline verdict's seller and slot, unconfirmed; replayed: where it was wrong.
            const guess = e.outcome.kind === 'queued' ? e.outcome.guess : null;
            const replayedGuess = e.outcome.kind === 'result' ? e.outcome.replayed?.guess ?? null : null;
            const seller = result?.userCode ?? guess?.userCode ?? null;
            const slot = result?.shelfNumber ?? (guess?.kind === 'expected' ? guess.shelfNumber ?? t('新库位') : null);
            return (
              <li key={e.id} className={classes.historyRow} data-testid="scan-history-row">
                <KitText size="sm" dimmed className={kit.mono}>{formatClock(e.time)}</KitText>
                <div className={classes.historyNumber}>{e.shipment}</div>
                <KitBadge color={look.color} variant="filled" size="lg" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>{look.title}</KitBadge>
                {guess && <KitBadge color="gray" size="lg" data-testid="history-unconfirmed">{t('未确认')}</KitBadge>}
                <div className={kit.small}><span className={kit.dim}>{t('卖家')} </span><b>{seller ?? '—'}</b></div>
                <div className={kit.small}><span className={kit.dim}>{t('库位')} </span><b>{slot ?? '—'}</b></div>
                {result && replayedGuess && guessDiffers(replayedGuess, result) && (
                  <div className={kit.small} style={{ color: 'var(--mantine-color-red-9)', fontWeight: 700 }} data-testid="history-difference">{differenceLine(replayedGuess, result, t)}</div>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </KitCard>
  );
}
