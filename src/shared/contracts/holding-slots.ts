// 库位占用 (/backstock/holdingslots, decision 0062): each warehouse's holding slots and what sits in
// each, an order (its parcels here) or a parcel with no order (无主件, 异常). Staff move an occupant to a
// free slot or release a slot whose goods are gone; both audited.
import { z } from 'zod';
import { paged, pagedResult, isoTime } from './common.ts';
import { defineService } from './define.ts';

const id = z.number().int().positive();
const STOCK = 'warehouse.Stock' as const;
/** A slot's number (H0007 → 7). */
const slotNumber = z.number().int().min(1).max(99_999);

export const HoldingSlotDto = z.object({
  id,
  warehouseInfoId: id,
  warehouseName: z.string().nullable(),
  number: z.number().int(),
  /** The slot's name, as shelfNumber shows it: H0007. */
  shelfNumber: z.string(),
  takenTime: isoTime.nullable(),
  /** The order in the slot, with how many of its parcels are here. */
  order: z.object({
    id, tradeNo: z.string(), orderNumber: z.string(), userCode: z.string(), orderStatus: z.number().int(), packageStatus: z.number().int(),
    parcelsHere: z.number().int(),
  }).nullable(),
  /** The parcel with no order in the slot. */
  parcel: z.object({ id, shipment: z.string(), receiveStatus: z.number().int(), userCode: z.string().nullable() }).nullable(),
});
export type HoldingSlotDto = z.infer<typeof HoldingSlotDto>;

const slotOf = z.object({ warehouseInfoId: id, number: slotNumber });

export const holdingSlots = defineService('HoldingSlots', {
  getList: {
    method: 'GET', permission: STOCK,
    input: paged({
      warehouseInfoId: id.optional(),
      /** true: occupied only; false: free only. */
      occupied: z.boolean().optional(),
      /** One slot by its name or number (H0007, 7). */
      shelfNumber: z.string().trim().toUpperCase().max(16).optional(),
    }),
    output: pagedResult(HoldingSlotDto),
  },
  /** The occupant of slot `number` moves to the free slot `to` (409 when it is taken). */
  move: { method: 'POST', permission: STOCK, input: slotOf.extend({ to: slotNumber }), output: HoldingSlotDto },
  /** Empties a slot: its occupant's goods are gone (a stale slot), or it is empty already. */
  release: { method: 'POST', permission: STOCK, input: slotOf, output: HoldingSlotDto },
});
