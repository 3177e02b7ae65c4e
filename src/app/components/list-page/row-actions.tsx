import { ActionIcon, Button, Group, Menu, Tooltip } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import type { RowAction } from './types.ts';
import { useOptionalT } from '../../lib/i18n.ts';

export interface RowActionsProps<T> {
  row: T;
  actions: readonly RowAction<T>[];
  maxInline: number;
  busyKey: string | null;
  rowKey: string;
  onRun: (action: RowAction<T>, row: T) => void;
}

const reasonOf = (d: boolean | string | undefined): string | null => (typeof d === 'string' ? d : null);

/** The 操作 cell: the first few actions as text buttons, the rest (with their icons) in a 更多 menu. */
export function RowActions<T>({ row, actions, maxInline, busyKey, rowKey, onRun }: RowActionsProps<T>) {
  const t = useOptionalT();
  const visible = actions.filter((a) => !a.hidden?.(row));
  // maxInline 0 (a phone, or a table that fits only so): every action in the menu, even a single one.
  const inline = maxInline === 0 ? [] : visible.length > maxInline + 1 ? visible.slice(0, maxInline) : visible;
  const overflow = visible.slice(inline.length);
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {inline.map((a) => {
        const disabled = a.disabled?.(row);
        const button = (
          <Button
            key={a.key}
            size="compact-sm"
            variant="subtle"
            color={a.color}
            px={6}
            disabled={Boolean(disabled)}
            loading={busyKey === `${a.key}:${rowKey}`}
            onClick={(e) => {
              e.stopPropagation();
              onRun(a, row);
            }}
          >
            {a.label}
          </Button>
        );
        const reason = reasonOf(disabled);
        return reason ? (
          <Tooltip key={a.key} label={reason} withArrow>
            <span>{button}</span>
          </Tooltip>
        ) : button;
      })}
      {overflow.length > 0 && (
        <Menu position="bottom-end" withinPortal shadow="md">
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={t('更多操作')} onClick={(e) => e.stopPropagation()}>
              <IconDots size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {overflow.map((a) => {
              const disabled = a.disabled?.(row);
              return (
                <Menu.Item
                  key={a.key}
                  color={a.color}
                  leftSection={a.icon}
                  disabled={Boolean(disabled)}
                  title={reasonOf(disabled) ?? undefined}
                  onClick={() => onRun(a, row)}
                >
                  {a.label}
                </Menu.Item>
              );
            })}
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
}
