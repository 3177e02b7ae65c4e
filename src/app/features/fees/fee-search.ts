// Search params of the fee lists (route validateSearch) and the service inputs they make.
// Plain parsers, no zod: route search validation ships in the app's first chunk.
import { filter, listSearchSchema, pagingInput, type FieldParser, type SearchOf } from '../../components/list-page/list-search.ts';

const SITE_CODES = ['TW', 'MY', 'SG', 'PH', 'TH', 'VN', 'ID', 'BR', 'MX', 'CO', 'CL'] as const; // SITES in #shared/enums.ts
const id: FieldParser<number> = (raw) => {
  const n = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : undefined;
};

export const baseCostSearch = listSearchSchema({ warehouseInfoId: id, orderType: filter.oneOf([1, 2, 3] as const), isEffective: filter.boolean() });
export type BaseCostSearch = SearchOf<typeof baseCostSearch>;
export const baseCostInput = (s: BaseCostSearch) => ({ ...pagingInput(s), warehouseInfoId: s.warehouseInfoId, orderType: s.orderType, isEffective: s.isEffective });

export const freightSearch = listSearchSchema({ warehouseInfoId: id, site: filter.oneOf(SITE_CODES), cargoCategory: filter.oneOf([1, 2, 3] as const), isEffective: filter.boolean() });
export type FreightSearch = SearchOf<typeof freightSearch>;
export const freightInput = (s: FreightSearch) => ({ ...pagingInput(s), warehouseInfoId: s.warehouseInfoId, site: s.site, cargoCategory: s.cargoCategory, isEffective: s.isEffective });

export const thirdPartySearch = listSearchSchema({ warehouseInfoId: id, site: filter.oneOf(SITE_CODES), isEffective: filter.boolean() });
export type ThirdPartySearch = SearchOf<typeof thirdPartySearch>;
export const thirdPartyInput = (s: ThirdPartySearch) => ({ ...pagingInput(s), warehouseInfoId: s.warehouseInfoId, site: s.site, isEffective: s.isEffective });

export const frontFreightSearch = listSearchSchema({ warehouseInfoId: id, site: filter.oneOf(SITE_CODES), cargoCategory: filter.oneOf([1, 2, 3] as const) });
export type FrontFreightSearch = SearchOf<typeof frontFreightSearch>;
export const frontFreightInput = (s: FrontFreightSearch) => ({ ...pagingInput(s), warehouseInfoId: s.warehouseInfoId, site: s.site, cargoCategory: s.cargoCategory });

export const overseasBaseCostSearch = listSearchSchema({ storeId: id, whetherEffective: filter.boolean() });
export type OverseasBaseCostSearch = SearchOf<typeof overseasBaseCostSearch>;
export const overseasBaseCostInput = (s: OverseasBaseCostSearch) => ({ ...pagingInput(s), storeId: s.storeId, whetherEffective: s.whetherEffective });
