-- Issue 44 §3: the paged lists sort by creationTime ("creationTime desc"), with the id breaking ties.
-- These indexes give such a page its first rows in order at 1 M rows, without sorting the table.
CREATE INDEX IF NOT EXISTS "orders_creation_idx" ON "orders" USING btree ("tenant_id","creation_time","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "parcels_creation_idx" ON "parcels" USING btree ("tenant_id","creation_time","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stock_records_creation_idx" ON "stock_records" USING btree ("tenant_id","creation_time","id");
