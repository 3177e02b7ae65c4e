// Logistics: the scan (DOMAIN §4). IntoLogisticsCheck changes nothing; SignByScan signs the parcel,
// advances its order and writes the inbound record in one transaction, safe under concurrent scans.
import { intoLogisticsService, logistics } from '#shared/contracts/orders.ts';
import { abroadLogistics } from '#shared/contracts/overseas.ts';
import { pageWindow } from '#shared/contracts/common.ts';
import type { ParsedInputOf } from '#shared/contracts/define.ts';
import { RECEIVE_STATUS } from '#shared/enums.ts';
import { belongsElsewhere } from '#shared/rules/parcels.ts';
import { unscoped, type Db } from '../../db/client.ts';
import { implement, requireUser, type CurrentUser, type Deps, type Implementation, type RequestContext } from '../../framework.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import { audit } from '../audit/repository.ts';
import { advanceOrder, signLockedParcel, type SignOutcome } from './inbound.ts';
import { attachPhotos, parcelPhotoHandlers } from '../parcels/photos.ts';
import { toOrderSummary } from './dto.ts';
import { toParcelDto, toScannedParcelDto } from '../parcels/dto.ts';
import * as repo from './repository.ts';
import * as parcelRepo from '../parcels/repository.ts';
import { getWarehouse } from '../warehouse/repository.ts';
import { parcelInSlot, setParcelSlot, withSlotHolders } from '../holding-slots/service.ts';
import { assertParcelAllowed } from '../parcels/transitions.ts';
import { listSellers } from '../identity/repository.ts';
import { pendingRefusal, updateParcel } from '../rejections/repository.ts';
import { pendingAdvanceOrder } from '../returns/repository.ts';

const listSellersByCode = async (tx: Db, userCode: string) => (await listSellers(tx, userCode, 10)).filter((u) => u.userCode === userCode);

async function checkWarehouse(tx: Db, id: number) {
  return usable(await getWarehouse(tx, id));
}

function usable<W extends { isEnabled: boolean }>(w: W | null | undefined): W {
  if (!w || !w.isEnabled) throw invalid('warehouseInfoId', '仓库不存在或已停用');
  return w;
}

/**
 * A 无主件 given to its seller (指定卖家) joins the seller's open order that declared its number: it
 * counts as arrived there, the order moves on and takes its holding slot, and the parcel shows it.
 */
async function joinDeclaringOrder(tx: Db, me: CurrentUser, parcel: parcelRepo.ParcelRow): Promise<parcelRepo.ParcelRow> {
  const orderId = parcel.userId === null ? undefined : await repo.openOrderWithLine(tx, parcel.userId, parcel.shipment);
  const order = orderId === undefined ? undefined : await repo.getOrder(tx, orderId);
  if (!order) return parcel;
  await parcelRepo.dropStaleSpellings(tx, order.id, parcel);
  await parcelRepo.updateParcel(tx, parcel.id, { orderId: order.id, orderType: order.orderType, storeId: order.storeId });
  const moved = await advanceOrder(tx, me, order.id);
  await audit(tx, me, [{ entity: 'parcel', entityId: parcel.id, tradeNo: order.tradeNo, orderNumber: parcel.shipment, action: 'claim', before: parcel.receiveStatus, after: parcel.receiveStatus, note: `无主件归入订单 ${order.tradeNo}` }]);
  return parcelRepo.updateParcel(tx, parcel.id, { shelfNumber: moved?.shelfNumber ?? parcel.shelfNumber });
}

function answer(outcome: SignOutcome, warehouseName: string | null) {
  return {
    action: outcome.action,
    parcel: toScannedParcelDto(outcome.parcel, warehouseName),
    order: outcome.order ? toOrderSummary(outcome.order) : null,
    userCode: outcome.parcel.userCode,
    shelfNumber: outcome.order?.shelfNumber ?? outcome.parcel.shelfNumber,
  };
}

/** A page of parcels, each 暂存位 with what really sits in that slot (issue 44 item 1c). */
export const parcelPage = async (tx: Db, { rows, total, capped }: { rows: { parcel: parcelRepo.ParcelRow; warehouseName: string | null }[]; total: number; capped: boolean }) =>
  ({ totalCount: total, totalCountCapped: capped, items: await withSlotHolders(tx, rows.map((r) => toParcelDto(r.parcel, r.warehouseName)), parcelInSlot) });

/**
 * A group member never acts on a parcel of a warehouse his scope leaves out (issue 42 item 3): the scan
 * refuses it, the check tells him only that it belongs elsewhere.
 */
function outsideScope(user: CurrentUser | null | undefined, parcel: { warehouseInfoId: number | null }): boolean {
  const mine = user?.scope?.warehouses;
  return !!mine && parcel.warehouseInfoId != null && !mine.includes(parcel.warehouseInfoId);
}
const OUTSIDE_SCOPE = '该包裹属于你管辖范围以外的仓库，不能在本站签收或转仓。';

