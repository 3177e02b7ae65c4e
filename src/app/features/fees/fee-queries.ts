// Query factories and changes of the fee screens. Changes invalidate their own service's queries only.
import type { ApiClient } from '#shared/api-client.ts';
import type { InputOf } from '#shared/contracts/define.ts';
import type { baseCostSetting, frontMainLandFreight, mainlandFreight, overseasBaseCostSetting } from '#shared/contracts/fees.ts';
import { useServiceMutation } from '../../components/forms/refusal.ts';
import { queryOf } from '../../lib/query-of.ts';

type BaseCost = (typeof baseCostSetting)['actions'];
type Freight = (typeof mainlandFreight)['actions'];
type Front = (typeof frontMainLandFreight)['actions'];
type Overseas = (typeof overseasBaseCostSetting)['actions'];

export const baseCostListQuery = (api: ApiClient, input: InputOf<BaseCost['getBaseCostSettingListList']>) =>
  queryOf(api, 'BaseCostSetting', 'getBaseCostSettingListList', input);
export const overseasBaseCostListQuery = (api: ApiClient, input: InputOf<Overseas['getOverseasBaseCostSettingList']>) =>
  queryOf(api, 'OverseasBaseCostSetting', 'getOverseasBaseCostSettingList', input);
export const urgentFeeQuery = (api: ApiClient) =>
  queryOf(api, 'BaseCostSetting', 'getUrgentFee');
export const destroyFeeQuery = (api: ApiClient) =>
  queryOf(api, 'BaseCostSetting', 'getDestroyFee');
export const freightListQuery = (api: ApiClient, input: InputOf<Freight['getMainLandFreightList']>) =>
  queryOf(api, 'MainlandFreight', 'getMainLandFreightList', input);
export const thirdPartyListQuery = (api: ApiClient, input: InputOf<Freight['getThirdPartyParameterList']>) =>
  queryOf(api, 'MainlandFreight', 'getThirdPartyParameterList', input);
export const frontFreightListQuery = (api: ApiClient, input: InputOf<Front['getFrontMainLandFreightList']>) =>
  queryOf(api, 'FrontMainLandFreight', 'getFrontMainLandFreightList', input);
/** Mainland warehouses (the fee settings are per mainland warehouse), enabled or not. */
export const feeWarehousesQuery = (api: ApiClient) =>
  queryOf(api, 'WarehouseInfo', 'getWarehouseInfoList', { kind: 1, pageSize: 500 }, {
    staleTime: 60_000,
  });

/** Every warehouse, mainland and overseas: a stock order ships from either and is charged a base cost there (issue 44 1f). */
export const allWarehousesQuery = (api: ApiClient) =>
  queryOf(api, 'WarehouseInfo', 'getWarehouseInfoList', { pageSize: 500 }, {
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
