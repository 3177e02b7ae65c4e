// Which side may call a service, and whether this caller may (DOMAIN §1).
import type { ActionDef } from '#shared/contracts/define.ts';
import { isSellerPermission, USER_TYPE } from '#shared/permissions.ts';
import type { CurrentUser } from '../../framework.ts';
import { forbidden, unauthorized } from '../../lib/errors.ts';

/**
 * Which side may call a service (DOMAIN §1): Front* services are the seller's, Back* services the
 * staff's; otherwise the permission decides (Front.* ⇒ seller, any other ⇒ staff).
 */
export function sideOf(serviceName: string, access: ActionDef['permission']): 0 | 1 | null {
  if (access === 'public' || access === 'authenticated') return null;
  if (access === 'seller' || /^Front/.test(serviceName)) return USER_TYPE.seller;
  if (/^Back/.test(serviceName)) return USER_TYPE.staff;
  return isSellerPermission(access) ? USER_TYPE.seller : USER_TYPE.staff;
}

export function checkAccess(serviceName: string, def: ActionDef, user: CurrentUser | null): void {
  const access = def.permission;
  if (access === 'public') return;
  if (!user) throw unauthorized();
  if (access === 'authenticated') return;
  const side = sideOf(serviceName, access);
  if (access === 'seller') {
    if (user.userType !== USER_TYPE.seller) throw forbidden('此功能仅供卖家使用。');
    return;
  }
  if (user.userType !== side) throw forbidden(side === USER_TYPE.seller ? '此功能仅供卖家使用。' : '此功能仅供仓库后台人员使用。');
  if (!user.permissions.has(access)) throw forbidden(`缺少权限：${access}`);
}
