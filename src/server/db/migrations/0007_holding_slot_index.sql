ALTER TABLE "orders" ADD COLUMN "holding_slot" integer;--> statement-breakpoint
CREATE INDEX "orders_open_slot_idx" ON "orders" USING btree ("tenant_id","warehouse_info_id","holding_slot") WHERE "orders"."holding_slot" is not null and "orders"."package_status" < 5 and "orders"."order_status" not in (4, 5, 6);--> statement-breakpoint
-- Orders that already hold a slot keep it, now as a number too.
UPDATE "orders" SET "holding_slot" = substring("shelf_number" from 2)::int WHERE "shelf_number" ~ '^H[0-9]+$';
