// What a screen shows when its code or data could not be loaded. The dialog for the failed call has
// already been shown by the error catalogue host; this keeps the page from going blank.
import { useEffect } from 'react';
import { Alert, Button, Center, Group, Paper } from '@mantine/core';
import { IconAlertTriangle, IconReload } from '@tabler/icons-react';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { isChunkLoadError, presentError } from '../../lib/error-catalogue.ts';
import { useT } from '../../lib/i18n.ts';
import { ReloadPromptContent, reportChunkError } from './chunk-reload-prompt.tsx';

export function RouteError({ error, reset }: ErrorComponentProps) {
  const t = useT();
  const router = useRouter();
  const chunk = isChunkLoadError(error);
  useEffect(() => { if (chunk) reportChunkError(); }, [chunk]);
  if (chunk) {
    return (
      <Center py="xl">
        <Paper withBorder p="lg" radius="md" maw={420}><ReloadPromptContent /></Paper>
      </Center>
    );
  }
  const p = presentError(error);
  const title = p.type === 'dialog' ? p.title : t('登录已失效');
  const content = p.type === 'dialog' ? p.content : p.message;
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle />} title={t('页面加载失败：{0}', t(title))} m="md" radius="md">
      {content && <div style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{content}</div>}
      <Group mt="sm">
        <Button size="xs" variant="light" color="red" leftSection={<IconReload size={14} />} onClick={() => { reset(); void router.invalidate(); }}>{t('重试')}</Button>
      </Group>
    </Alert>
  );
}
