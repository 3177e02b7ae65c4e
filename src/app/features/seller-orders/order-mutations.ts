// The seller's changes. Refusals (400/404/409) come back as values for the screen to show; each
// mutation invalidates only the services it touched.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ApiClient } from '#shared/api-client.ts';
import type { CreateOrderInput } from '#shared/contracts/orders.ts';
import { useApi } from '../../lib/api.ts';
import { refusalsAsValues } from '../../components/forms/refusal.ts';
import { EXPRESS_SERVICE, ORDER_SERVICE, URGENT_SERVICE } from './order-queries.ts';

function useSellerMutation<I, O>(call: (api: ApiClient, input: I) => Promise<O>, services: readonly (readonly string[])[]) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => refusalsAsValues(call(api, input)),
    onSuccess: async (outcome) => {
      if (outcome.ok) await Promise.all(services.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}

export type OrderBody = z.input<typeof CreateOrderInput>;

export const useSaveOrder = () =>
  useSellerMutation(
    (api, { id, body }: { id?: number; body: OrderBody }) => (id ? api.frontOrder.updateOrder({ ...body, id }) : api.frontOrder.createOrder(body)),
    [ORDER_SERVICE, EXPRESS_SERVICE],
  );
export const useCancelOrder = () => useSellerMutation((api, id: number) => api.frontOrder.cancelOrder({ id }), [ORDER_SERVICE, EXPRESS_SERVICE]);
/** 补运费: posts what a 待补运费 order owes (DOMAIN §3); the balance changes too. */
export const useSupplyFreight = () => useSellerMutation((api, id: number) => api.frontOrder.supplyOrderFreight({ id }), [ORDER_SERVICE, ['Recharge']]);
export const useSetUrgent = () =>
  useSellerMutation((api, { id, urgent }: { id: number; urgent: boolean }) => (urgent ? api.frontOrder.urgentOrder({ id }) : api.frontOrder.normalOrder({ id })), [ORDER_SERVICE]);
export const useCreateUrgent = () =>
  useSellerMutation((api, input: { orderId: number; message: string }) => api.frontUrgentOrder.createUrgent(input), [URGENT_SERVICE]);
export const useEditExpress = () =>
  useSellerMutation(
    (api, input: { id: number; shipment?: string; reMark?: string | null; userUploadImageGuid?: string }) => api.userExpressInfo.edit(input),
    [EXPRESS_SERVICE, ORDER_SERVICE],
  );
