import { warehouseCity, warehouseInfo, type WarehouseInfoDto } from '#shared/contracts/warehouse.ts';
import { pageWindow } from '#shared/contracts/common.ts';
import { implement } from '../../framework.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import * as repo from './repository.ts';

type WarehouseRow = NonNullable<Awaited<ReturnType<typeof repo.getWarehouse>>>;
const toDto = (r: WarehouseRow): WarehouseInfoDto => ({ ...r, kind: r.kind === 2 ? 2 : 1, creationTime: r.creationTime.toISOString() });

export const warehouseCityService = implement(warehouseCity, () => ({
  async getWarehouseCity(_input, ctx) {
    return repo.listCities(ctx.db);
  },
  async addWarehouseCity(input, ctx) {
    if ((await repo.listCities(ctx.db)).some((c) => c.cityName === input.cityName)) throw conflict(`城市 ${input.cityName} 已存在。`);
    const row = await repo.insertCity(ctx.db, input.cityName);
    return { id: row.id, cityName: row.cityName };
  },
}));

export const warehouseInfoService = implement(warehouseInfo, () => ({
  async getWarehouseInfoList(input, ctx) {
    const { total, rows } = await repo.listWarehouses(ctx.db, input, pageWindow(input));
    return { totalCount: total, items: rows.map(toDto) };
  },
  async getWarehouseInfoDetail(input, ctx) {
    const row = await repo.getWarehouse(ctx.db, input.id);
    if (!row) throw notFound('仓库');
    return toDto(row);
  },
  async editWarehouseInfo(input, ctx) {
    if (input.warehouseCityId && !(await repo.cityById(ctx.db, input.warehouseCityId))) throw invalid('warehouseCityId', '城市不存在');
    if (await repo.warehouseNameTaken(ctx.db, input.warehouseName, input.id || undefined)) throw conflict(`仓库 ${input.warehouseName} 已存在。`);
    const values = {
      warehouseName: input.warehouseName, kind: input.kind, warehouseCityId: input.warehouseCityId ?? null, site: input.kind === 2 ? input.site ?? null : null,
      address: input.address, contactName: input.contactName, phone: input.phone, isEnabled: input.isEnabled,
    };
    const id = input.id ? (await repo.updateWarehouse(ctx.db, input.id, values))?.id : (await repo.insertWarehouse(ctx.db, values)).id;
    if (!id) throw notFound('仓库');
    return toDto((await repo.getWarehouse(ctx.db, id))!);
  },
  async editStatus(input, ctx) {
    const current = await repo.getWarehouse(ctx.db, input.id);
    if (!current) throw notFound('仓库');
    await repo.updateWarehouse(ctx.db, input.id, { isEnabled: !current.isEnabled });
    return toDto((await repo.getWarehouse(ctx.db, input.id))!);
  },
}));
