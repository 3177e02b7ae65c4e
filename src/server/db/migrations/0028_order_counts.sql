CREATE TABLE "order_counts" (
	"tenant_id" bigint DEFAULT nullif(current_setting('app.tenant_id', true), '')::bigint NOT NULL,
	"order_status" smallint NOT NULL,
	"package_status" smallint NOT NULL,
	"warehouse_info_id" bigint NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_counts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "order_counts_key_idx" ON "order_counts" USING btree ("tenant_id","order_status","package_status","warehouse_info_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "order_counts" AS PERMISSIVE FOR ALL TO "haicang_app" USING ("order_counts"."tenant_id" = nullif(current_setting('app.tenant_id', true), '')::bigint) WITH CHECK ("order_counts"."tenant_id" = nullif(current_setting('app.tenant_id', true), '')::bigint);--> statement-breakpoint
-- Decision 0041: a status's order count is a sum of pieces written with the orders it counts. Each
-- trigger runs in the statement's transaction, so a snapshot that sees an order's change sees its
-- piece and one that does not sees neither: the sum is exact under MVCC, and nothing is ever
-- updated in place (concurrent writers never queue behind a counter row).
CREATE OR REPLACE FUNCTION haicang_orders_counted_in() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_counts (tenant_id, order_status, package_status, warehouse_info_id, n)
  SELECT tenant_id, order_status, package_status, warehouse_info_id, count(*) FROM added_orders GROUP BY 1, 2, 3, 4;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION haicang_orders_counted_out() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_counts (tenant_id, order_status, package_status, warehouse_info_id, n)
  SELECT tenant_id, order_status, package_status, warehouse_info_id, -count(*) FROM removed_orders GROUP BY 1, 2, 3, 4;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION haicang_order_count_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_counts (tenant_id, order_status, package_status, warehouse_info_id, n)
  VALUES (OLD.tenant_id, OLD.order_status, OLD.package_status, OLD.warehouse_info_id, -1),
         (NEW.tenant_id, NEW.order_status, NEW.package_status, NEW.warehouse_info_id, 1);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER orders_counted_in AFTER INSERT ON orders REFERENCING NEW TABLE AS added_orders
  FOR EACH STATEMENT EXECUTE FUNCTION haicang_orders_counted_in();--> statement-breakpoint
CREATE TRIGGER orders_counted_out AFTER DELETE ON orders REFERENCING OLD TABLE AS removed_orders
  FOR EACH STATEMENT EXECUTE FUNCTION haicang_orders_counted_out();--> statement-breakpoint
-- An update moves a count only when it changes one of the key's columns (most do not: the trigger
-- does not run for them at all).
CREATE TRIGGER orders_count_moved AFTER UPDATE ON orders FOR EACH ROW
  WHEN (NEW.order_status IS DISTINCT FROM OLD.order_status OR NEW.package_status IS DISTINCT FROM OLD.package_status
    OR NEW.warehouse_info_id IS DISTINCT FROM OLD.warehouse_info_id OR NEW.tenant_id IS DISTINCT FROM OLD.tenant_id)
  EXECUTE FUNCTION haicang_order_count_moved();--> statement-breakpoint
-- A TRUNCATE of orders leaves nothing to count. TRUNCATE, not DELETE: it waits for a fold in
-- progress and removes the sums it wrote too (a DELETE would see only the rows of its snapshot).
CREATE OR REPLACE FUNCTION haicang_orders_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE order_counts;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER orders_truncated AFTER TRUNCATE ON orders FOR EACH STATEMENT EXECUTE FUNCTION haicang_orders_truncated();--> statement-breakpoint
-- Counts every order again, one piece per key: here for the orders there already, and after any
-- load that ran with the triggers off (session_replication_role = replica, as the bench loads), which
-- leaves the pieces short. The SHARE lock keeps orders from changing until the caller's transaction
-- ends, so nothing is counted twice or missed; the owner runs it.
CREATE OR REPLACE FUNCTION haicang_recount_orders() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE orders IN SHARE MODE;
  TRUNCATE order_counts;
  INSERT INTO order_counts (tenant_id, order_status, package_status, warehouse_info_id, n)
  SELECT tenant_id, order_status, package_status, warehouse_info_id, count(*) FROM orders GROUP BY 1, 2, 3, 4;
END $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION haicang_recount_orders() FROM PUBLIC;--> statement-breakpoint
SELECT haicang_recount_orders();
