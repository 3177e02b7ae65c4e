// Query factory and changes of the pack-and-weigh station. Keys are [service, action, input]; every
// change invalidates ['BackOrder'] only (the order lists and this screen).
import type { ApiClient } from '#shared/api-client.ts';
import { useServiceMutation } from '../../components/forms/refusal.ts';
import { queryOf } from '../../lib/query-of.ts';

export const checkGoodsQuery = (api: ApiClient, tradeNo: string) =>
  queryOf(api, 'BackOrder', 'getCheckGoodsInfoResult', { tradeNo }, {
    enabled: tradeNo !== '',
    retry: false,
  });

export const usePackOrder = () =>
  useServiceMutation(['BackOrder'], async (api, input: { tradeNo: string; photoBase64: string | null }) => {
    if (input.photoBase64) await api.backOrder.uploadPackedBase64Img({ tradeNo: input.tradeNo, base64: input.photoBase64 });
    return api.backOrder.warehouseOrderPacked({ tradeNo: input.tradeNo });
  });

export interface WeighInput { tradeNo: string; weight: number; long?: number | undefined; wide?: number | undefined; high?: number | undefined }

export const useWeighOrder = () => useServiceMutation(['BackOrder'], (api, input: WeighInput) => api.backOrder.goodsWeigh(input));
