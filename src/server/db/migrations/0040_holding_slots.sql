-- Issue 43 items 1 and 2, decision 0062: holding slots as a table, and one scan path.
-- A slot holds one occupant (an order or a parcel with no order) until the last thing in it leaves.
CREATE TABLE "holding_slots" (
	"tenant_id" bigint DEFAULT nullif(current_setting('app.tenant_id', true), '')::bigint NOT NULL,
	"id" bigserial PRIMARY KEY NOT NULL,
	"warehouse_info_id" bigint NOT NULL,
	"number" integer NOT NULL,
	"order_id" bigint,
	"parcel_id" bigint,
	"taken_time" timestamp with time zone,
	CONSTRAINT "holding_slots_one_occupant" CHECK ("order_id" IS NULL OR "parcel_id" IS NULL)
);
--> statement-breakpoint
ALTER TABLE "holding_slots" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE UNIQUE INDEX "holding_slots_number_uq" ON "holding_slots" USING btree ("tenant_id","warehouse_info_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "holding_slots_order_uq" ON "holding_slots" USING btree ("order_id") WHERE "order_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "holding_slots_parcel_uq" ON "holding_slots" USING btree ("parcel_id") WHERE "parcel_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "holding_slots_free_idx" ON "holding_slots" USING btree ("tenant_id","warehouse_info_id","number") WHERE "order_id" IS NULL AND "parcel_id" IS NULL;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "holding_slots" AS PERMISSIVE FOR ALL TO "haicang_app" USING ("holding_slots"."tenant_id" = nullif(current_setting('app.tenant_id', true), '')::bigint) WITH CHECK ("holding_slots"."tenant_id" = nullif(current_setting('app.tenant_id', true), '')::bigint);--> statement-breakpoint
-- Today's occupants: orders holding a slot that are open, or cancelled with parcels here (their goods
-- wait there as 异常), and parcels here with no order that carry a slot's name. Where two share a
-- slot, the first (orders before parcels, then the lowest id) keeps it; each other one moves to a
-- fresh slot past the warehouse's highest, reported (NOTICE) and audited (slotMoved).
DO $$
DECLARE
  r record;
  v_number integer;
  v_name text;
BEGIN
  CREATE TEMP TABLE slot_occupants ON COMMIT DROP AS
  SELECT o.tenant_id, o.warehouse_info_id, o.holding_slot AS number, o.id AS order_id, NULL::bigint AS parcel_id,
         0 AS kind, o.id AS rank_id, o.trade_no AS trade_no, o.order_number AS label
    FROM orders o
   WHERE o.holding_slot IS NOT NULL
     AND ((o.package_status < 5 AND o.order_status NOT IN (4, 5, 6))
       OR (o.order_status = 6 AND o.package_status < 5 AND EXISTS (SELECT 1 FROM parcels p WHERE p.order_id = o.id AND p.receive_status IN (1, 2, 5, 6))))
  UNION ALL
  SELECT p.tenant_id, p.warehouse_info_id, substring(p.shelf_number FROM 2)::integer, NULL, p.id, 1, p.id, NULL, p.shipment
    FROM parcels p
   WHERE p.order_id IS NULL AND p.receive_status IN (1, 2, 5, 6) AND p.warehouse_info_id IS NOT NULL
     AND p.shelf_number ~ '^H[0-9]{1,9}$' AND substring(p.shelf_number FROM 2)::bigint BETWEEN 1 AND 2000000000;
  INSERT INTO holding_slots (tenant_id, warehouse_info_id, number, order_id, parcel_id, taken_time)
  SELECT DISTINCT ON (tenant_id, warehouse_info_id, number) tenant_id, warehouse_info_id, number, order_id, parcel_id, now()
    FROM slot_occupants ORDER BY tenant_id, warehouse_info_id, number, kind, rank_id;
  FOR r IN
    SELECT x.* FROM slot_occupants x
     WHERE NOT EXISTS (SELECT 1 FROM holding_slots s WHERE s.order_id = x.order_id OR s.parcel_id = x.parcel_id)
     ORDER BY x.tenant_id, x.warehouse_info_id, x.number, x.kind, x.rank_id
  LOOP
    SELECT coalesce(max(s.number), 0) + 1 INTO v_number FROM holding_slots s WHERE s.tenant_id = r.tenant_id AND s.warehouse_info_id = r.warehouse_info_id;
    v_name := 'H' || lpad(v_number::text, 4, '0');
    INSERT INTO holding_slots (tenant_id, warehouse_info_id, number, order_id, parcel_id, taken_time)
      VALUES (r.tenant_id, r.warehouse_info_id, v_number, r.order_id, r.parcel_id, now());
    IF r.order_id IS NOT NULL THEN
      UPDATE orders SET holding_slot = v_number, shelf_number = v_name WHERE id = r.order_id;
      UPDATE parcels SET shelf_number = v_name WHERE order_id = r.order_id AND receive_status IN (1, 2, 5, 6);
    ELSE
      UPDATE parcels SET shelf_number = v_name WHERE id = r.parcel_id;
    END IF;
    RAISE NOTICE 'holding slot H% of warehouse % (tenant %) was shared: % % moved to %',
      lpad(r.number::text, 4, '0'), r.warehouse_info_id, r.tenant_id, CASE WHEN r.order_id IS NULL THEN 'parcel' ELSE 'order' END, coalesce(r.trade_no, r.label), v_name;
    INSERT INTO order_operates (tenant_id, entity, entity_id, trade_no, order_number, action, status_before, status_after, note)
      VALUES (r.tenant_id, CASE WHEN r.order_id IS NULL THEN 'parcel' ELSE 'order' END, coalesce(r.order_id, r.parcel_id), r.trade_no, r.label,
              'slotMoved', 'H' || lpad(r.number::text, 4, '0'), v_name, '库位共用，迁移时移至新库位');
  END LOOP;
  -- The numbers below each warehouse's highest that nobody holds: free slots.
  INSERT INTO holding_slots (tenant_id, warehouse_info_id, number)
  SELECT m.tenant_id, m.warehouse_info_id, g.n
    FROM (SELECT tenant_id, warehouse_info_id, max(number) AS top FROM holding_slots GROUP BY 1, 2) m
    CROSS JOIN LATERAL generate_series(1, m.top) AS g(n)
   WHERE NOT EXISTS (SELECT 1 FROM holding_slots s WHERE s.tenant_id = m.tenant_id AND s.warehouse_info_id = m.warehouse_info_id AND s.number = g.n);
