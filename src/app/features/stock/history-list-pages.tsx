// 出入库记录: every inventory movement (ListedHistory: 上架, 出库, 盘点调整, 退货入库, 销毁; signed
// quantity), the seller's own (/frontstock/frontlistedhistory) and the warehouse's
// (/backstock/backlistedhistory). ?stockProductId= narrows it to one product (the products' 出入库记录).
import { Badge, CloseButton } from '@mantine/core';
import { ENUM_CODES, labelKey } from '#shared/enums.ts';
import { ListPage, type FilterField } from '../../components/list-page/index.ts';
import { useApi } from '../../lib/api.ts';
import { useT, type Translate } from '../../lib/i18n.ts';
import { historyColumns } from './columns.tsx';
import { sellerHistoryListQuery, staffHistoryListQuery } from './queries.ts';
import { useWarehouseChoices } from './use-warehouses.ts';
import type { SellerHistorySearch, StaffHistorySearch } from './search.ts';

const typeOptions = (t: Translate) => ENUM_CODES.ListedType.map((c) => ({ value: c, label: t(labelKey('ListedType', c)) }));

/** The one-product narrowing, shown (and cleared) above the list. */
type ProductNarrowed = { stockProductId?: number | undefined; page?: number | undefined };

function ProductFilter<S extends ProductNarrowed>({ search, onSearchChange }: { search: S; onSearchChange: (next: S) => void }) {
  const t = useT();
  if (search.stockProductId === undefined) return null;
  return (
    <Badge size="lg" variant="light" data-testid="history-product" rightSection={
      <CloseButton size="xs" aria-label={t('看全部商品')} onClick={() => onSearchChange({ ...search, stockProductId: undefined, page: undefined })} />
    }>
      {t('只看库存商品 #{0}', search.stockProductId)}
    </Badge>
  );
}

export function SellerHistoryListPage({ search, onSearchChange }: { search: SellerHistorySearch; onSearchChange: (next: SellerHistorySearch) => void }) {
  const t = useT();
  const api = useApi();
  const filters: FilterField<SellerHistorySearch>[] = [
    { kind: 'select', key: 'type', label: t('类型'), options: typeOptions(t) },
    { kind: 'text', key: 'tradeNo', label: t('单号') },
    { kind: 'dateRange', key: 'dateFrom', toKey: 'dateTo', label: t('日期') },
  ];
  return (
    <ListPage
      label={t('出入库记录')}
      search={search}
      onSearchChange={onSearchChange}
      query={sellerHistoryListQuery(api, search)}
      columns={historyColumns(t, { withSeller: false })}
      filters={filters}
      toolbar={<ProductFilter search={search} onSearchChange={onSearchChange} />}
    />
  );
}

export function StaffHistoryListPage({ search, onSearchChange }: { search: StaffHistorySearch; onSearchChange: (next: StaffHistorySearch) => void }) {
  const t = useT();
  const api = useApi();
  const warehouses = useWarehouseChoices();
  const filters: FilterField<StaffHistorySearch>[] = [
    { kind: 'select', key: 'type', label: t('类型'), options: typeOptions(t) },
    { kind: 'text', key: 'tradeNo', label: t('单号') },
    { kind: 'text', key: 'userCode', label: t('卖家编码') },
    { kind: 'select', key: 'warehouseInfoId', label: t('仓库'), options: warehouses.filter },
    { kind: 'dateRange', key: 'dateFrom', toKey: 'dateTo', label: t('日期') },
  ];
  return (
    <ListPage
      label={t('出入库记录')}
      search={search}
      onSearchChange={onSearchChange}
      query={staffHistoryListQuery(api, search)}
      columns={historyColumns(t, { withSeller: true })}
      filters={filters}
      toolbar={<ProductFilter search={search} onSearchChange={onSearchChange} />}
    />
  );
}
