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
-- one already, looked up by its own column: one lookup for either occupant (`order_id = p_order OR
-- parcel_id = p_parcel`, the other null) was planned anew on every call, for ever (PostgreSQL's plan
-- with the null folded away looks cheaper than a plan for both columns, so it never keeps a generic one).
-- Its number, e.g. 7 for H0007.
CREATE OR REPLACE FUNCTION haicang_take_slot(p_warehouse bigint, p_order bigint, p_parcel bigint, p_now timestamptz)
RETURNS integer LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_tenant bigint := nullif(current_setting('app.tenant_id', true), '')::bigint;
  v_number integer;
BEGIN
  IF p_order IS NOT NULL THEN
    SELECT s.number INTO v_number FROM holding_slots s WHERE s.order_id = p_order;
  ELSE
    SELECT s.number INTO v_number FROM holding_slots s WHERE s.parcel_id = p_parcel;
  END IF;
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
           AND o.package_status <> {{PACKAGE_STATUS.dispatched}}
           AND o.order_status NOT IN ({{ORDER_STATUS.shipped}}, {{ORDER_STATUS.completed}})
           AND (o.order_status <> {{ORDER_STATUS.cancelled}}
                OR EXISTS (SELECT 1 FROM parcels p WHERE p.order_id = p_order AND p.receive_status IN ({{HERE}}))));
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION haicang_order_left() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM haicang_order_slot_settle(OLD.id);
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS orders_slot_left ON orders;--> statement-breakpoint
CREATE TRIGGER orders_slot_left AFTER UPDATE OF order_status, package_status ON orders FOR EACH ROW
  WHEN (NEW.package_status = {{PACKAGE_STATUS.dispatched}} OR NEW.order_status IN ({{ORDER_STATUS.shipped}}, {{ORDER_STATUS.completed}}, {{ORDER_STATUS.cancelled}}))
  EXECUTE FUNCTION haicang_order_left();--> statement-breakpoint
DROP TRIGGER IF EXISTS orders_slot_deleted ON orders;--> statement-breakpoint
CREATE TRIGGER orders_slot_deleted AFTER DELETE ON orders FOR EACH ROW EXECUTE FUNCTION haicang_order_left();--> statement-breakpoint
-- A parcel that leaves (refused, returned, declared again, deleted) or joins or leaves an order:
-- its own slot is released unless it is still here without an order, and its former order's slot
-- is settled (the last parcel of a cancelled order leaving releases it).
CREATE OR REPLACE FUNCTION haicang_parcel_left() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR NEW.order_id IS NOT NULL OR NEW.receive_status NOT IN ({{HERE}}) THEN
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
    OR (NEW.receive_status IS DISTINCT FROM OLD.receive_status AND NEW.receive_status NOT IN ({{HERE}})))
  EXECUTE FUNCTION haicang_parcel_left();--> statement-breakpoint
DROP TRIGGER IF EXISTS parcels_slot_deleted ON parcels;--> statement-breakpoint
CREATE TRIGGER parcels_slot_deleted AFTER DELETE ON parcels FOR EACH ROW
  WHEN (OLD.receive_status IN ({{HERE}}))
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
            AND (p.receive_status IN ({{RECEIVE_STATUS.signed}}, {{RECEIVE_STATUS.stored}}) OR l.shipment = p_arriving)))::integer
    INTO total, signed
    FROM order_lines l LEFT JOIN parcels p ON p.shipment = l.shipment AND p.order_id = l.order_id
    WHERE l.order_id = p_order;
END $$;
