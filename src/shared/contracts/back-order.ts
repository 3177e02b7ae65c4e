// BackOrder — the back office's order service: the seller picker list and the order actions.
import { z } from 'zod';
import { defineService } from './define.ts';
import { backOrderActions } from './orders.ts';

export const SellerOptionDto = z.object({ id: z.number().int(), userCode: z.string(), name: z.string(), userName: z.string() });

export const backOrder = defineService('BackOrder', {
  getUserList: {
    method: 'GET', permission: 'Order.Manages',
    input: z.object({ keyword: z.string().trim().max(64).optional() }),
    output: z.array(SellerOptionDto),
  },
  ...backOrderActions,
});
