import type { ReactNode } from 'react';
import type { MantineColor } from '@mantine/core';
import type { ListSearch } from './list-search.ts';

/** What a confirm dialog says before a destructive action runs. */
export interface ConfirmSpec {
  title: string;
  message: ReactNode;
  /** Label of the confirming button; 确定 by default. */
  confirmLabel?: string;
  /** Red confirm button; defaults to true (confirms are for destructive actions). */
  danger?: boolean;
}

/** A per-row action: a button in the 操作 column (or its 更多 menu). */
export interface RowAction<T> {
  key: string;
  label: string;
  icon?: ReactNode;
  color?: MantineColor;
  /** May return a promise; the kit shows a spinner / keeps the confirm open until it settles. */
  onClick: (row: T) => unknown;
  /** Ask first (destructive actions). */
  confirm?: ConfirmSpec | ((row: T) => ConfirmSpec);
  /** Disabled for this row; a string is shown as the reason (tooltip). */
  disabled?: (row: T) => boolean | string;
  hidden?: (row: T) => boolean;
}

/** An action on the selected rows, shown in the bar that appears when rows are selected. */
export interface BulkAction<T> {
  key: string;
  label: string;
  icon?: ReactNode;
  color?: MantineColor;
  onClick: (rows: T[]) => unknown;
  confirm?: ConfirmSpec | ((rows: T[]) => ConfirmSpec);
}

type FilterKeys<S> = Exclude<keyof S, keyof ListSearch> & string;
export type FilterValue<S, K extends keyof S> = NonNullable<S[K]>;

interface FilterBase<K> {
  key: K;
  label: string;
  placeholder?: string;
}
export type FilterFieldFor<S, K extends keyof S> =
  | (FilterBase<K> & { kind: 'text' })
  | (FilterBase<K> & { kind: 'select'; options: readonly { value: FilterValue<S, K>; label: string }[]; searchable?: boolean })
  /** Whole days, YYYY-MM-DD: `key` holds the first day, `toKey` the last (filter.date() parsers). */
  | (FilterBase<K> & { kind: 'dateRange'; toKey: FilterKeys<S> });

/** A filter in the filter form; its key is a field of the route's search params. */
export type FilterField<S> = { [K in FilterKeys<S>]: FilterFieldFor<S, K> }[FilterKeys<S>];

export interface Paged<T> {
  totalCount: number;
  /** The server stopped counting at totalCount (a broad filter on a large list): shown as "10000+". */
  totalCountCapped?: boolean | undefined;
  items: T[];
}
