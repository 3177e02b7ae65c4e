-- Decision 0045: an order's arrival in four statements where it took up to thirteen. Inside a PL/pgSQL
-- function each statement pays PostgreSQL's start and end of a query (its cached plan checked, its
-- relations locked and opened, its executor built) however little it reads: at 20 scanners that was
-- most of haicang_free_slot's 0.2 ms, eight probes of one index row each.
--
-- haicang_free_slot: the floor and the open slots of the 32 numbers from it up, one range read of the
-- open-slot index (one statement); then, in the function's own expressions, each number no open order
-- holds has its advisory lock tried (never waited for), and the one won is checked again in a fresh
-- statement, as before. Same answers as migration 0029's: the lowest number at or above the floor that
-- no open order holds and no other transaction is claiming; the partial unique index
-- orders_open_slot_uq still forbids a shared slot. With no floor row, or none of the 32 numbers won,
-- migration 0027's search (haicang_free_slot_search) runs as before.
CREATE OR REPLACE FUNCTION haicang_free_slot(p_warehouse bigint, OUT free_slot integer, OUT floor_first integer, OUT floor_version integer)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_ns integer := hashtext('haicang.holding_slot.' || p_warehouse);
  v_floor integer;
  v_version integer;
  v_used integer[];
  v_n integer;
BEGIN
  IF p_warehouse IS NULL THEN
    RAISE EXCEPTION 'haicang_free_slot: no warehouse given';
  END IF;
  SELECT f.floor, f.version, ARRAY(
      SELECT o.holding_slot FROM orders o
      WHERE o.warehouse_info_id = p_warehouse AND o.holding_slot BETWEEN f.floor AND f.floor + 31
        AND o.package_status < 5 AND o.order_status NOT IN (4, 5, 6))
    INTO v_floor, v_version, v_used
    FROM slot_floors f WHERE f.warehouse_info_id = p_warehouse;
  IF FOUND THEN
    FOR v_n IN v_floor .. v_floor + 31 LOOP
      CONTINUE WHEN v_n = ANY (v_used);
      -- The lowest number seen free: the floor may rise to it, whoever wins it.
      IF floor_first IS NULL THEN
        floor_first := v_n;
        floor_version := v_version;
      END IF;
      IF pg_try_advisory_xact_lock(v_ns, v_n) THEN
        -- A fresh statement, whose snapshot is newer than the lock: did an order commit this number meanwhile?
        PERFORM 1 FROM orders o
          WHERE o.warehouse_info_id = p_warehouse AND o.holding_slot = v_n AND o.package_status < 5 AND o.order_status NOT IN (4, 5, 6)
          LIMIT 1;
        IF NOT FOUND THEN
          free_slot := v_n;
          RETURN;
        END IF;
      END IF;
    END LOOP;
  END IF;
  SELECT s.free_slot, s.floor_first, s.floor_version INTO free_slot, floor_first, floor_version FROM haicang_free_slot_search(p_warehouse) s;
END $$;--> statement-breakpoint
-- haicang_order_arrival: the order's progress in one statement (its distinct tracking numbers, and
-- those here, counting p_arriving), and the slot's search called as an expression, not a query.
CREATE OR REPLACE FUNCTION haicang_order_arrival(p_order bigint, p_arriving text, p_warehouse bigint, p_wants_slot boolean,
  OUT total integer, OUT signed integer, OUT free_slot integer, OUT floor_first integer, OUT floor_version integer)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_slot record;
BEGIN
  SELECT count(DISTINCT l.shipment)::integer,
         (count(DISTINCT l.shipment) FILTER (WHERE p.id IS NOT NULL AND (p.receive_status IN (1, 2) OR l.shipment = p_arriving)))::integer
    INTO total, signed
    FROM order_lines l LEFT JOIN parcels p ON p.shipment = l.shipment AND p.order_id = l.order_id
    WHERE l.order_id = p_order;
  IF p_wants_slot THEN
    v_slot := haicang_free_slot(p_warehouse);
    free_slot := v_slot.free_slot;
    floor_first := v_slot.floor_first;
    floor_version := v_slot.floor_version;
  END IF;
END $$;
