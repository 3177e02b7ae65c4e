-- Issue 44 §3, decision 0070: number searches match the tail of a number ("9990001111" finds
-- "YT9990001111"). A tail is a prefix of the reversed number, so a btree on reverse(number) with
-- text_pattern_ops (byte order, whatever the collation) answers it as a range, at 1 M rows, on
-- PGlite and PostgreSQL alike, with no extension. The tenant comes first, as row-level security
-- adds it to every query. Order numbers keep the case they came in: theirs is upper-cased.
CREATE INDEX IF NOT EXISTS "orders_trade_no_tail_idx" ON "orders" USING btree ("tenant_id", reverse("trade_no") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_number_tail_idx" ON "orders" USING btree ("tenant_id", reverse(upper("order_number")) text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "order_lines_shipment_tail_idx" ON "order_lines" USING btree ("tenant_id", reverse("shipment") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "parcels_shipment_tail_idx" ON "parcels" USING btree ("tenant_id", reverse("shipment") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stock_records_trade_no_tail_idx" ON "stock_records" USING btree ("tenant_id", reverse("trade_no") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stock_records_logistics_tail_idx" ON "stock_records" USING btree ("tenant_id", reverse("logistics_number") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "delivery_receipt_batches_name_tail_idx" ON "delivery_receipt_batches" USING btree ("tenant_id", reverse("batch_name") text_pattern_ops);
