// The big answer to the last scan, readable from a metre away: colour, a word, the seller code and
// the holding slot. The picker's eyes are on the parcel, so colour and size carry the message.
// Loaded after the first screen (the page shows IdleVerdict until the first scan): with 确认拒收's
// mutation and the order line it is 3 KB of a floor screen's first load (decision 0015).
import type { CSSProperties } from 'react';
import type { MantineColor } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { codeColor } from '../../components/code-colors.ts';
import { verdictFill } from '../../components/verdict-tone.ts';
import { KitBadge, KitButton, KitText, kit } from '../../components/kit/kit.tsx';
import { labelKey, ORDER_STATUS, RECEIVE_STATUS } from '#shared/enums.ts';
import { formatDateTime } from '../../components/list-page/format.ts';
import { useT, type Translate } from '../../lib/i18n.ts';
import type { ScanEntry, ScanOutcome } from './use-sign-station.ts';
import { ConfirmRejection } from './confirm-rejection.tsx';
import { differenceLine, guessDiffers, type OfflineGuess } from '../../lib/floor-index/verdict.ts';
import classes from './inbound-station.module.css';

interface Look { color: MantineColor; title: string; hint?: string }
type ScanResult = Extract<ScanOutcome, { kind: 'result' }>['result'];

export function verdictLook(outcome: ScanOutcome, t: Translate): Look {
  switch (outcome.kind) {
    case 'pending': return { color: 'blue', title: t('签收中…') };
    case 'network': return { color: 'red', title: t('网络异常，未签收'), hint: t('单号已保留在扫描框，按 Enter 重试（不会重复签收）') };
    case 'queued': {
      // The station's index (issue 45 item 2) says what it is, unconfirmed until the replay answers.
      // With a guess, the hint still ends with how many wait: the picker sees the queue grow.
      const title = t('已离线，已排队');
      const waiting = `（${t('{0} 条待同步', outcome.waiting)}）`;
      switch (outcome.guess?.kind) {
        case 'reject': return { color: 'red', title, hint: t('未确认：卖家已申请拒收，不要入库') + waiting };
        case 'elsewhere': return { color: 'yellow', title, hint: t('未确认：非本仓包裹，请放到转仓区') + waiting };
        case 'unknown': return { color: 'indigo', title, hint: t('未确认：离线索引中没有此单号，可能是无主件或已签收过') + waiting };
        case 'expected':
        case 'stock': return { color: 'indigo', title, hint: t('未确认：按离线索引分拣，联网后自动签收并核对') + waiting };
        default: return { color: 'indigo', title, hint: t('{0} 条待同步：联网后自动签收，结果见“最近同步”', outcome.waiting) };
      }
    }
    case 'refused': return { color: 'red', title: t('未签收'), hint: outcome.message };
    case 'invalid': return { color: 'orange', title: t('单号格式不正确'), hint: t('只能包含字母、数字和 -，至少 4 位') };
    case 'no-warehouse': return { color: 'orange', title: t('请先选择仓库') };
    case 'result': {
      const { action, parcel } = outcome.result;
      if (action === 'SIGNED') return { color: 'green', title: t('已签收') };
      if (action === 'UNCLAIMED') {
        // Pre-alerted (AdvanceOrder): the picker is told, and whose it was announced as.
        const pre = outcome.result.advanceOrder;
        return { color: 'grape', title: t('无主件'), hint: pre ? t('预报件（{0}）：请放到预报件货架，按预报单处理', pre.userCode ?? '—') : t('没有卖家申报此单号：请放到无主件货架') };
      }
      if (action === 'REJECT') return { color: 'red', title: t('拒收'), hint: t('卖家已申请拒收：不要入库，退回快递') };
      if (action === 'WRONG_WAREHOUSE') {
        // Declared for another warehouse (issue 45 item 6): not signed; a transfer only on purpose. Amber,
        // apart from the orange of a mistyped number (verdict-tone.ts keeps it at 5:1 under white).
        return { color: 'yellow', title: t('非本仓包裹'), hint: t('未签收：请放到转仓区') };
      }
      // ALREADY for a parcel refused at the door: it was never signed in, so say what happened to it.
      if (parcel.receiveStatus === RECEIVE_STATUS.refused) {
        return { color: 'red', title: t('已拒收'), hint: t('此包裹已拒收：不要入库，退回快递') };
      }
      return {
        color: 'gray', title: t('已签收过'),
        hint: t('{0} 由 {1} 签收，本次未重复签收', formatDateTime(parcel.signForTime), parcel.signUserName ?? '—'),
      };
    }
  }
}

