// Small helpers the returns services share.
import { unscoped } from '../../db/client.ts';
import type { CurrentUser, RequestContext } from '../../framework.ts';

export const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/** The name an audit row or a list shows for the user who acted. */
export const whoName = (me: Pick<CurrentUser, 'name' | 'userName'>): string => me.name || me.userName;

/**
 * The floor's scans act on the parcel in the picker's hand, whichever site or warehouse it is for
 * (decision 0023): a group member's scan runs unscoped; his lists still show only his scope.
 */
export const onTheFloor = <T>(ctx: RequestContext, fn: () => Promise<T>): Promise<T> => (ctx.user?.scope ? unscoped(ctx.db, fn) : fn());
