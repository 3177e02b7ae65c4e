// The list-page kit (STYLE.md "Screens"): one paged list with filters, row actions, bulk actions
// and an export slot. A screen describes itself with data (columns, filters, actions) and hands
// over its search params and the query for them; the kit never owns the URL, it asks the route
// to navigate (onSearchChange), so paging and filters survive reloads and links.
import { useMemo, useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import { parseSorting, sortingText } from '#shared/sorting.ts';
import { ActionIcon, Alert, Box, Button, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDatabaseOff, IconRefresh } from '@tabler/icons-react';
import 'mantine-datatable/styles.css';
import { ConfirmDialog, type PendingConfirm } from './confirm-dialog.tsx';
import { errorMessage } from './errors.ts';
import { FilterBar, PHONE_QUERY } from './filter-bar.tsx';
import { FIRST_PAGE, PAGE_SIZES, pagingInput, type ListSearch, type PageSize } from './list-search.ts';
import { RowActions } from './row-actions.tsx';
import { ColumnChooser, useHiddenColumns } from './column-chooser.tsx';
import { useTableFit } from './use-table-fit.ts';
import classes from './list-page.module.css';
import { useOptionalT } from '../../lib/i18n.ts';
import type { BulkAction, FilterField, Paged, RowAction } from './types.ts';

export interface ListPageProps<T, S extends ListSearch, K extends QueryKey = QueryKey> {
  /** The route's validated search params (paging + filters). */
  search: S;
  /** Navigate to new search params; the kit resets the page when a filter changes. */
  onSearchChange: (next: S) => void;
  /** The query for the current search: a query factory's result, shared with the route loader. */
  query: UseQueryOptions<Paged<T>, Error, Paged<T>, K>;
  columns: DataTableColumn<T>[];
  filters?: readonly FilterField<S>[];
  rowActions?: readonly RowAction<T>[];
  /** How many row actions show as buttons before the rest fold into 更多. */
  maxInlineActions?: number;
  bulkActions?: readonly BulkAction<T>[];
  isRecordSelectable?: (row: T) => boolean;
  /** Primary buttons (新建…), left of the toolbar. */
  toolbar?: ReactNode;
  /** The export button (e.g. ExportButton or a server download), right of the toolbar. */
  exportSlot?: ReactNode;
  idAccessor?: keyof T & string;
  /** Shown when the list is empty; 暂无数据 by default. */
  emptyText?: string;
  /** Accessible name of the table. */
  label?: string;
  /**
   * The fields the service sorts by (shared/sorting.ts): the columns of those accessors get sortable
   * headers, which put `sorting` ("creationTime desc") in the search; the screen sends it.
   */
  sortFields?: readonly string[];
  /**
   * The list's name for its column chooser (选择列, issue 44 §3): given, the reader may hide columns,
   * remembered per signed-in user in this browser.
   */
  columnsKey?: string;
  /** With `columnsKey`: the columns hidden until the reader chooses (a very wide list's less used ones). */
  defaultHiddenColumns?: readonly string[];
}

const ACTIONS_COLUMN = '__actions';

export function ListPage<T, S extends ListSearch, K extends QueryKey = QueryKey>(props: ListPageProps<T, S, K>) {
  const { search, onSearchChange, columns, filters = [], rowActions = [], bulkActions = [], maxInlineActions = 3 } = props;
  const idAccessor = props.idAccessor ?? ('id' as keyof T & string);
  const t = useOptionalT();
  const { currentPage, pageSize } = pagingInput(search);
  // On a phone the 操作 column is a single 更多 menu, so the pinned column leaves room for the data.
  const isPhone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const inlineActions = isPhone ? 0 : maxInlineActions;

  const result = useQuery({ ...props.query, placeholderData: keepPreviousData });
  const data = result.data;
  const records = data?.items ?? [];
  const totalCount = data?.totalCount ?? 0;
  const countCapped = data?.totalCountCapped === true;

  // Selection belongs to one page of one filter: stored with the search it was made under, so a
  // new page or filter starts empty without an effect clearing it.
  const searchKey = JSON.stringify(search);
  const [selection, setSelection] = useState<{ key: string; rows: T[] }>({ key: searchKey, rows: [] });
  const selected = selection.key === searchKey ? selection.rows : [];
  const setSelected = (rows: T[]) => setSelection({ key: searchKey, rows });

  const [pending, setPending] = useState<PendingConfirm | null>(null);
  const [busyKey, setBusyKey] = useState<string | null>(null);
  // A refused action without a confirm dialog (e.g. 停用 yourself) is explained above the table;
  // a toast would vanish too soon to read (toasts clear after 1 s, spec 000 §8).
  const [actionError, setActionError] = useState<{ label: string; message: string } | null>(null);

  const filterKeys = filters.flatMap((f): string[] => (f.kind === 'dateRange' ? [f.key, f.toKey] : [f.key]));
  const filterValues = Object.fromEntries(filterKeys.map((k) => [k, (search as Record<string, unknown>)[k]]));
  const applyFilters = (patch: Record<string, unknown>) => onSearchChange({ ...search, ...patch, page: undefined });
  const goTo = (page: number) => onSearchChange({ ...search, page: page <= FIRST_PAGE ? undefined : page });
  const setPageSize = (size: number) =>
    onSearchChange({ ...search, page: undefined, pageSize: size === PAGE_SIZES[0] ? undefined : (size as PageSize) });

  const runNow = async (key: string, label: string, run: () => unknown) => {
    setBusyKey(key);
    setActionError(null);
    try {
      await run();
    } catch (err) {
      setActionError({ label, message: errorMessage(err) });
    } finally {
      setBusyKey(null);
    }
  };
  const runRowAction = (action: RowAction<T>, row: T) => {
    const confirm = typeof action.confirm === 'function' ? action.confirm(row) : action.confirm;
    const run = () => action.onClick(row);
    if (confirm) setPending({ spec: confirm, run });
    else void runNow(`${action.key}:${String(row[idAccessor])}`, action.label, run);
  };
  const runBulkAction = (action: BulkAction<T>) => {
    const rows = selected;
    const confirm = typeof action.confirm === 'function' ? action.confirm(rows) : action.confirm;
    const run = async () => {
      await action.onClick(rows);
      setSelection({ key: searchKey, rows: [] });
    };
    if (confirm) setPending({ spec: confirm, run });
    else void runNow(`bulk:${action.key}`, action.label, run);
  };

  // Sortable headers (issue 44 §3): the order is the URL's, a new one starts at page 1.
  const sortFields = props.sortFields ?? [];
  const sorting = search.sorting ? parseSorting(sortFields, search.sorting) : undefined;
  const sortProps = sortFields.length > 0
    ? {
        // No column is marked while the list has its own order.
        sortStatus: { columnAccessor: sorting?.field ?? '', direction: sorting?.direction ?? 'asc' } as DataTableSortStatus<T>,
        onSortStatusChange: (s: DataTableSortStatus<T>) =>
          onSearchChange({ ...search, page: undefined, sorting: sortingText({ field: String(s.columnAccessor), direction: s.direction }) }),
      }
    : {};
  const [hiddenColumns, setHiddenColumns] = useHiddenColumns(props.columnsKey, props.defaultHiddenColumns);
  // How the 操作 column shows and whether it is pinned: whatever fits the box (use-table-fit.ts).
  const hiddenKey = hiddenColumns.join();
  const [watchTable, fit] = useTableFit(inlineActions, useMemo(() => ({ data, hiddenKey }), [data, hiddenKey]));
  const shownColumns = (sortFields.length > 0
    ? columns.map((c) => (sortFields.includes(String(c.accessor)) ? { ...c, sortable: true } : c))
    : columns).filter((c) => !hiddenColumns.includes(String(c.accessor)));

  const allColumns: DataTableColumn<T>[] = rowActions.length
    ? [
        ...shownColumns,
        {
          accessor: ACTIONS_COLUMN,
          title: t('操作'),
          textAlign: 'right',
          render: (row) => (
            <RowActions row={row} actions={rowActions} maxInline={fit.inline} busyKey={busyKey} rowKey={String(row[idAccessor])} onRun={runRowAction} />
          ),
        },
      ]
    : shownColumns;

  const beyondLastPage = records.length === 0 && totalCount > 0 && currentPage > FIRST_PAGE;
  const selectable = bulkActions.length > 0;

  return (
    <Stack gap="sm" miw={0} data-list-page>
      {filters.length > 0 && (
        <Paper withBorder p="sm" radius="md">
          <FilterBar<S> key={JSON.stringify(filterValues)} fields={filters} values={filterValues} onApply={applyFilters} />
        </Paper>
      )}

      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="xs" wrap="wrap">{props.toolbar}</Group>
        <Group gap="xs" wrap="nowrap">
          {props.exportSlot}
          {props.columnsKey && <ColumnChooser columns={columns} hidden={hiddenColumns} onChange={setHiddenColumns} />}
          <Tooltip label={t('刷新')} withArrow>
            <ActionIcon variant="default" size="lg" aria-label={t('刷新')} onClick={() => void result.refetch()} loading={result.isFetching}>
              <IconRefresh size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>

      {selectable && selected.length > 0 && (
        <Paper withBorder p="xs" radius="md" bg="var(--mantine-primary-color-light)" role="region" aria-label={t('批量操作')}>
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text size="sm" fw={500}>{t('已选 {0} 项', selected.length)}</Text>
            <Group gap="xs" wrap="wrap">
              {bulkActions.map((a) => (
                <Button key={a.key} size="xs" variant="light" color={a.color} leftSection={a.icon} loading={busyKey === `bulk:${a.key}`} onClick={() => runBulkAction(a)}>
                  {a.label}
                </Button>
              ))}
              <Button size="xs" variant="subtle" color="gray" onClick={() => setSelected([])}>{t('取消选择')}</Button>
            </Group>
          </Group>
        </Paper>
      )}

      {actionError && (
        <Alert color="red" variant="light" title={t('{0}失败', actionError.label)} role="alert" withCloseButton closeButtonLabel={t('关闭')} onClose={() => setActionError(null)}>
          {actionError.message}
        </Alert>
      )}

      {result.isError && (
        <Alert color="red" variant="light" title={t('列表加载失败')} role="alert">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{errorMessage(result.error)}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void result.refetch()}>{t('重试')}</Button>
          </Group>
        </Alert>
      )}

      <Box ref={watchTable} aria-busy={result.isFetching} miw={0}>
        <DataTable<T>
          aria-label={props.label}
          withTableBorder
          borderRadius="md"
          striped
          highlightOnHover
          verticalAlign="center"
          minHeight={records.length ? undefined : 220}
          idAccessor={idAccessor}
          records={records}
          columns={allColumns}
          // Issue 44: every cell readable and the actions reachable, at a desk (1440 px) without
          // sliding anything under the 操作 column. The table fits its box first: a long cell (a store
          // name, a date, a remark) wraps (CJK between characters, Latin at spaces), a header wraps at
          // spaces only, and nothing goes below its content's narrowest (badges, codes and numbers
          // stay whole); the 操作 column gives up its buttons for its 更多 menu before the table
          // overflows (use-table-fit.ts). Only a table that still does not fit (a phone, a narrow
          // window) scrolls sideways in its box, and only then is the 操作 column pinned on the right.
          horizontalSpacing={8}
          className={classes.table}
          pinLastColumn={rowActions.length > 0 && fit.pinned}
          // mantine-datatable keeps its measured pins when pinning is switched off (its pin map is only
          // recomputed while something is pinned): a table that overflowed once, while loading or in a
          // narrow window, would stay pinned over data that fits. A fresh table per state avoids that.
          key={fit.pinned ? 'pinned' : 'fits'}
          fetching={result.isFetching}
          loaderType="dots"
          noRecordsText={t('暂无数据')}
          emptyState={
            <Stack align="center" gap={6} c="dimmed">
              <IconDatabaseOff size={36} stroke={1.5} />
              <Text size="sm">{props.emptyText ?? t('暂无数据')}</Text>
              {beyondLastPage && (
                <Button size="xs" variant="light" style={{ pointerEvents: 'all' }} onClick={() => goTo(FIRST_PAGE)}>{t('回到第 1 页')}</Button>
              )}
            </Stack>
          }
          totalRecords={totalCount}
          page={currentPage}
          onPageChange={goTo}
          recordsPerPage={pageSize}
          recordsPerPageOptions={[...PAGE_SIZES]}
          onRecordsPerPageChange={setPageSize}
          recordsPerPageLabel={t('每页')}
          paginationText={({ from, to, totalRecords }) =>
            !totalRecords ? t('共 {0} 条', 0) : countCapped ? t('第 {0}–{1} 条，共 {2}+ 条（请缩小筛选范围）', from, to, totalRecords) : t('第 {0}–{1} 条，共 {2} 条', from, to, totalRecords)}
          paginationSize="sm"
          paginationWrapBreakpoint="sm"
          {...sortProps}
          {...(selectable
            ? { selectedRecords: selected, onSelectedRecordsChange: setSelected, isRecordSelectable: props.isRecordSelectable ? (row: T) => props.isRecordSelectable!(row) : undefined, allRecordsSelectionCheckboxProps: { 'aria-label': '全选本页' } }
            : {})}
        />
      </Box>

      <ConfirmDialog key={pending ? 'open' : 'closed'} pending={pending} onClose={() => setPending(null)} />
    </Stack>
  );
}