/** The declared warehouse's name, for a parcel that belongs elsewhere (off the common path: one read). */
const declaredWarehouseName = async (tx: Db, id: number): Promise<string | null> => (await getWarehouse(tx, id))?.warehouseName ?? null;

/** What the check tells a group member of a parcel outside his scope: that it belongs elsewhere, nothing more. */
const ELSEWHERE_HIDDEN = {
  action: 'WRONG_WAREHOUSE' as const, warehouseName: null, rejection: null, parcel: null, order: null, userCode: null, shelfNumber: null, needPhoto: false,
};

/**
 * The floor's scans work on the warehouse as it is (decision 0023): a group member scans whatever
 * parcel is in his hand, whichever site's order it belongs to, though his lists do not show it.
 */
const onTheFloor = <T>(ctx: RequestContext, fn: () => Promise<T>): Promise<T> => (ctx.user?.scope ? unscoped(ctx.db, fn) : fn());

/**
 * SignByScan: a pending refusal holds the parcel, otherwise it is signed in. `checked`: the station's
 * warehouse, already checked; null: it is checked from what the parcel's lock reads with it.
 */
async function signAt(
  ctx: RequestContext, checked: { id: number; warehouseName: string | null } | null, input: ParsedInputOf<typeof logistics.actions.signByScan>,
) {
  const me = requireUser(ctx);
  // The parcel, locked, whether a refusal is pending for it, the station's warehouse and, when it will be
  // signed in, its order's lock and arrival: one statement.
  const { parcel, created, facts: also, arrival } = await repo.lockParcelForScan(ctx.db, input.shipment, checked ? null : input.warehouseInfoId);
  const warehouse = checked ?? (also ? usable(also.warehouse) : await checkWarehouse(ctx.db, input.warehouseInfoId));
  // The wrong-warehouse rule (issues 42 item 3, 45 item 6): a parcel declared for another warehouse is
  // signed here only when the picker confirms a transfer, and never by a member whose scope leaves it out.
  if (outsideScope(me, parcel)) throw conflict(OUTSIDE_SCOPE);
  const elsewhere = belongsElsewhere(parcel, warehouse.id);
  const declaredName = elsewhere ? await declaredWarehouseName(ctx.db, parcel.warehouseInfoId!) : null;
  if (elsewhere && !input.transfer) {
    return {
      action: 'WRONG_WAREHOUSE' as const, warehouseName: declaredName, rejection: null,
      parcel: toScannedParcelDto(parcel, declaredName), order: null, userCode: parcel.userCode, shelfNumber: null,
    };
  }
  // A pending refusal (DOMAIN §6) holds a parcel that is not signed in yet: nothing is signed, the
  // picker confirms the refusal. A rescan of a signed parcel skips the lookup.
  const refusal = created || (parcel.receiveStatus === RECEIVE_STATUS.declared && also?.refusalId != null) ? await pendingRefusal(ctx.db, input.shipment) : undefined;
  if (refusal) {
    // A number whose parcel row was removed after the request was made is declared again for its seller.
    const held = created
      ? await updateParcel(ctx.db, parcel.id, { receiveStatus: RECEIVE_STATUS.declared, userId: refusal.userId, userCode: refusal.userCode, warehouseInfoId: refusal.warehouseInfoId })
      : parcel;
    return {
      action: 'REJECT' as const, rejection: { id: refusal.id, userCode: refusal.userCode, reMark: refusal.reMark },
      parcel: toScannedParcelDto(held, warehouse.warehouseName), order: null, userCode: refusal.userCode, shelfNumber: null,
    };
  }
  // The scan's answer, from the outcome as the parcel's update will leave it.
  const answerOf = async (outcome: SignOutcome) => {
    // Nobody declared it: was it pre-alerted (AdvanceOrder)? Asked only then, so a declared parcel's scan costs nothing more.
    const advanceOrder = outcome.action === 'UNCLAIMED' ? (await pendingAdvanceOrder(ctx.db, input.shipment)) ?? null : null;
    // A transferred parcel is not put in its order's slot (a slot of the warehouse it was declared for).
    return { ...answer(outcome, warehouse.warehouseName), advanceOrder, ...(elsewhere ? { shelfNumber: null } : {}) };
  };
  // A keyed scan's stored answer goes with the parcel's update, the transaction's last statement (decision 0040).
  let sent: Awaited<ReturnType<typeof answerOf>> | undefined;
  const { answerAlong } = ctx;
  const finish = answerAlong && (async (outcome: SignOutcome) => {
    sent = await answerOf(outcome);
    return [await answerAlong(sent)];
  });
  const outcome = await signLockedParcel(ctx.db, me, parcel, created, {
    warehouseInfoId: warehouse.id, weight: input.weight, note: input.note, now: ctx.now, arrival, transfer: elsewhere ? { from: declaredName } : undefined,
  }, finish);
  return sent ?? answerOf(outcome);
}

