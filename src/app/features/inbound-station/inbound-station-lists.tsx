// The station's lists, loaded after the first screen (scanning does not need them): 最近同步 (scans
// queued offline that have since reached the server) and this session's scans.
import type { ScanEntry } from './use-sign-station.ts';
import { ScanHistory } from './scan-history.tsx';
import { SyncedScans } from './synced-scans.tsx';

export default function InboundStationLists({ history }: { history: ScanEntry[] }) {
  return (
    <>
      <SyncedScans />
      <ScanHistory entries={history} />
    </>
  );
}