function BigField({ label, value, testId, valueClass = classes.bigValue }: { label: string; value: string; testId: string; valueClass?: string | undefined }) {
  return (
    <div className={classes.bigField}>
      <div className={kit.small} style={{ fontWeight: 600, opacity: 0.85 }}>{label}</div>
      <div className={valueClass} data-testid={testId}>{value}</div>
    </div>
  );
}

/** The WRONG_WAREHOUSE verdict's one action: sign it here anyway (SignByScan with transfer: true, audited). */
function ConfirmTransfer({ onTransfer }: { onTransfer: () => void }) {
  const t = useT();
  return (
    <div className={kit.row}>
      <KitButton size="lg" style={WHITE_ON_ORANGE} onClick={onTransfer} data-testid="confirm-transfer">{t('确认转仓签收')}</KitButton>
    </div>
  );
}
const WHITE_ON_ORANGE = { '--kit-filled': 'var(--mantine-color-white)', '--kit-filled-hover': 'var(--mantine-color-gray-0)', color: 'var(--mantine-color-orange-9)' } as CSSProperties;

/** A replayed scan: confirmed, and where the offline verdict was wrong, how (issue 45 item 2). */
function ReplayLine({ guess, result }: { guess: OfflineGuess | null; result: ScanResult }) {
  const t = useT();
  const differs = guess ? guessDiffers(guess, result) : false;
  return (
    <div className={kit.row} style={{ '--kit-gap': 'var(--mantine-spacing-sm)' } as CSSProperties}>
      <KitBadge variant="filled" className={`${classes.bigBadge} ${classes.onWhite}`} data-testid="verdict-confirmed">{t('已同步确认')}</KitBadge>
      {differs && guess && <span className={classes.difference} data-testid="verdict-difference">{differenceLine(guess, result, t)}</span>}
    </div>
  );
}

/** The offline verdict's fields (issue 45 item 2): seller code and slot from the station's index, marked 未确认. */
function OfflineGuessFields({ guess, warehouseName }: { guess: OfflineGuess; warehouseName: (id: number | null) => string | null }) {
  const t = useT();
  return (
    <>
      {guess.kind === 'elsewhere' && <BigField label={t('申报仓库')} value={warehouseName(guess.warehouseId) ?? t('其他仓库')} testId="verdict-warehouse" valueClass={classes.placeValue} />}
      {(guess.kind === 'expected' || guess.kind === 'stock' || guess.userCode) && (
        <div className={`${kit.row} ${classes.bigFields}`} style={{ alignItems: 'flex-end' }}>
          <BigField label={t('卖家编码')} value={guess.userCode ?? '—'} testId="verdict-user-code" />
          {guess.kind === 'expected' && (guess.shelfNumber
            ? <BigField label={t('库位')} value={guess.shelfNumber} testId="verdict-shelf" />
            : <BigField label={t('库位')} value={t('新库位，联网后分配')} testId="verdict-shelf" valueClass={classes.placeValue} />)}
          {guess.kind === 'stock' && <BigField label={t('库位')} value={t('备货入库')} testId="verdict-shelf" valueClass={classes.placeValue} />}
        </div>
      )}
      {guess.tradeNo && (
        <div className={classes.orderLine}>
          <div className={kit.row} style={{ '--kit-gap': 'var(--mantine-spacing-sm)' } as CSSProperties}>
            <div style={{ fontWeight: 600 }}>{t('订单')}</div>
            <div className={kit.mono} data-testid="verdict-trade-no">{guess.tradeNo}</div>
          </div>
        </div>
      )}
    </>
  );
}

/**
 * The verdict on the last scan (before any, the page shows IdleVerdict: this module loads after the first screen).
 * `onTransfer`: how a WRONG_WAREHOUSE verdict's 确认转仓签收 signs the parcel here. `warehouseName`: a
 * warehouse's name by id (the offline verdict names the warehouse a parcel was declared for).
 */
