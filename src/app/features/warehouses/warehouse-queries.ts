// Query factories and changes of the warehouse screen; changes invalidate the WarehouseInfo queries.
import type { ApiClient } from '#shared/api-client.ts';
import type { InputOf } from '#shared/contracts/define.ts';
import type { warehouseInfo } from '#shared/contracts/warehouse.ts';
import { useServiceMutation } from '../../components/forms/refusal.ts';
import type { warehouseListInput } from './warehouse-search.ts';
import { queryOf } from '../../lib/query-of.ts';

export const warehouseListQuery = (api: ApiClient, input: ReturnType<typeof warehouseListInput>) =>
  queryOf(api, 'WarehouseInfo', 'getWarehouseInfoList', input);

export const cityListQuery = (api: ApiClient) =>
  queryOf(api, 'WarehouseCity', 'getWarehouseCity');

export const useSaveWarehouse = () => useServiceMutation(['WarehouseInfo'], (api, input: InputOf<(typeof warehouseInfo)['actions']['editWarehouseInfo']>) => api.warehouseInfo.editWarehouseInfo(input));
export const useToggleWarehouse = () => useServiceMutation(['WarehouseInfo'], (api, id: number) => api.warehouseInfo.editStatus({ id }));
export const useAddCity = () => useServiceMutation(['WarehouseCity'], (api, cityName: string) => api.warehouseCity.addWarehouseCity({ cityName }));
