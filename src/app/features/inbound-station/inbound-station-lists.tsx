// The station's lists, loaded after the first screen (scanning does not need them): how the index of
// expected parcels stands, 最近同步 (scans queued offline that have since reached the server) and this
// session's scans.
import type { ScanEntry } from './use-sign-station.ts';
import { ScanHistory } from './scan-history.tsx';
import { SyncedScans } from './synced-scans.tsx';
import { KitText } from '../../components/kit/kit.tsx';
import { formatClock } from '../../components/list-page/format.ts';
import { useT } from '../../lib/i18n.ts';
import type { IndexStatus } from '../../lib/floor-index/index.ts';

/** How the station's index of expected parcels stands (issue 45 item 2): what an offline scan can be told. */
function IndexLine({ status }: { status: IndexStatus | null }) {
  const t = useT();
  if (!status) return null;
  const text = status.count === null
    ? (status.syncing ? t('离线索引下载中…') : t('离线索引未下载：离线扫描只能排队'))
    : t('离线索引 {0} 单 · 更新于 {1}', status.count, status.syncedAt ? formatClock(new Date(status.syncedAt)) : '—');
  return <KitText size="sm" dimmed data-testid="floor-index-status" data-count={status.count ?? ''}>{text}{status.failed ? ` ${t('（更新失败，稍后重试）')}` : ''}</KitText>;
}

export default function InboundStationLists({ history, indexStatus = null }: { history: ScanEntry[]; indexStatus?: IndexStatus | null }) {
  return (
    <>
      <IndexLine status={indexStatus} />
      <SyncedScans />
      <ScanHistory entries={history} />
    </>
  );
}
