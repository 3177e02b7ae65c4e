// Query factories and changes of the warehouse screen; changes invalidate the WarehouseInfo queries.
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '#shared/api-client.ts';
import type { InputOf } from '#shared/contracts/define.ts';
import type { warehouseInfo } from '#shared/contracts/warehouse.ts';
import { useServiceMutation } from '../../components/forms/refusal.ts';
import type { warehouseListInput } from './warehouse-search.ts';

export const warehouseListQuery = (api: ApiClient, input: ReturnType<typeof warehouseListInput>) =>
  queryOptions({ queryKey: ['WarehouseInfo', 'getWarehouseInfoList', input] as const, queryFn: () => api.warehouseInfo.getWarehouseInfoList(input) });

export const cityListQuery = (api: ApiClient) =>
  queryOptions({ queryKey: ['WarehouseCity', 'getWarehouseCity'] as const, queryFn: () => api.warehouseCity.getWarehouseCity() });

export const useSaveWarehouse = () => useServiceMutation(['WarehouseInfo'], (api, input: InputOf<(typeof warehouseInfo)['actions']['editWarehouseInfo']>) => api.warehouseInfo.editWarehouseInfo(input));
export const useToggleWarehouse = () => useServiceMutation(['WarehouseInfo'], (api, id: number) => api.warehouseInfo.editStatus({ id }));
export const useAddCity = () => useServiceMutation(['WarehouseCity'], (api, cityName: string) => api.warehouseCity.addWarehouseCity({ cityName }));
