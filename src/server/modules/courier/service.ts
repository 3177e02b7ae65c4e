// CourierCompany and CourierExpressDelivery: the courier companies (a shared list) and the record
// of what couriers handed over at the warehouse door. Recording a number twice is refused; a wrong
// entry is voided (MarkNotEnable) and may then be recorded again.
import { COURIER_COMPANIES, courierCompany, courierCompanyName, courierExpressDelivery, type CourierExpressDeliveryDto } from '#shared/contracts/courier.ts';
import { pageWindow } from '#shared/contracts/common.ts';
import { implement, requireUser } from '../../framework.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { getWarehouse } from '../warehouse/repository.ts';
import * as repo from './repository.ts';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export function toDeliveryDto(r: repo.DeliveryView): CourierExpressDeliveryDto {
  const d = r.delivery;
  return {
    id: d.id, warehouseInfoId: d.warehouseInfoId, warehouseName: r.warehouseName ?? '', courierCompanyCode: d.courierCompanyCode,
    courierCompanyName: courierCompanyName(d.courierCompanyCode), shipment: d.shipment, courierName: d.courierName, courierPhone: d.courierPhone,
    reMark: d.reMark, isEnable: d.isEnable, creatorUserName: d.creatorUserName, creationTime: d.creationTime.toISOString(),
    notEnableUserName: d.notEnableUserName, notEnableTime: iso(d.notEnableTime), receiveStatus: r.receiveStatus, userCode: r.userCode,
  };
}

export const courierCompanyService = implement(courierCompany, () => ({
  async getCourierCompanyList() {
    return COURIER_COMPANIES.map((c) => ({ code: c.code, name: c.name }));
  },
}));

export const courierExpressDeliveryService = implement(courierExpressDelivery, () => ({
  async getList(input, ctx) {
    const { total, rows } = await repo.listDeliveries(ctx.db, input, pageWindow(input));
    return { totalCount: total, items: rows.map(toDeliveryDto) };
  },

  async add(input, ctx) {
    const me = requireUser(ctx);
    const warehouse = await getWarehouse(ctx.db, input.warehouseInfoId);
    if (!warehouse) throw notFound('仓库');
    const shipments = [...new Set(input.shipments)];
    const recorded = await repo.recordedShipments(ctx.db, shipments);
    if (recorded.length) throw conflict(`以下快递单号已登记过：${recorded.join('、')}。如登记有误，请先作废原记录。`, recorded.join(','));
    const ids = await repo.insertDeliveries(ctx.db, shipments.map((shipment) => ({
      warehouseInfoId: input.warehouseInfoId, courierCompanyCode: input.courierCompanyCode, shipment,
      courierName: input.courierName || null, courierPhone: input.courierPhone || null, reMark: input.reMark || null,
      creatorUserId: me.id, creatorUserName: me.name || me.userName, creationTime: ctx.now,
    })));
    const rows = await repo.deliveriesByIds(ctx.db, ids);
    return { count: rows.length, items: rows.map(toDeliveryDto) };
  },

  async markNotEnable(input, ctx) {
    const me = requireUser(ctx);
    const row = await repo.lockDelivery(ctx.db, input.id);
    if (!row) throw notFound('快递员登记记录');
    if (!row.isEnable) throw conflict(`快递单号 ${row.shipment} 的登记已作废。`);
    await repo.voidDelivery(ctx.db, row.id, me.name || me.userName, ctx.now);
    const [view] = await repo.deliveriesByIds(ctx.db, [row.id]);
    return toDeliveryDto(view!);
  },
}));
