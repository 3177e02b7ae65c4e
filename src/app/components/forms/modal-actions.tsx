import { Button, Group } from '@mantine/core';

/** 取消 / 保存 at the foot of an admin dialog. */
export function ModalActions({ onCancel, saving, submitLabel = '保存' }: { onCancel: () => void; saving: boolean; submitLabel?: string }) {
  return (
    <Group justify="flex-end" gap="sm" mt="xs">
      <Button variant="default" onClick={onCancel} disabled={saving}>取消</Button>
      <Button type="submit" loading={saving}>{submitLabel}</Button>
    </Group>
  );
}
