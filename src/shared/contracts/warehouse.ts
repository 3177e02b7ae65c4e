// Warehouses and their cities (DOMAIN §2). Everyone signed in may read them: sellers pick one.
import { z } from 'zod';
import { defineService } from './define.ts';
import { EntityDto, paged, pagedResult, text } from './common.ts';
import { SITES } from '../enums.ts';

export const WAREHOUSE_KIND = { mainland: 1, overseas: 2 } as const;

export const WarehouseCityDto = z.object({ id: z.number().int(), cityName: z.string() });
export const WarehouseInfoDto = z.object({
  id: z.number().int(), warehouseName: z.string(), kind: z.union([z.literal(1), z.literal(2)]),
  warehouseCityId: z.number().int().nullable(), cityName: z.string().nullable(), site: z.string().nullable(),
  address: z.string(), contactName: z.string(), phone: z.string(), isEnabled: z.boolean(), creationTime: z.string(),
});
export type WarehouseInfoDto = z.infer<typeof WarehouseInfoDto>;

export const warehouseCity = defineService('WarehouseCity', {
  getWarehouseCity: { method: 'GET', input: z.object({}), output: z.array(WarehouseCityDto), permission: 'authenticated' },
  addWarehouseCity: { method: 'POST', input: z.object({ cityName: text(64) }), output: WarehouseCityDto, permission: 'warehouse.Manages' },
});

export const EditWarehouseInput = z.object({
  id: z.number().int().min(0).optional(), warehouseName: text(64), kind: z.union([z.literal(1), z.literal(2)]),
  warehouseCityId: z.number().int().positive().optional().nullable(), site: z.enum(SITES).optional().nullable(),
  address: z.string().trim().max(256).optional().default(''), contactName: z.string().trim().max(64).optional().default(''),
  phone: z.string().trim().max(32).optional().default(''), isEnabled: z.boolean().optional().default(true)
}).refine((w) => w.kind === 1 || !!w.site, { message: '海外仓需要选择站点', path: ['site'] });

export const warehouseInfo = defineService('WarehouseInfo', {
  getWarehouseInfoList: {
    method: 'GET', permission: 'authenticated',
    input: paged({ kind: z.union([z.literal(1), z.literal(2)]).optional(), isEnabled: z.boolean().optional(), keyword: z.string().trim().max(64).optional() }),
    output: pagedResult(WarehouseInfoDto),
  },
  getWarehouseInfoDetail: { method: 'GET', input: EntityDto, output: WarehouseInfoDto, permission: 'authenticated' },
  /** Create (no id) or edit a warehouse (DOMAIN §2: mainland, or overseas with its site). */
  editWarehouseInfo: { method: 'POST', input: EditWarehouseInput, output: WarehouseInfoDto, permission: 'warehouse.Manages' },
  /** Enable or disable: a disabled warehouse takes no new orders or scans. */
  editStatus: { method: 'POST', input: EntityDto, query: ['id'], output: WarehouseInfoDto, permission: 'warehouse.Manages' },
});