END $$;--> statement-breakpoint
-- The slot guessed from open orders goes: its floor, its search, its index and the advisory locks.
-- The scan's statements (migrations 0031–0036) go too: the sign-in rule is modules/orders/inbound.ts.
DROP TRIGGER IF EXISTS orders_slot_released ON orders;--> statement-breakpoint
DROP TRIGGER IF EXISTS orders_slot_deleted ON orders;--> statement-breakpoint
DROP FUNCTION IF EXISTS haicang_slot_released();--> statement-breakpoint
DROP FUNCTION IF EXISTS haicang_sign_in_many(jsonb);--> statement-breakpoint
DROP FUNCTION IF EXISTS haicang_sign_in_gathered(jsonb);--> statement-breakpoint
DROP FUNCTION IF EXISTS haicang_sign_in_orders(jsonb);--> statement-breakpoint
DROP INDEX IF EXISTS "orders_open_slot_uq";--> statement-breakpoint
DROP TABLE IF EXISTS "slot_floors";--> statement-breakpoint
DROP FUNCTION IF EXISTS haicang_sign_in(text, bigint, numeric, text, timestamptz, timestamptz, bigint, text, bigint, bigint, text, text);--> statement-breakpoint
DROP FUNCTION IF EXISTS haicang_order_arrival(bigint, text, bigint, boolean);--> statement-breakpoint
DROP FUNCTION IF EXISTS haicang_free_slots(bigint, integer);--> statement-breakpoint
DROP FUNCTION IF EXISTS haicang_free_slot(bigint);--> statement-breakpoint
DROP FUNCTION IF EXISTS haicang_free_slot_search(bigint);--> statement-breakpoint
-- src/server/db/sql/holding-slots.sql as rendered (tests/api/holding-slots.test.ts keeps the two equal).
-- Holding slots (decision 0062, docs/scan-path.md): the current text of the slot functions and the
-- triggers that release a slot when the last thing in it leaves. Statuses are written by name,
-- (ENUM.name and HERE in double braces) rendered from src/shared/enums.ts by src/server/db/sql/render.ts; the
-- latest migration that applies this file carries its rendered text (tests/api/holding-slots.test.ts).
--
-- A slot (holding_slots) holds one occupant: an order (its parcels sit there) or a parcel with no
-- order (无主件, 异常, a seller's parcel of no order). Slots are created on demand: a warehouse has
-- the slots it ever needed at once, numbered from 1; taking one when none is free adds the next 32.

-- The lowest free slot of a warehouse for an occupant (p_order or p_parcel, the other null). A slot
-- another transaction is taking is skipped (FOR UPDATE SKIP LOCKED), occupied ones are never read
-- (the partial index holding_slots_free_idx holds only the free). The occupant's slot when it holds
-- one already. Its number, e.g. 7 for H0007.
CREATE OR REPLACE FUNCTION haicang_take_slot(p_warehouse bigint, p_order bigint, p_parcel bigint, p_now timestamptz)
RETURNS integer LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_tenant bigint := nullif(current_setting('app.tenant_id', true), '')::bigint;
  v_number integer;
BEGIN
  SELECT s.number INTO v_number FROM holding_slots s WHERE s.order_id = p_order OR s.parcel_id = p_parcel;
  IF FOUND THEN RETURN v_number; END IF;
  LOOP
    UPDATE holding_slots s SET order_id = p_order, parcel_id = p_parcel, taken_time = p_now
     WHERE s.id = (SELECT f.id FROM holding_slots f
                    WHERE f.tenant_id = v_tenant AND f.warehouse_info_id = p_warehouse AND f.order_id IS NULL AND f.parcel_id IS NULL
                    ORDER BY f.number LIMIT 1 FOR UPDATE SKIP LOCKED)
    RETURNING s.number INTO v_number;
    IF FOUND THEN RETURN v_number; END IF;
    -- None free: the warehouse grows by a block of 32 free slots, and the loop takes one of them.
    -- Growing one at a time made every taker of a full warehouse wait for the previous one's commit
    -- (all add the same next number); by blocks, the others wait once per 32 takes: a second
    -- transaction adding the same numbers waits for the first, adds nothing (ON CONFLICT) and finds
    -- the first's block, committed, on its next look.
    INSERT INTO holding_slots (tenant_id, warehouse_info_id, number)
      SELECT v_tenant, p_warehouse, top.n + g
        FROM (SELECT coalesce(max(m.number), 0) AS n FROM holding_slots m
               WHERE m.tenant_id = v_tenant AND m.warehouse_info_id = p_warehouse) top,
             generate_series(1, 32) g
      ON CONFLICT DO NOTHING;
  END LOOP;
END $$;--> statement-breakpoint
-- An order's slot is released once the order has left (shipped, dispatched, completed) or was
-- cancelled with nothing of it here: its parcels that are here keep it (a cancelled order's goods
-- wait as 异常 for the seller's decision, in its slot).
CREATE OR REPLACE FUNCTION haicang_order_slot_settle(p_order bigint) RETURNS void LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  UPDATE holding_slots s SET order_id = NULL, taken_time = NULL
   WHERE s.order_id = p_order
     AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.id = p_order
           AND o.package_status <> 5
           AND o.order_status NOT IN (4, 5)
           AND (o.order_status <> 6
                OR EXISTS (SELECT 1 FROM parcels p WHERE p.order_id = p_order AND p.receive_status IN (1, 2, 5, 6))));
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION haicang_order_left() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM haicang_order_slot_settle(OLD.id);
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS orders_slot_left ON orders;--> statement-breakpoint
CREATE TRIGGER orders_slot_left AFTER UPDATE OF order_status, package_status ON orders FOR EACH ROW
  WHEN (NEW.package_status = 5 OR NEW.order_status IN (4, 5, 6))
  EXECUTE FUNCTION haicang_order_left();--> statement-breakpoint
DROP TRIGGER IF EXISTS orders_slot_deleted ON orders;--> statement-breakpoint
CREATE TRIGGER orders_slot_deleted AFTER DELETE ON orders FOR EACH ROW EXECUTE FUNCTION haicang_order_left();--> statement-breakpoint
-- A parcel that leaves (refused, returned, declared again, deleted) or joins or leaves an order:
-- its own slot is released unless it is still here without an order, and its former order's slot
-- is settled (the last parcel of a cancelled order leaving releases it).
CREATE OR REPLACE FUNCTION haicang_parcel_left() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR NEW.order_id IS NOT NULL OR NEW.receive_status NOT IN (1, 2, 5, 6) THEN
    UPDATE holding_slots SET parcel_id = NULL, taken_time = NULL WHERE parcel_id = OLD.id;
  END IF;
  IF OLD.order_id IS NOT NULL THEN
    PERFORM haicang_order_slot_settle(OLD.order_id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS parcels_slot_left ON parcels;--> statement-breakpoint
CREATE TRIGGER parcels_slot_left AFTER UPDATE OF receive_status, order_id ON parcels FOR EACH ROW
  WHEN (NEW.order_id IS DISTINCT FROM OLD.order_id
    OR (NEW.receive_status IS DISTINCT FROM OLD.receive_status AND NEW.receive_status NOT IN (1, 2, 5, 6)))
  EXECUTE FUNCTION haicang_parcel_left();--> statement-breakpoint
DROP TRIGGER IF EXISTS parcels_slot_deleted ON parcels;--> statement-breakpoint
CREATE TRIGGER parcels_slot_deleted AFTER DELETE ON parcels FOR EACH ROW
  WHEN (OLD.receive_status IN (1, 2, 5, 6))
  EXECUTE FUNCTION haicang_parcel_left();
--> statement-breakpoint
-- An order's progress as its parcel arrives, in one statement (decision 0039): its distinct tracking
-- numbers, and those here (signed in or stored), counting p_arriving, the number this transaction is
-- signing in. Called on the order's row locked in a CTE (orders/repository.ts, lockOrderForArrival).
CREATE OR REPLACE FUNCTION haicang_order_arrival(p_order bigint, p_arriving text, OUT total integer, OUT signed integer)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  SELECT count(DISTINCT l.shipment)::integer,
         (count(DISTINCT l.shipment) FILTER (WHERE p.id IS NOT NULL
            AND (p.receive_status IN (1, 2) OR l.shipment = p_arriving)))::integer
    INTO total, signed
    FROM order_lines l LEFT JOIN parcels p ON p.shipment = l.shipment AND p.order_id = l.order_id
    WHERE l.order_id = p_order;
END $$;
