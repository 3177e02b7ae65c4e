// 选择列 (issue 44 §3): a wide list's reader hides the columns he does not need. The choice is kept in
// this browser per list and per signed-in user (tenant and user id from AbpUserConfiguration's session),
// so two people sharing a browser each keep their own; the 操作 column is never offered.
import { useContext, useState } from 'react';
import { ActionIcon, Button, Checkbox, Menu, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconColumns } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { ApiContext } from '../../lib/http.ts';
import { configurationQuery } from '../../lib/queries.ts';
import { useOptionalT } from '../../lib/i18n.ts';

const PREFIX = 'haicang.columns';

/** The storage key of `list`'s hidden columns for the signed-in user; null until the session is known. */
function useStorageKey(list: string | undefined): string | null {
  const api = useContext(ApiContext);
  const config = useQuery({
    queryKey: configurationQuery(api!).queryKey,
    queryFn: () => api!.abpUserConfiguration.getAll(),
    enabled: !!api && !!list,
    staleTime: 5 * 60_000,
  }).data;
  const session = config?.session;
  if (!list || !session || session.userId === null) return null;
  return `${PREFIX}.${session.tenantId ?? 'host'}.${session.userId}.${list}`;
}

/** The stored choice, or null when this user never chose (the list's defaults apply). */
function readHidden(key: string | null): string[] | null {
  if (!key) return null;
  try {
    const stored = localStorage.getItem(key);
    if (stored === null) return null;
    const v: unknown = JSON.parse(stored);
    return Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : null;
  } catch {
    return null;
  }
}

/**
 * The hidden accessors of `list` for this user, and a setter that keeps them. `byDefault`: what a
 * user who never chose sees hidden (a very wide list's less used columns, so it fits a desk's width).
 */
export function useHiddenColumns(list: string | undefined, byDefault: readonly string[] = []): [readonly string[], (next: string[]) => void] {
  const key = useStorageKey(list);
  const [state, setState] = useState<{ key: string | null; hidden: readonly string[] }>({ key: null, hidden: byDefault });
  const hidden = state.key === key ? state.hidden : readHidden(key) ?? byDefault;
  const set = (next: string[]) => {
    // Kept even when empty: "show every column" is a choice too, over the list's defaults.
    if (key) localStorage.setItem(key, JSON.stringify(next));
    setState({ key, hidden: next });
  };
  return [hidden, set];
}

const titleOf = <T,>(c: DataTableColumn<T>): string => (typeof c.title === 'string' ? c.title : String(c.accessor));

export function ColumnChooser<T>({ columns, hidden, onChange }: { columns: readonly DataTableColumn<T>[]; hidden: readonly string[]; onChange: (next: string[]) => void }) {
  const t = useOptionalT();
  const shown = columns.filter((c) => !hidden.includes(String(c.accessor)));
  return (
    <Menu position="bottom-end" closeOnItemClick={false} withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon variant="default" size="lg" aria-label={t('选择列')} title={t('选择列')}><IconColumns size={18} /></ActionIcon>
      </Menu.Target>
      <Menu.Dropdown miw={180}>
        <Text size="xs" c="dimmed" px="xs" pt={4}>{t('显示的列')}</Text>
        <Stack gap={6} p="xs" role="group" aria-label={t('显示的列')}>
          {columns.map((c) => {
            const accessor = String(c.accessor);
            const visible = !hidden.includes(accessor);
            return (
              <Checkbox
                key={accessor} size="xs" label={titleOf(c)} checked={visible}
                // The last shown column stays: a list of no columns reads nothing.
                disabled={visible && shown.length === 1}
                onChange={() => onChange(visible ? [...hidden, accessor] : hidden.filter((h) => h !== accessor))}
              />
            );
          })}
        </Stack>
        {hidden.length > 0 && <Button size="compact-xs" variant="subtle" mx="xs" mb={4} onClick={() => onChange([])}>{t('显示全部')}</Button>}
      </Menu.Dropdown>
    </Menu>
  );
}
