// The product's mark: used on the sign-in page, in the shell and on the lock screen.
import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconBuildingWarehouse } from '@tabler/icons-react';

export function BrandMark({ size = 34 }: { size?: number }) {
  return (
    <ThemeIcon size={size} radius="md" variant="gradient" gradient={{ from: 'blue.7', to: 'cyan.5', deg: 135 }} aria-hidden>
      <IconBuildingWarehouse size={Math.round(size * 0.6)} stroke={1.8} />
    </ThemeIcon>
  );
}

export function Brand({ compact = false, name = '海仓', tagline }: { compact?: boolean; name?: string; tagline?: string }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <BrandMark />
      {!compact && (
        <div style={{ minWidth: 0 }}>
          <Text fw={700} size="lg" lh={1.1} truncate>{name}</Text>
          {tagline && <Text size="xs" c="dimmed" lh={1.2} truncate>{tagline}</Text>}
        </div>
      )}
    </Group>
  );
}
