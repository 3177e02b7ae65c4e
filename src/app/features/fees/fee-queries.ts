// Query factories and changes of the fee screens. Changes invalidate their own service's queries only.
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '#shared/api-client.ts';
import type { InputOf } from '#shared/contracts/define.ts';
import type { baseCostSetting, frontMainLandFreight, mainlandFreight, overseasBaseCostSetting } from '#shared/contracts/fees.ts';
import { useServiceMutation } from '../../components/forms/refusal.ts';

type BaseCost = (typeof baseCostSetting)['actions'];
type Freight = (typeof mainlandFreight)['actions'];
type Front = (typeof frontMainLandFreight)['actions'];
type Overseas = (typeof overseasBaseCostSetting)['actions'];

export const baseCostListQuery = (api: ApiClient, input: InputOf<BaseCost['getBaseCostSettingListList']>) =>
  queryOptions({ queryKey: ['BaseCostSetting', 'getBaseCostSettingListList', input] as const, queryFn: () => api.baseCostSetting.getBaseCostSettingListList(input) });
export const overseasBaseCostListQuery = (api: ApiClient, input: InputOf<Overseas['getOverseasBaseCostSettingList']>) =>
  queryOptions({
    queryKey: ['OverseasBaseCostSetting', 'getOverseasBaseCostSettingList', input] as const,
    queryFn: () => api.overseasBaseCostSetting.getOverseasBaseCostSettingList(input),
  });
export const urgentFeeQuery = (api: ApiClient) =>
  queryOptions({ queryKey: ['BaseCostSetting', 'getUrgentFee'] as const, queryFn: () => api.baseCostSetting.getUrgentFee({}) });
export const destroyFeeQuery = (api: ApiClient) =>
  queryOptions({ queryKey: ['BaseCostSetting', 'getDestroyFee'] as const, queryFn: () => api.baseCostSetting.getDestroyFee({}) });
export const freightListQuery = (api: ApiClient, input: InputOf<Freight['getMainLandFreightList']>) =>
  queryOptions({ queryKey: ['MainlandFreight', 'getMainLandFreightList', input] as const, queryFn: () => api.mainlandFreight.getMainLandFreightList(input) });
export const thirdPartyListQuery = (api: ApiClient, input: InputOf<Freight['getThirdPartyParameterList']>) =>
  queryOptions({ queryKey: ['MainlandFreight', 'getThirdPartyParameterList', input] as const, queryFn: () => api.mainlandFreight.getThirdPartyParameterList(input) });
export const frontFreightListQuery = (api: ApiClient, input: InputOf<Front['getFrontMainLandFreightList']>) =>
  queryOptions({ queryKey: ['FrontMainLandFreight', 'getFrontMainLandFreightList', input] as const, queryFn: () => api.frontMainLandFreight.getFrontMainLandFreightList(input) });
/** Mainland warehouses (the fee settings are per mainland warehouse), enabled or not. */
export const feeWarehousesQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: ['WarehouseInfo', 'getWarehouseInfoList', { kind: 1, pageSize: 500 }] as const,
    queryFn: () => api.warehouseInfo.getWarehouseInfoList({ kind: 1, pageSize: 500 }),
    staleTime: 60_000,
  });

/** Every warehouse, mainland and overseas: a stock order ships from either and is charged a base cost there (issue 44 1f). */
export const allWarehousesQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: ['WarehouseInfo', 'getWarehouseInfoList', { pageSize: 500 }] as const,
    queryFn: () => api.warehouseInfo.getWarehouseInfoList({ pageSize: 500 }),
    staleTime: 60_000,
  });

export const useAddBaseCost = () => useServiceMutation(['BaseCostSetting'], (api, input: InputOf<BaseCost['add']>) => api.baseCostSetting.add(input));
export const useEditBaseCost = () => useServiceMutation(['BaseCostSetting'], (api, input: InputOf<BaseCost['edit']>) => api.baseCostSetting.edit(input));
export const useEndBaseCost = () => useServiceMutation(['BaseCostSetting'], (api, input: InputOf<BaseCost['editEndTime']>) => api.baseCostSetting.editEndTime(input));
export const useEditUrgentFee = () => useServiceMutation(['BaseCostSetting'], (api, urgentFee: number) => api.baseCostSetting.editUrgentFee({ urgentFee }));
export const useEditDestroyFee = () => useServiceMutation(['BaseCostSetting'], (api, destroyFee: number) => api.baseCostSetting.editDestroyFee({ destroyFee }));

export const useAddFreight = () => useServiceMutation(['MainlandFreight', 'FrontMainLandFreight'], (api, input: InputOf<Freight['add']>) => api.mainlandFreight.add(input));
export const useEditFreight = () => useServiceMutation(['MainlandFreight', 'FrontMainLandFreight'], (api, input: InputOf<Freight['edit']>) => api.mainlandFreight.edit(input));
export const useEndFreight = () => useServiceMutation(['MainlandFreight', 'FrontMainLandFreight'], (api, input: InputOf<Freight['editEndTime']>) => api.mainlandFreight.editEndTime(input));
export const useQuoteFreight = () => useServiceMutation([], (api, input: InputOf<Freight['getFreight']>) => api.mainlandFreight.getFreight(input));

export const useAddThirdParty = () => useServiceMutation(['MainlandFreight'], (api, input: InputOf<Freight['addThirdPartyParameter']>) => api.mainlandFreight.addThirdPartyParameter(input));
export const useToggleThirdParty = () => useServiceMutation(['MainlandFreight'], (api, id: number) => api.mainlandFreight.editThirdPartyStatus({ id }));
export const useEndThirdParty = () => useServiceMutation(['MainlandFreight'], (api, input: InputOf<Freight['editThirdPartyEndTime']>) => api.mainlandFreight.editThirdPartyEndTime(input));

export const useFreightModel = () => useServiceMutation([], (api, input: InputOf<Front['getFreightModel']>) => api.frontMainLandFreight.getFreightModel(input));
