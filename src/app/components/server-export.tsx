// A button that downloads one of the server's xlsx exports (a File action's link) with the current filters.
import { useState } from 'react';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import type { RequestContextSource } from '../lib/api.ts';
import { downloadServerFile } from '../lib/download.ts';
import { errorMessage } from './list-page/index.ts';
import { useT } from '../lib/i18n.ts';

export interface ServerExportProps {
  /** The signed-in session (token, tenant); the route passes useAuth(). */
  source: RequestContextSource;
  /** The export's link with the current filters, e.g. () => fileUrl('getExpressExport', filters). */
  url: () => string;
  fileName: string;
  label: string;
  disabled?: boolean;
}

export function ServerExportButton({ source, url, fileName, label, disabled }: ServerExportProps) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await downloadServerFile(source, url(), fileName);
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
