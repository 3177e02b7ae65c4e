// The station's lists, loaded after the first screen (scanning does not need them): the index of
// expected parcels kept fresh, how it
// expected parcels stands, 最近同步 (scans queued offline that have since reached the server) and this
// session's scans.
import type { ScanEntry } from './use-sign-station.ts';
import { ScanHistory } from './scan-history.tsx';
import { SyncedScans } from './synced-scans.tsx';
import { KitText } from '../../components/kit/kit.tsx';
import { formatClock } from '../../components/list-page/format.ts';
import { useT } from '../../lib/i18n.ts';
import { useCallback } from 'react';
import { useApi } from '../../lib/api.ts';
import { useFloorIndex, type IndexStatus } from '../../lib/floor-index/index.ts';

/** How the station's index of expected parcels stands (issue 45 item 2): what an offline scan can be told. */
function IndexLine({ status }: { status: IndexStatus | null }) {
  const t = useT();
  if (!status) return null;
  const text = status.count === null
    ? (status.syncing ? t('离线索引下载中…') : t('离线索引未下载：离线扫描只能排队'))
    : t('离线索引 {0} 单 · 更新于 {1}', status.count, status.syncedAt ? formatClock(new Date(status.syncedAt)) : '—');
  return <KitText size="sm" dimmed data-testid="floor-index-status" data-count={status.count ?? ''}>{text}{status.failed ? ` ${t('（更新失败，稍后重试）')}` : ''}</KitText>;
}

export default function InboundStationLists({ history }: { history: ScanEntry[] }) {
  // The index of expected parcels, kept fresh while the station is open, for the offline verdict
  // (these lists load after the first screen, and so does the index's refresher).
  const api = useApi();
  const fetchIndexPage = useCallback((query: Parameters<typeof api.floorIndex.getExpected>[0]) => api.floorIndex.getExpected(query), [api]);
  const indexStatus = useFloorIndex(fetchIndexPage);
  return (
    <>
      <IndexLine status={indexStatus} />
      <SyncedScans />
      <ScanHistory entries={history} />
    </>
  );
}
