import { Box, Button, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import type { PermissionTreeNode } from '#shared/contracts/identity.ts';
import { allNames, stateOf, toggle } from './permission-tree-model.ts';
import { useT } from '../../../lib/i18n.ts';

export interface PermissionTreeProps {
  nodes: readonly PermissionTreeNode[];
  granted: ReadonlySet<string>;
  onChange: (granted: Set<string>) => void;
  disabled?: boolean;
}

/** Checkbox tree of Role/GetAllPermissionManager (see permission-tree-model.ts for the rules). */
export function PermissionTree({ nodes, granted, onChange, disabled }: PermissionTreeProps) {
  const t = useT();
  const every = allNames(nodes);
  const count = every.filter((n) => granted.has(n)).length;
  const renderNodes = (list: readonly PermissionTreeNode[], depth: number) =>
    list.map((node) => {
      const state = stateOf(node, granted);
      return (
        <Box key={node.name}>
          <Checkbox
            label={
              <Group gap={6} wrap="nowrap">
                <Text size="sm" fw={depth === 0 ? 500 : 400}>{node.displayName}</Text>
                <Text size="xs" c="dimmed" visibleFrom="xs">{node.name}</Text>
              </Group>
            }
            aria-label={node.displayName}
            checked={state === 'checked'}
            indeterminate={state === 'indeterminate'}
            disabled={disabled}
            onChange={() => onChange(toggle(nodes, granted, node.name))}
            py={4}
          />
          {node.children.length > 0 && (
            <Stack gap={0} pl="lg" ml={8} style={{ borderLeft: '1px solid var(--mantine-color-default-border)' }}>
              {renderNodes(node.children, depth + 1)}
            </Stack>
          )}
        </Box>
      );
    });

  return (
    <Paper withBorder radius="md" p="sm">
      <Group justify="space-between" mb="xs" gap="xs">
        <Text size="sm" c="dimmed">{t('已选 {0} / {1} 项权限', count, every.length)}</Text>
        <Group gap={4}>
          <Button size="compact-xs" variant="subtle" disabled={disabled || count === every.length} onClick={() => onChange(new Set(every))}>{t('全选')}</Button>
          <Button size="compact-xs" variant="subtle" color="gray" disabled={disabled || count === 0} onClick={() => onChange(new Set())}>{t('清空')}</Button>
        </Group>
      </Group>
      <Stack gap={0} role="group" aria-label={t('权限')}>{renderNodes(nodes, 0)}</Stack>
    </Paper>
  );
}
