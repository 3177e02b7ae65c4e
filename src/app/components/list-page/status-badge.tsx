import { Badge } from '@mantine/core';
import { useOptionalT } from '../../lib/i18n.ts';

/** 启用 / 停用 style badge used by lists' status columns. */
export function StatusBadge({ active, on, off }: { active: boolean; on?: string; off?: string }) {
  const t = useOptionalT();
  return (
    <Badge variant="light" color={active ? 'teal' : 'gray'} radius="sm">
      {active ? (on ?? t('启用')) : (off ?? t('停用'))}
    </Badge>
  );
}
