import { Badge } from '@mantine/core';

/** 启用 / 停用 style badge used by lists' status columns. */
export function StatusBadge({ active, on = '启用', off = '停用' }: { active: boolean; on?: string; off?: string }) {
  return (
    <Badge variant="light" color={active ? 'teal' : 'gray'} radius="sm">
      {active ? on : off}
    </Badge>
  );
}
