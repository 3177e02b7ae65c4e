import { useState, type FormEvent } from 'react';
import { Badge, Button, Collapse, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFilter, IconRefresh, IconSearch } from '@tabler/icons-react';
import { DateRangeFilter } from './date-range-filter.tsx';
import type { FilterField } from './types.ts';
import { useOptionalT } from '../../lib/i18n.ts';

type Values = Record<string, unknown>;

export interface FilterBarProps<S> {
  fields: readonly FilterField<S>[];
  /** The filters currently applied (from the URL). */
  values: Values;
  /** Applies a change to some filters (the kit resets the page). */
  onApply: (patch: Values) => void;
}

/** Below Mantine's sm breakpoint: phones. */
export const PHONE_QUERY = '(max-width: 48em)';

/**
 * The filter form. Text fields are drafts applied with 查询 or Enter; selects apply at once.
 * The kit remounts it (key) whenever the applied filters change, so drafts follow the URL
 * (back button, links) without an effect. On a phone the form folds behind a 筛选 button.
 */
export function FilterBar<S>({ fields, values, onApply }: FilterBarProps<S>) {
  const t = useOptionalT();
  const isPhone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const [expanded, setExpanded] = useState(false);
  const [drafts, setDrafts] = useState<Values>(() =>
    Object.fromEntries(fields.filter((f) => f.kind === 'text').map((f) => [f.key, (values[f.key] as string | undefined) ?? ''])),
  );
  const activeCount = fields.filter((f) => values[f.key] !== undefined || (f.kind === 'dateRange' && values[f.toKey] !== undefined)).length;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const patch: Values = {};
    for (const f of fields) if (f.kind === 'text') patch[f.key] = String(drafts[f.key] ?? '').trim() || undefined;
    onApply(patch);
  };
  const reset = () => onApply(Object.fromEntries(fields.flatMap((f) => (f.kind === 'dateRange' ? [[f.key, undefined], [f.toKey, undefined]] : [[f.key, undefined]]))));

  const inputs = fields.map((f) => {
    if (f.kind === 'text') {
      return (
        <TextInput
          key={f.key}
          label={f.label}
          placeholder={f.placeholder ?? t('请输入{0}', f.label)}
          value={String(drafts[f.key] ?? '')}
          onChange={(e) => {
            const v = e.currentTarget.value;
            setDrafts((d) => ({ ...d, [f.key]: v }));
          }}
        />
      );
    }
    if (f.kind === 'dateRange') {
      return (
        <DateRangeFilter
          key={f.key}
          label={f.label}
          placeholder={f.placeholder}
          from={values[f.key] as string | undefined}
          to={values[f.toKey] as string | undefined}
          onChange={(from, to) => onApply({ [f.key]: from, [f.toKey]: to })}
        />
      );
    }
    const index = f.options.findIndex((o) => o.value === values[f.key]);
    return (
      <Select
        key={f.key}
        label={f.label}
        placeholder={f.placeholder ?? t('全部')}
        data={f.options.map((o, i) => ({ value: String(i), label: o.label }))}
        value={index >= 0 ? String(index) : null}
        onChange={(v) => onApply({ [f.key]: v === null ? undefined : f.options[Number(v)]?.value })}
        clearable
        searchable={f.searchable}
        comboboxProps={{ withinPortal: true }}
      />
    );
  });

  const buttons = (
    <Group gap="xs" wrap="nowrap">
      <Button type="submit" leftSection={<IconSearch size={16} />}>{t('查询')}</Button>
      <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={reset} disabled={activeCount === 0}>{t('重置')}</Button>
    </Group>
  );

  if (isPhone) {
    return (
      <form onSubmit={submit} role="search" aria-label={t('筛选')}>
        <Button
          variant="light"
          fullWidth
          leftSection={<IconFilter size={16} />}
          rightSection={activeCount > 0 ? <Badge size="sm" circle>{activeCount}</Badge> : null}
          onClick={() => setExpanded((o) => !o)}
          aria-expanded={expanded}
        >
          {t('筛选')}
        </Button>
        <Collapse expanded={expanded}>
          <SimpleGrid cols={1} spacing="xs" pt="xs">
            {inputs}
            {buttons}
          </SimpleGrid>
        </Collapse>
      </form>
    );
  }
  return (
    <form onSubmit={submit} role="search" aria-label={t('筛选')}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        {inputs.map((input) => (
          <div key={input.key} style={{ width: 220 }}>{input}</div>
        ))}
        {buttons}
      </Group>
    </form>
  );
}