type ParcelDesk = Implementation<typeof abroadLogistics>;

/** Where a parcel is in the warehouse's hands: signed in (1) or stored (2). */
const HERE = [RECEIVE_STATUS.signed, RECEIVE_STATUS.stored] as const;

/**
 * The parcel desk's actions but the sign calls, shared by Logistics (mainland) and AbroadLogistics
 * (overseas): the lists show the parcels of their kind of warehouse only; the rest acts on a parcel by
 * id or number wherever it is.
 */
function parcelDesk(deps: Deps, warehouseKind: 1 | 2): ParcelDesk {
  const photos = parcelPhotoHandlers(deps);
  return {
    setTakePicture: photos.setTakePicture,
    uploadLogisticsImg: photos.uploadLogisticsImg,

    async getLogisticsList(input, ctx) {
      return parcelPage(ctx.db, await parcelRepo.listParcels(ctx.db, { ...input, warehouseKind }, pageWindow(input)));
    },

    async getSignForLogisticsList(input, ctx) {
      return parcelPage(ctx.db, await parcelRepo.listParcels(ctx.db, { ...input, warehouseKind, signedOnly: true }, pageWindow(input)));
    },

    async getNeedTakePictureList(input, ctx) {
      // Only parcels that are here (signed in or stored, issue 45 §12): one still on its way, refused,
      // returned or shipped cannot be photographed.
      return parcelPage(ctx.db, await parcelRepo.listParcels(ctx.db, { ...input, warehouseKind, needPhoto: true, statuses: HERE }, pageWindow(input)));
    },

    async edit(input, ctx) {
      const me = requireUser(ctx);
      const parcel = await parcelRepo.lockParcelById(ctx.db, input.id);
      if (!parcel) throw notFound('包裹');
      const changes: Partial<parcelRepo.ParcelRow> = {};
      if (input.reMark !== undefined) changes.reMark = input.reMark;
      if (input.weight !== undefined) changes.weight = input.weight;
      if (input.userCode) {
        // Resolving a 无主件: staff assign it to the seller whose code is written on it.
        if (parcel.userCode !== input.userCode) assertParcelAllowed('assignSeller', parcel);
        const [seller] = (await listSellersByCode(ctx.db, input.userCode));
        if (!seller) throw invalid('userCode', `没有编码为 ${input.userCode} 的卖家`);
        Object.assign(changes, { userId: seller.id, userCode: seller.userCode, receiveStatus: RECEIVE_STATUS.signed });
      }
      // 暂存位 goes through the slot table (issue 44 item 1c): taken, moved to, or refused (409).
      if (input.shelfNumber !== undefined) await setParcelSlot(ctx.db, me, parcel, input.shelfNumber, ctx.now);
      let updated = Object.keys(changes).length
        ? await parcelRepo.updateParcel(ctx.db, parcel.id, changes)
        : (await parcelRepo.lockParcelById(ctx.db, parcel.id))!;
      await audit(ctx.db, me, [{ entity: 'parcel', entityId: parcel.id, orderNumber: parcel.shipment, action: 'edit', before: parcel.receiveStatus, after: updated.receiveStatus, note: input.userCode ? `指定卖家 ${input.userCode}` : null }]);
      if (input.userCode && parcel.receiveStatus === RECEIVE_STATUS.unclaimed && parcel.orderId === null) updated = await joinDeclaringOrder(ctx.db, me, updated);
      return toParcelDto(updated);
    },

    async delete(input, ctx) {
      const me = requireUser(ctx);
      const parcel = await parcelRepo.lockParcelById(ctx.db, input.id);
      if (!parcel) throw notFound('包裹');
      assertParcelAllowed('delete', parcel);
      await parcelRepo.deleteParcel(ctx.db, parcel.id);
      await audit(ctx.db, me, [{ entity: 'parcel', entityId: parcel.id, orderNumber: parcel.shipment, action: 'delete', before: parcel.receiveStatus }]);
      return null;
    },

    async isNeedTakePicture(input, ctx) {
      const me = requireUser(ctx);
      const parcel = await parcelRepo.lockParcelById(ctx.db, input.id);
      if (!parcel || parcel.userId !== me.id) throw notFound('包裹');
      const updated = await parcelRepo.updateParcel(ctx.db, parcel.id, { isNeedTakePicture: input.isNeed });
      return toParcelDto(updated);
    },

    intoLogisticsCheck: (input, ctx) => onTheFloor(ctx, async () => {
      // The parcel, its order and whether a refusal is pending: one statement.
      const found = await repo.parcelForCheck(ctx.db, input.shipment);
      const parcel = found?.parcel;
      // The wrong-warehouse rule, as SignByScan applies it (issues 42 item 3, 45 item 6).
      if (parcel && outsideScope(ctx.user, parcel)) return ELSEWHERE_HIDDEN;
      if (parcel && belongsElsewhere(parcel, input.warehouseInfoId)) {
        const warehouseName = await declaredWarehouseName(ctx.db, parcel.warehouseInfoId!);
        return {
          action: 'WRONG_WAREHOUSE' as const, warehouseName, rejection: null, parcel: toScannedParcelDto(parcel, warehouseName),
          order: found.order ? toOrderSummary(found.order) : null, userCode: parcel.userCode, shelfNumber: null, needPhoto: parcel.isNeedTakePicture,
        };
      }
      // A pending refusal (DOMAIN §6) wins over signing while the parcel has not been signed in.
      const refusal = !parcel || (parcel.receiveStatus === RECEIVE_STATUS.declared && found.refusalId != null) ? await pendingRefusal(ctx.db, input.shipment) : undefined;
      const rejection = refusal ? { id: refusal.id, userCode: refusal.userCode, reMark: refusal.reMark } : null;
      if (!parcel) {
        if (refusal) return { action: 'REJECT' as const, rejection, parcel: null, order: null, userCode: refusal.userCode, shelfNumber: null, needPhoto: false };
        const advanceOrder = (await pendingAdvanceOrder(ctx.db, input.shipment)) ?? null;
        return { action: 'UNKNOWN' as const, advanceOrder, parcel: null, order: null, userCode: null, shelfNumber: null, needPhoto: false };
      }
      const order = found.order ?? undefined;
      const action = refusal ? 'REJECT' as const : parcel.receiveStatus === RECEIVE_STATUS.declared ? 'SIGN' as const : 'ALREADY' as const;
      return {
        action, rejection, parcel: toScannedParcelDto(parcel, order?.warehouseName ?? null), order: order ? toOrderSummary(order) : null,
        userCode: parcel.userCode, shelfNumber: refusal ? null : order?.shelfNumber ?? parcel.shelfNumber, needPhoto: parcel.isNeedTakePicture,
      };
    }),

    setTakePictureByPhone: (input, ctx) => onTheFloor(ctx, async () => {
      const found = await parcelRepo.parcelByShipment(ctx.db, input.shipment);
      const parcel = found && (await parcelRepo.lockParcelById(ctx.db, found.id));
      if (!parcel) throw notFound('包裹');
      return toParcelDto(await attachPhotos(ctx.db, requireUser(ctx), parcel, input));
    }),
  };
}

