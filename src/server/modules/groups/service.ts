// BackGroup (DOMAIN §8): a group names the sites and overseas warehouses its staff members look
// after. Their data scope is read with the signed-in user (identity/repository.ts scopeOfMember) and
// enforced by row-level security (decision 0023); a change here drops the members' cached users so
// the next request already sees the new scope.
import { backGroup, type GroupDto } from '#shared/contracts/groups.ts';
import type { Db } from '../../db/client.ts';
import { implement } from '../../framework.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import { identityEvents } from '../identity/events.ts';
import * as repo from './repository.ts';

const toDto = (r: repo.GroupRow): GroupDto => ({
  id: r.id, groupName: r.groupName, tenantId: r.tenantId, isOk: r.isOk,
  creationTime: r.creationTime.toISOString(), lastModificationTime: r.lastModificationTime?.toISOString() ?? null,
  crossBorderSite: r.crossBorderSites.join(','), crossBorderSites: r.crossBorderSites,
  nativeSite: r.nativeSites.join(','), nativeSites: r.nativeSites,
  abroadWarehouse: r.abroadWarehouses.join(','), abroadWarehouses: r.abroadWarehouses,
  groupPersonnel: r.groupPersonnels.join(','), groupPersonnels: r.groupPersonnels,
});

const unique = <T>(values: readonly T[]): T[] => [...new Set(values)];

/** Every member's cached user (and so his scope) is dropped on every server once this commits. */
async function membersChanged(tx: Db, ...memberLists: (readonly number[])[]): Promise<void> {
  for (const userId of unique(memberLists.flat())) await identityEvents.userChanged(tx, userId);
}

export const backGroupService = implement(backGroup, () => ({
  async getAllList(_input, ctx) {
    return (await repo.listGroups(ctx.db)).map(toDto);
  },
  async addGroup(input, ctx) {
    const abroadWarehouses = unique(input.abroadWarehouses);
    const groupPersonnels = unique(input.groupPersonnels);
    const overseas = await repo.overseasWarehouseIds(ctx.db, abroadWarehouses);
    const badWarehouse = abroadWarehouses.find((id) => !overseas.has(id));
    if (badWarehouse !== undefined) throw invalid('abroadWarehouses', `海外仓 ${badWarehouse} 不存在`);
    const staff = await repo.staffUserIds(ctx.db, groupPersonnels);
    const badUser = groupPersonnels.find((id) => !staff.has(id));
    if (badUser !== undefined) throw invalid('groupPersonnels', `用户 ${badUser} 不是本租户的后台人员`);
    if (await repo.groupNameTaken(ctx.db, input.groupName)) throw conflict(`分组 ${input.groupName} 已存在。`);
    const row = await repo.insertGroup(ctx.db, {
      groupName: input.groupName, crossBorderSites: unique(input.crossBorderSites), nativeSites: unique(input.nativeSites),
      abroadWarehouses, groupPersonnels, isOk: input.isOk,
    });
    await membersChanged(ctx.db, groupPersonnels);
    return toDto(row);
  },
  async updateGroupName(input, ctx) {
    if (!(await repo.getGroup(ctx.db, input.id, true))) throw notFound('分组');
    if (await repo.groupNameTaken(ctx.db, input.groupName, input.id)) throw conflict(`分组 ${input.groupName} 已存在。`);
    return toDto((await repo.updateGroup(ctx.db, input.id, { groupName: input.groupName, lastModificationTime: ctx.now }))!);
  },
  async deleteGroup(input, ctx) {
    const row = await repo.deleteGroup(ctx.db, input.groupId);
    if (!row) throw notFound('分组');
    await membersChanged(ctx.db, row.groupPersonnels);
    return null;
  },
}));
