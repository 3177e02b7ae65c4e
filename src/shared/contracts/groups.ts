// Groups (BackGroup, DOMAIN §8): the sites and overseas warehouses a set of staff members look
// after; a member without warehouse.Manages sees only those (DOMAIN §1, decision 0023).
import { z } from 'zod';
import { defineService } from './define.ts';
import { EntityDto, NoResult, text } from './common.ts';
import { SITES } from '../enums.ts';

const ids = z.array(z.number().int().positive()).max(500);
const sites = z.array(z.enum(SITES)).max(SITES.length);

/** The spec's Group: each list also as the comma-joined string older screens read (crossBorderSite: 'TW,MY'). */
export const GroupDto = z.object({
  id: z.number().int(), groupName: z.string(), tenantId: z.number().int(), isOk: z.boolean(),
  creationTime: z.string(), lastModificationTime: z.string().nullable(),
  crossBorderSite: z.string(), crossBorderSites: z.array(z.string()),
  nativeSite: z.string(), nativeSites: z.array(z.string()),
  abroadWarehouse: z.string(), abroadWarehouses: z.array(z.number().int()),
  groupPersonnel: z.string(), groupPersonnels: z.array(z.number().int()),
});
export type GroupDto = z.infer<typeof GroupDto>;

export const AddGroupInput = z.object({
  groupName: text(64),
  crossBorderSites: sites.optional().default([]),
  nativeSites: sites.optional().default([]),
  abroadWarehouses: ids.optional().default([]),
  groupPersonnels: ids.optional().default([]),
  isOk: z.boolean().optional().default(true),
});
export type AddGroupInput = z.input<typeof AddGroupInput>;

export const backGroup = defineService('BackGroup', {
  getAllList: { method: 'GET', input: z.object({}), output: z.array(GroupDto), permission: 'Pages.Users' },
  addGroup: { method: 'POST', input: AddGroupInput, output: GroupDto, permission: 'Pages.Users' },
  updateGroupName: { method: 'POST', input: EntityDto.extend({ groupName: text(64) }), output: GroupDto, permission: 'Pages.Users' },
  deleteGroup: { method: 'GET', input: z.object({ groupId: z.number().int().positive() }), output: NoResult, permission: 'Pages.Users' },
});