export const logisticsService = implement(logistics, (deps) => ({
  ...parcelDesk(deps, 1),

  // The scan (docs/scan-path.md): one transaction, the parcel's lock first, the sign-in rule of inbound.ts.
  signByScan: async (input, ctx) => {
    // The station's own warehouse must be one the member may use (checked within his scope); the
    // parcel in hand may be any. Without a scope, the warehouse is read with the parcel's lock.
    if (!ctx.user?.scope) return signAt(ctx, null, input);
    const warehouse = await checkWarehouse(ctx.db, input.warehouseInfoId);
    return onTheFloor(ctx, () => signAt(ctx, warehouse, input));
  },

  async stockLogisticsSign(input, ctx) {
    const me = requireUser(ctx);
    const parcel = await parcelRepo.lockParcelById(ctx.db, input.id);
    if (!parcel) throw notFound('包裹');
    const warehouseId = parcel.warehouseInfoId;
    if (!warehouseId) throw invalid('id', '该包裹没有指定仓库，请用扫码签收并选择仓库');
    const warehouse = await checkWarehouse(ctx.db, warehouseId);
    const outcome = await signLockedParcel(ctx.db, me, parcel, false, { warehouseInfoId: warehouseId, now: ctx.now });
    return answer(outcome, warehouse.warehouseName);
  },
}));

export const abroadLogisticsService = implement(abroadLogistics, (deps) => parcelDesk(deps, 2));

export const intoLogisticsServiceImpl = implement(intoLogisticsService, () => ({
  async getIntoLogisticsList(input, ctx) {
    const { total, capped, rows } = await parcelRepo.listInbound(ctx.db, input, pageWindow(input));
    return {
      totalCount: total, totalCountCapped: capped,
      items: rows.map((r) => ({ id: r.row.id, shipment: r.row.shipment, userName: r.row.userName, warehouseName: r.warehouseName, storeName: r.row.storeName, creationTime: r.row.creationTime.toISOString() })),
    };
  },
}));
