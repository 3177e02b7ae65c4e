// A button that downloads one of the server's xlsx exports (/api/File/…) with the current filters.
import { useState } from 'react';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import type { RequestContextSource } from '../../lib/api.ts';
import { downloadServerFile } from '../../lib/download.ts';
import { errorMessage } from '../../components/list-page/index.ts';
import { useT } from '../../lib/i18n.ts';

export interface ServerExportProps {
  /** The signed-in session (token, tenant); the route passes useAuth(). */
  source: RequestContextSource;
  path: string;
  query: () => Record<string, unknown>;
  fileName: string;
  label: string;
  disabled?: boolean;
}

export function ServerExportButton({ source, path, query, fileName, label, disabled }: ServerExportProps) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await downloadServerFile(source, path, query(), fileName);
    } catch (err) {
      notifications.show({ color: 'red', title: t('导出失败'), message: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="default" leftSection={<IconDownload size={16} />} loading={busy} disabled={disabled} onClick={run}>
      {label}
    </Button>
  );
}
