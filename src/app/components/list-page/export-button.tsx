import { useState } from 'react';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { downloadCsv, toCsv, type ExportColumn } from './csv.ts';
import { errorMessage } from './errors.ts';
import { useOptionalT } from '../../lib/i18n.ts';

export interface ExportButtonProps<T> {
  fileName: string;
  columns: readonly ExportColumn<T>[];
  /** Every row matching the current filters (see fetchAllPages). */
  fetchRows: () => Promise<T[]>;
  label?: string;
}

/** For lists without a server-side export: the current filter's rows as a CSV that Excel opens. */
export function ExportButton<T>({ fileName, columns, fetchRows, label }: ExportButtonProps<T>) {
  const t = useOptionalT();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      downloadCsv(fileName, toCsv(columns, await fetchRows()));
    } catch (err) {
      notifications.show({ color: 'red', title: t('导出失败'), message: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="default" leftSection={<IconDownload size={16} />} loading={busy} onClick={run}>
      {label ?? t('导出')}
    </Button>
  );
}
