// Ledger flows carry no site and no policy narrows them (decision 0023: the flow list, Amount.Manages,
// shows a seller's points account whole). A figure that sums flows — a statistic, the dashboard's
// charged points — counts for a scoped group member only the flows of orders he can see; the orders'
// own policies answer inside the subquery. Every other table reaches its site by row-level security
// (schema/tenancy.ts, migrations 0014, 0017, 0024, 0035).
import { sql, type SQL } from 'drizzle-orm';
import { isScoped, type Db } from './client.ts';
import { accountFlows, orders } from './schema/index.ts';

/** The flow's order is one the caller sees (a recharge or adjustment of no order is not). */
export const flowOfVisibleOrder = (): SQL => sql`exists (select 1 from ${orders} where ${orders.tradeNo} = ${accountFlows.tradeNo})`;

/** The condition a sum of flows needs on this handle: none unless a group scope narrows it now. */
export const flowsInScope = (tx: Db): SQL | undefined => (isScoped(tx) ? flowOfVisibleOrder() : undefined);
