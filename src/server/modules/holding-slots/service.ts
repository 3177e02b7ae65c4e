// 库位占用 (decision 0062): a warehouse's holding slots with their occupants; staff move an occupant to a
// free slot or release a stale one, each audited on the order or parcel it concerns.
import { holdingSlots as contract, type HoldingSlotDto } from '#shared/contracts/holding-slots.ts';
import type { SlotHolderDto } from '#shared/contracts/orders.ts';
import { isParcelHere } from '#shared/rules/parcels.ts';
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

/** What a screen shows a slot of (an order or a parcel): its 暂存位 and where it stands. */
interface ShowsSlot { shelfNumber: string | null; warehouseInfoId: number | null }

/**
 * The staff screens' 暂存位 (issue 44 item 1c): each item's shelfNumber with what really sits in that
 * slot of its warehouse, one query for the page. `isSelf`: whether the slot's occupant is the item.
 */
export async function withSlotHolders<T extends ShowsSlot>(tx: Db, items: T[], isSelf: (item: T, slot: repo.SlotHolderRow) => boolean): Promise<(T & { slotHolder?: SlotHolderDto })[]> {
  const keyOf = (item: T) => {
    const number = repo.slotNumber(item.shelfNumber);
    return number === null || item.warehouseInfoId === null ? null : { warehouseInfoId: item.warehouseInfoId, number };
  };
  const keys = items.map(keyOf);
  const wanted = [...new Map(keys.filter((k) => k !== null).map((k) => [`${k.warehouseInfoId}:${k.number}`, k])).values()];
  const slots = new Map((await repo.slotHolders(tx, wanted)).map((s) => [`${s.warehouseInfoId}:${s.number}`, s]));
  return items.map((item, i) => {
    const key = keys[i];
    if (!item.shelfNumber) return item;
    const slot = key ? slots.get(`${key.warehouseInfoId}:${key.number}`) : undefined;
    return { ...item, slotHolder: slotHolderOf(slot, (s) => isSelf(item, s)) };
  });
}

function slotHolderOf(slot: repo.SlotHolderRow | undefined, isSelf: (s: repo.SlotHolderRow) => boolean): SlotHolderDto {
  if (!slot || (slot.orderId === null && slot.parcelId === null)) return { kind: 'none', name: null, userCode: null };
  if (isSelf(slot)) return { kind: 'self', name: null, userCode: null };
  return slot.orderId !== null
    ? { kind: 'order', name: slot.tradeNo, userCode: slot.orderUserCode }
    : { kind: 'parcel', name: slot.shipment, userCode: slot.parcelUserCode };
}

/** A parcel is its slot's occupant itself (no order) or by its order. */
export const parcelInSlot = (p: { id: number; orderId: number | null }, s: repo.SlotHolderRow): boolean =>
  s.parcelId === p.id || (p.orderId !== null && s.orderId === p.orderId);

/** Who sits in a slot, in a refusal: 订单 ML… (S00001) or 包裹 YT… (S00001). */
async function occupantText(tx: Db, slot: repo.SlotRow): Promise<string> {
  const [row] = await repo.slotHolders(tx, [{ warehouseInfoId: slot.warehouseInfoId, number: slot.number }]);
  const h = slotHolderOf(row, () => false);
  const code = h.userCode ? `（${h.userCode}）` : '';
  return h.kind === 'order' ? `订单 ${h.name ?? slot.orderId}${code}` : `包裹 ${h.name ?? slot.parcelId}${code}`;
}

interface SlottedParcel { id: number; shipment: string; orderId: number | null; warehouseInfoId: number | null; receiveStatus: number; shelfNumber: string | null }

/**
 * A parcel's 暂存位 set by hand (Logistics/Edit, issue 44 item 1c) goes through the slot table: the
 * parcel's occupant (its order, or itself with no order) moves to the slot named, or takes it when it
 * holds none. Refused (409) when that slot holds something else, or the parcel is not here; a name that
 * is no slot is invalid (400). Cleared only when the occupant holds no slot (a stale name). Unchanged:
 * nothing happens (a stale name survives an edit of the remark). Audited as slotMoved.
 */
export async function setParcelSlot(tx: Db, me: CurrentUser, parcel: SlottedParcel, wanted: string | null | undefined, now: Date): Promise<void> {
  const target = wanted?.trim().toUpperCase() || null;
  if (target === (parcel.shelfNumber?.trim().toUpperCase() || null)) return;
  const occupant = parcel.orderId !== null ? { orderId: parcel.orderId } : { parcelId: parcel.id };
  const order = parcel.orderId !== null ? await repo.orderForSlot(tx, parcel.orderId) : undefined;
  const warehouseInfoId = order?.warehouseInfoId ?? parcel.warehouseInfoId;
  const who = order ? `订单 ${order.tradeNo}` : `包裹 ${parcel.shipment}`;
  if (target === null) {
    const held = await repo.slotOf(tx, occupant);
    if (held) throw conflict(`${who} 在库位 ${repo.slotName(held.number)}，不能清空暂存位；请在库位占用中移动或释放。`);
    await repo.clearParcelShelfNumber(tx, parcel.id);
    return;
  }
  const number = repo.slotNumber(target);
  if (number === null) throw invalid('shelfNumber', `暂存位须为库位编号，例如 H0007（不是 ${target}）`);
  if (warehouseInfoId === null || !isParcelHere(parcel)) throw conflict(`包裹 ${parcel.shipment} 不在仓内，不能放入库位 ${repo.slotName(number)}。`);
  // The occupant's slot and the one named, locked lower number first as HoldingSlots/Move does.
  const current = await repo.slotOf(tx, occupant);
  const where = current?.warehouseInfoId ?? warehouseInfoId;
  const lockHeld = async () => (current ? repo.lockSlot(tx, where, current.number) : undefined);
  const lockTo = () => repo.lockOrCreateSlot(tx, where, number);
  const [heldNow, to] = current && current.number < number
    ? await lockHeld().then(async (h) => [h, await lockTo()] as const)
    : await lockTo().then(async (t) => [await lockHeld(), t] as const);
  const holds = (slot: repo.SlotRow | undefined) =>
    !!slot && ('orderId' in occupant ? slot.orderId === occupant.orderId : slot.parcelId === occupant.parcelId);
  const held = holds(heldNow) ? heldNow : undefined;
  if (holds(to)) return repo.rewriteShelfNumbers(tx, to);
  if (to.orderId !== null || to.parcelId !== null) {
    throw conflict(`库位 ${repo.slotName(to.number)} 已被${await occupantText(tx, to)}占用，请选择一个空闲库位。`);
  }
  const before = held ? repo.slotName(held.number) : parcel.shelfNumber;
  if (held) await repo.moveOccupant(tx, held, to);
  else await repo.occupySlot(tx, to, occupant, now);
  const note = `${before ? `库位 ${before}` : '无库位'} → ${repo.slotName(to.number)}（编辑包裹 ${parcel.shipment}）`;
  const entry = order
    ? { entity: 'order' as const, entityId: parcel.orderId!, tradeNo: order.tradeNo, orderNumber: null }
    : { entity: 'parcel' as const, entityId: parcel.id, orderNumber: parcel.shipment };
  await audit(tx, me, [{ ...entry, action: 'slotMoved', before, after: repo.slotName(to.number), note }]);
}