export function VerdictPanel({ entry, ignored, onTransfer, warehouseName = () => null, onCamera = false }: {
  entry: ScanEntry; ignored: string | null; onTransfer?: (entry: ScanEntry) => void; warehouseName?: (id: number | null) => string | null;
  /** Shown over the camera's picture (camera mode, issue 45 §5): smaller, the picture stays in view above it. */
  onCamera?: boolean;
}) {
  const t = useT();
  const guess = entry.outcome.kind === 'queued' ? entry.outcome.guess : null;
  const replayed = entry.outcome.kind === 'result' ? entry.outcome.replayed : undefined;
  const result = entry.outcome.kind === 'result' ? entry.outcome.result : null;
  // The parcel's order is on hold (问题件, issue 45 §12): said at sign-in, in the warning tone, with the reason;
  // offline as the station's index knows it.
  const heldFor = result ? (result.order?.orderStatus === ORDER_STATUS.onHold ? result.order.holdReason ?? '' : null) : guess?.hold ?? null;
  const hold = heldFor === null ? null : heldFor.trim() || t('未填写原因');
  const plain = verdictLook(entry.outcome, t);
  const warnable = result ? result.action !== 'REJECT' && result.action !== 'WRONG_WAREHOUSE' : guess?.kind === 'expected';
  const look = hold !== null && warnable ? { ...plain, color: 'yellow' as const } : plain;
  const showSlot = result && result.action !== 'REJECT' && result.action !== 'WRONG_WAREHOUSE';
  return (
    <div
      className={`${classes.verdict} ${classes.verdictFilled}${onCamera ? ` ${classes.onCamera}` : ''}`} style={{ background: verdictFill(look.color) }}
      data-testid="scan-verdict" data-verdict={result?.action ?? entry.outcome.kind} role="status" aria-live="assertive"
    >
      <div className={kit.col} style={{ '--kit-gap': 'var(--mantine-spacing-sm)' } as CSSProperties}>
        <div className={kit.between}>
          <div className={kit.rowNowrap} style={{ '--kit-gap': 'var(--mantine-spacing-sm)' } as CSSProperties}>
            {entry.outcome.kind === 'pending' && <span className={`${kit.spinner} ${classes.whiteSpinner}`} aria-hidden />}
            <div className={classes.verdictTitle}>{look.title}</div>
            {/* The offline verdict is the index's guess (issue 45 item 2): said at once, beside the title. */}
            {guess && <KitBadge variant="filled" className={`${classes.bigBadge} ${classes.onWhite}`} data-testid="verdict-unconfirmed">{t('未确认')}</KitBadge>}
          </div>
          <div className={classes.shipment} data-testid="verdict-shipment">{entry.shipment}</div>
        </div>
        {hold !== null && <div className={classes.hold} data-testid="verdict-hold">{t('问题件：{0}', hold)}</div>}
        {/* Offline, the seller code and slot come first: within a phone's first screen (issue 45 item 11). */}
        {guess && <OfflineGuessFields guess={guess} warehouseName={warehouseName} />}
        {look.hint && <div style={{ fontSize: 'var(--mantine-font-size-lg)', fontWeight: 500 }}>{look.hint}</div>}
        {replayed && result && <ReplayLine guess={replayed.guess} result={result} />}
        {result?.action === 'REJECT' && result.rejection && <ConfirmRejection rejectionId={result.rejection.id} />}
        {result?.action === 'WRONG_WAREHOUSE' && (
          <>
            {/* Where it belongs first, then the one action, within a phone's first screen; whose it is after. */}
            <BigField label={t('申报仓库')} value={result.warehouseName ?? t('其他仓库')} testId="verdict-warehouse" valueClass={classes.placeValue} />
            {onTransfer && entry.input && <ConfirmTransfer onTransfer={() => onTransfer(entry)} />}
            {result.userCode && <BigField label={t('卖家编码')} value={result.userCode} testId="verdict-user-code" valueClass={classes.placeValue} />}
          </>
        )}
        {result?.parcel.isNeedTakePicture && (
          <KitBadge color="yellow" variant="filled" className={`${classes.bigBadge} ${classes.needPhoto}`} data-testid="need-photo">
            <IconCamera size={20} />{t('需拍照')}
          </KitBadge>
        )}
        {showSlot && (result.action === 'SIGNED' || result.userCode || result.shelfNumber) && (
          <div className={`${kit.row} ${classes.bigFields}`} style={{ alignItems: 'flex-end' }}>
            {(result.action === 'SIGNED' || result.userCode) && <BigField label={t('卖家编码')} value={result.userCode ?? '—'} testId="verdict-user-code" />}
            {(result.action === 'SIGNED' || result.shelfNumber) && <BigField label={t('库位')} value={result.shelfNumber ?? '—'} testId="verdict-shelf" />}
          </div>
        )}
        {result?.order && (
          <div className={classes.orderLine}>
            <div className={kit.row} style={{ '--kit-gap': 'var(--mantine-spacing-sm)' } as CSSProperties}>
              <div style={{ fontWeight: 600 }}>{t('订单')}</div>
              <div className={kit.mono} data-testid="verdict-trade-no">{result.order.tradeNo}</div>
              <KitBadge color={codeColor('PackageStatus', result.order.packageStatus)} style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
                {t(labelKey('PackageStatus', result.order.packageStatus))}
              </KitBadge>
              <KitText size="sm" dimmed>{result.order.storeName}</KitText>
            </div>
          </div>
        )}
      </div>
      {ignored && <div className={kit.small} style={{ marginTop: 'var(--mantine-spacing-sm)' }} data-testid="scan-ignored">{t('{0} 2 秒内重复扫描，已忽略', ignored)}</div>}
    </div>
  );
}
