// The error catalogue's dialog (spec 000 §8); loaded on first use, see error-catalogue-host.tsx.
import { Button, Group, Modal, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCircleX } from '@tabler/icons-react';
import type { ErrorPresentation } from '../../lib/error-catalogue.ts';
import { useT } from '../../lib/i18n.ts';
import '../../lib/console-styles.ts'; // Mantine's whole stylesheet: this can open over the sign-in page

export type ErrorDialogContent = Extract<ErrorPresentation, { type: 'dialog' }>;

export default function ErrorDialog({ dialog, onClose }: { dialog: ErrorDialogContent | null; onClose: () => void }) {
  const t = useT();
  const warning = dialog?.tone === 'warning';
  return (
    <Modal
      opened={!!dialog}
      onClose={onClose}
      centered
      size="md"
      zIndex={1000}
      title={
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon color={warning ? 'orange' : 'red'} variant="light" radius="xl" size="lg">
            {warning ? <IconAlertTriangle size={20} /> : <IconCircleX size={20} />}
          </ThemeIcon>
          <Text fw={600} data-testid="error-dialog-title">{dialog ? t(dialog.title) : ''}</Text>
        </Group>
      }
    >
      {dialog?.content && <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="error-dialog-content">{t(dialog.content)}</Text>}
      <Group justify="flex-end" mt="lg">
        <Button onClick={onClose} data-autofocus>{t('知道了')}</Button>
      </Group>
    </Modal>
  );
}
