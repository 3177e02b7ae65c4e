// 库位占用 (decision 0062): a warehouse's holding slots with their occupants; staff move an occupant to a
// free slot or release a stale one, each audited on the order or parcel it concerns.
import { holdingSlots as contract, type HoldingSlotDto } from '#shared/contracts/holding-slots.ts';
import { pageWindow } from '#shared/contracts/common.ts';
import type { Db } from '../../db/client.ts';
import { implement, requireUser, type CurrentUser } from '../../framework.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import { audit } from '../audit/repository.ts';
import * as repo from './repository.ts';

type Listed = Awaited<ReturnType<typeof repo.listSlots>>['rows'][number];

function toDto(r: Listed, warehouseName: string | null): HoldingSlotDto {
  return {
    id: r.slot.id, warehouseInfoId: r.slot.warehouseInfoId, warehouseName, number: r.slot.number, shelfNumber: repo.slotName(r.slot.number),
    takenTime: r.slot.takenTime?.toISOString() ?? null,
    order: r.order?.id ? { ...r.order, parcelsHere: r.parcelsHere } : null,
    parcel: r.parcel?.id ? r.parcel : null,
  };
}

async function slotDto(tx: Db, warehouseInfoId: number, number: number): Promise<HoldingSlotDto> {
  const { rows } = await repo.listSlots(tx, { warehouseInfoId, number }, { limit: 1, offset: 0 });
  const names = await repo.warehouseNames(tx, [warehouseInfoId]);
  return toDto(rows[0]!, names.get(warehouseInfoId) ?? null);
}

/** The audit row of a slot's occupant: on its order, or on its parcel. */
async function auditOccupant(tx: Db, me: CurrentUser, slot: repo.SlotRow, action: 'slotMoved' | 'slotReleased', after: string | null, note: string) {
  const before = repo.slotName(slot.number);
  if (slot.orderId !== null) {
    const o = await repo.orderNumbers(tx, slot.orderId);
    await audit(tx, me, [{ entity: 'order', entityId: slot.orderId, tradeNo: o?.tradeNo ?? null, orderNumber: o?.orderNumber ?? null, action, before, after, note }]);
  } else if (slot.parcelId !== null) {
    const p = await repo.parcelShipment(tx, slot.parcelId);
    await audit(tx, me, [{ entity: 'parcel', entityId: slot.parcelId, orderNumber: p?.shipment ?? null, action, before, after, note }]);
  }
}

export const holdingSlotsService = implement(contract, () => ({
  async getList(input, ctx) {
    const number = input.shelfNumber ? repo.slotNumber(/^\d+$/.test(input.shelfNumber) ? `H${input.shelfNumber}` : input.shelfNumber) : null;
    if (input.shelfNumber && number === null) return { totalCount: 0, items: [] };
    const filter = { warehouseInfoId: input.warehouseInfoId, occupied: input.occupied, number };
    const { total, rows } = await repo.listSlots(ctx.db, filter, pageWindow(input));
    const names = await repo.warehouseNames(ctx.db, [...new Set(rows.map((r) => r.slot.warehouseInfoId))]);
    return { totalCount: total, items: rows.map((r) => toDto(r, names.get(r.slot.warehouseInfoId) ?? null)) };
  },

  async move(input, ctx) {
    const me = requireUser(ctx);
    if (input.to === input.number) throw invalid('to', '目标库位与原库位相同');
    // Both slots locked lower number first, so two moves between the same slots never wait on each other in turn.
    const lockFrom = () => repo.lockSlot(ctx.db, input.warehouseInfoId, input.number);
    const lockTo = () => repo.lockOrCreateSlot(ctx.db, input.warehouseInfoId, input.to);
    const [from, to] = input.number < input.to ? [await lockFrom(), await lockTo()] : await lockTo().then(async (t) => [await lockFrom(), t] as const);
    if (!from) throw notFound('库位');
    if (from.orderId === null && from.parcelId === null) throw conflict(`库位 ${repo.slotName(from.number)} 是空的，没有可移动的货物。`);
    if (to.orderId !== null || to.parcelId !== null) throw conflict(`库位 ${repo.slotName(to.number)} 已被占用，请选择一个空闲库位。`);
    await repo.moveOccupant(ctx.db, from, to);
    await auditOccupant(ctx.db, me, from, 'slotMoved', repo.slotName(to.number), `库位 ${repo.slotName(from.number)} → ${repo.slotName(to.number)}`);
    return slotDto(ctx.db, input.warehouseInfoId, to.number);
  },

  async release(input, ctx) {
    const me = requireUser(ctx);
    const slot = await repo.lockSlot(ctx.db, input.warehouseInfoId, input.number);
    if (!slot) throw notFound('库位');
    if (await repo.goodsHere(ctx.db, slot)) throw conflict(`库位 ${repo.slotName(slot.number)} 里还有货物，请先移走或出库后再释放。`);
    await repo.releaseSlot(ctx.db, slot);
    await auditOccupant(ctx.db, me, slot, 'slotReleased', null, `释放库位 ${repo.slotName(slot.number)}`);
    return slotDto(ctx.db, input.warehouseInfoId, slot.number);
  },
}));
