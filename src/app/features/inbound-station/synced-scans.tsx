// 最近同步: scans that were queued offline and have since reached the server, with the verdict the
// server gave (the station showed only 已离线，已排队 at the time). Also how many still wait.
import { useEffect, useState, type CSSProperties } from 'react';
import type { SignResultDto } from '#shared/contracts/orders.ts';
import { useT } from '../../lib/i18n.ts';
import { formatClock } from '../../components/list-page/format.ts';
import { useOutboxState } from '../../lib/outbox/index.ts';
import { verdictLook } from './verdict-panel.tsx';
import { KitBadge, KitCard, KitText, KitTitle, kit } from '../../components/kit/kit.tsx';
import classes from './inbound-station.module.css';
import { recallGuesses, type OfflineGuess } from '../../lib/floor-index/index.ts';
import { differenceLine, guessDiffers } from '../../lib/floor-index/verdict.ts';

const CARD = { '--kit-pad': 'var(--mantine-spacing-md)' } as CSSProperties;

export function SyncedScans() {
  const t = useT();
  const state = useOutboxState();
  const isScan = (e: { request: { service: string; action: string } }) => e.request.service === 'Logistics' && e.request.action === 'signByScan';
  const recent = state ? state.recent.filter(isScan).slice(0, 10) : [];
  // The offline verdicts these scans showed (kept by key on the device): a replay that differs says how.
  const keys = recent.map((e) => e.key).join(',');
  const [guesses, setGuesses] = useState<Map<string, OfflineGuess>>(() => new Map());
  useEffect(() => {
    if (!keys) return;
    let gone = false;
    void recallGuesses(keys.split(',')).then((found) => {
      if (!gone) setGuesses(found);
    });
    return () => {
      gone = true;
    };
  }, [keys]);
  if (!state) return null;
  const waiting = state.open.filter((e) => isScan(e) && e.status !== 'attention').length;
  if (!recent.length && !waiting) return null;
  return (
    <KitCard style={CARD} data-testid="synced-scans">
      <div className={kit.between} style={{ marginBottom: 'var(--mantine-spacing-xs)' }}>
        <KitTitle order={4}>{t('最近同步')}</KitTitle>
        {waiting > 0 && <KitBadge color="indigo" size="lg" data-testid="station-waiting">{t('{0} 条待同步', waiting)}</KitBadge>}
      </div>
      {recent.length === 0 ? (
        <KitText dimmed size="sm">{t('联网后，排队的扫描会自动签收并显示在这里')}</KitText>
      ) : (
        <ol className={classes.history}>
          {recent.map((e) => {
            const result = e.result as SignResultDto | null;
            const look = result ? verdictLook({ kind: 'result', result }, t) : { color: 'gray', title: t('已同步') };
            return (
              <li key={e.key} className={classes.historyRow} data-testid="synced-row" data-verdict={result?.action ?? 'done'}>
                <KitText size="sm" dimmed className={kit.mono}>{formatClock(e.doneAt)}</KitText>
                <div className={classes.historyNumber}>{e.label}</div>
                <KitBadge color={look.color} variant="filled" size="lg" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>{look.title}</KitBadge>
                <div className={kit.small}><span className={kit.dim}>{t('卖家')} </span><b>{result?.userCode ?? '—'}</b></div>
                <div className={kit.small}><span className={kit.dim}>{t('库位')} </span><b>{result?.shelfNumber ?? '—'}</b></div>
                {result && guesses.has(e.key) && guessDiffers(guesses.get(e.key)!, result) && (
                  <div className={kit.small} style={{ color: 'var(--mantine-color-red-9)', fontWeight: 700 }} data-testid="synced-difference">{differenceLine(guesses.get(e.key)!, result, t)}</div>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </KitCard>
  );
}
