// The floor's index of expected parcels (decision 0067): Drizzle queries only. Every statement reads
// through the request's policies, so a group member gets the parcels his scope shows (decision 0023).
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ORDER_STATUS, ORDER_TYPE, RECEIVE_STATUS, REJECTION_HANDLE_TYPE, REJECTION_STATUS } from '#shared/enums.ts';

async function rowsOf<T>(tx: Db, query: SQL): Promise<T[]> {
  const result = (await tx.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A parcel as the index reads it: `expected` false means it is to be dropped (a delta's removal). */
export interface IndexParcelRow {
  id: number;
  shipment: string;
  userCode: string | null;
  orderId: number | null;
  tradeNo: string | null;
  shelfNumber: string | null;
  stock: boolean;
  warehouseInfoId: number | null;
  expected: boolean;
  /** The order is on hold (问题件): its reason ('' when none was given); null otherwise. */
  hold: string | null;
}

type Raw = { id: unknown; shipment: string; user_code: string | null; order_id: unknown; trade_no: string | null; shelf_number: string | null; stock: boolean; warehouse_info_id: unknown; expected: boolean; hold: string | null };

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/**
 * The columns of a page, from `p` (the parcel) and `o` (its order, left joined). A stock record's parcel
 * (no order, kind stock) names its record's trade number, read only for those rows.
 */
const COLUMNS = sql.raw(`p.id, p.shipment, p.user_code, p.order_id, p.warehouse_info_id,
  p.receive_status = ${RECEIVE_STATUS.declared} as expected,
  (p.order_id is null and p.order_type = ${ORDER_TYPE.stock}) as stock,
  case when p.order_id is not null then o.trade_no
       when p.order_type = ${ORDER_TYPE.stock} then (select sr.trade_no from stock_records sr
         where sr.tenant_id = p.tenant_id and sr.logistics_number = p.shipment order by sr.id desc limit 1) end as trade_no,
  o.shelf_number,
  case when o.order_status = ${ORDER_STATUS.onHold} then coalesce(o.hold_reason, '') end as hold`);

const toRow = (r: Raw): IndexParcelRow => ({
  id: Number(r.id), shipment: r.shipment, userCode: r.user_code, orderId: num(r.order_id), tradeNo: r.trade_no, shelfNumber: r.shelf_number,
  stock: r.stock, warehouseInfoId: num(r.warehouse_info_id), expected: r.expected, hold: r.hold,
});

/** The database's clock: the watermark a load or delta is read at. */
export async function databaseNow(tx: Db): Promise<Date> {
  const [row] = await rowsOf<{ now: Date | string }>(tx, sql`select now() as now`);
  return new Date(row!.now);
}

/** A page of every expected (待签收) parcel, by id after `after` (parcels_status_idx: tenant, status, id). */
export async function expectedPage(tx: Db, after: number, limit: number): Promise<IndexParcelRow[]> {
  const rows = await rowsOf<Raw>(tx, sql`select ${COLUMNS} from parcels p left join orders o on o.id = p.order_id
    where p.tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint
      and p.receive_status = ${RECEIVE_STATUS.declared} and p.id > ${after}
    order by p.id limit ${limit}`);
  return rows.map(toRow);
}

/**
 * A page of what changed since `since`, by id after `after`: every parcel whose index columns changed
 * (parcels_index_changed_idx; one no longer expected comes with `expected` false), and the expected
 * parcels of those parcels' orders (parcels_order_idx), whose slot the change may have given them (an
 * order takes its holding slot when its first parcel is signed in).
 */
export async function changedPage(tx: Db, since: Date, after: number, limit: number): Promise<IndexParcelRow[]> {
  const rows = await rowsOf<Raw>(tx, sql`with changed as (
      select c.id, c.order_id from parcels c
      where c.tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint and c.index_changed_at > ${since.toISOString()}::timestamptz
    ), ids as (
      select id from changed
      union
      select s.id from changed c join parcels s on s.order_id = c.order_id and s.receive_status = ${RECEIVE_STATUS.declared}
      where c.order_id is not null
    )
    select ${COLUMNS} from ids join parcels p on p.id = ids.id left join orders o on o.id = p.order_id
    where p.id > ${after}
    order by p.id limit ${limit}`);
  return rows.map(toRow);
}

/**
 * Numbers of declared parcels deleted since `since` (the removals the trigger of migration 0041 notes),
 * unless the number is expected again (declared anew since).
 */
export async function removedSince(tx: Db, since: Date): Promise<string[]> {
  const rows = await rowsOf<{ shipment: string }>(tx, sql`select distinct r.shipment from parcel_index_removals r
    where r.tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint and r.removed_at > ${since.toISOString()}::timestamptz
      and not exists (select 1 from parcels p where p.tenant_id = r.tenant_id and p.shipment = r.shipment and p.receive_status = ${RECEIVE_STATUS.declared})`);
  return rows.map((r) => r.shipment);
}

/** Every number with a pending refusal (拒收 requested, not handled yet): express_rejections_status_idx. */
export async function pendingRefusalNumbers(tx: Db): Promise<string[]> {
  const rows = await rowsOf<{ shipment: string }>(tx, sql`select r.shipment from express_rejections r
    where r.tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint
      and r.handle_status = ${REJECTION_STATUS.pending} and r.handle_type = ${REJECTION_HANDLE_TYPE.rejection}`);
  return rows.map((r) => r.shipment);
}
