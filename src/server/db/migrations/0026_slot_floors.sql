CREATE TABLE "slot_floors" (
	"tenant_id" bigint DEFAULT nullif(current_setting('app.tenant_id', true), '')::bigint NOT NULL,
	"warehouse_info_id" bigint NOT NULL,
	"floor" integer NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "slot_floors" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE UNIQUE INDEX "slot_floors_uq" ON "slot_floors" USING btree ("tenant_id","warehouse_info_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "slot_floors" AS PERMISSIVE FOR ALL TO "haicang_app" USING ("slot_floors"."tenant_id" = nullif(current_setting('app.tenant_id', true), '')::bigint) WITH CHECK ("slot_floors"."tenant_id" = nullif(current_setting('app.tenant_id', true), '')::bigint);--> statement-breakpoint
-- Decision 0035: a holding slot released (its order closed, cancelled, shipped, deleted, moved or
-- given another slot) lowers its warehouse's floor to it and bumps the version, so an allocation that
-- read the floor before the release never raises it past the freed number.
CREATE OR REPLACE FUNCTION haicang_slot_released() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE slot_floors SET floor = least(floor, OLD.holding_slot), version = version + 1
   WHERE tenant_id = OLD.tenant_id AND warehouse_info_id = OLD.warehouse_info_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER orders_slot_released AFTER UPDATE ON orders FOR EACH ROW
  WHEN (OLD.holding_slot IS NOT NULL AND OLD.package_status < 5 AND OLD.order_status NOT IN (4, 5, 6)
    AND (NEW.holding_slot IS DISTINCT FROM OLD.holding_slot OR NEW.warehouse_info_id IS DISTINCT FROM OLD.warehouse_info_id
      OR NEW.package_status >= 5 OR NEW.order_status IN (4, 5, 6)))
  EXECUTE FUNCTION haicang_slot_released();--> statement-breakpoint
CREATE TRIGGER orders_slot_deleted AFTER DELETE ON orders FOR EACH ROW
  WHEN (OLD.holding_slot IS NOT NULL AND OLD.package_status < 5 AND OLD.order_status NOT IN (4, 5, 6))
  EXECUTE FUNCTION haicang_slot_released();
