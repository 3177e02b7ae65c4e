import { Button, Group } from '@mantine/core';
import { useOptionalT } from '../../lib/i18n.ts';

/** 取消 / 保存 at the foot of an admin dialog. */
export function ModalActions({ onCancel, saving, submitLabel }: { onCancel: () => void; saving: boolean; submitLabel?: string }) {
  const t = useOptionalT();
  return (
    <Group justify="flex-end" gap="sm" mt="xs">
      <Button variant="default" onClick={onCancel} disabled={saving}>{t('取消')}</Button>
      <Button type="submit" loading={saving}>{submitLabel ?? t('保存')}</Button>
    </Group>
  );
}
