-- Decision 0044: a free holding slot is first looked for from its warehouse's floor up, one probe of the
-- open-slot index per number, before migration 0027's search (renamed haicang_free_slot_search), which
-- read every open slot above the floor and a window of 129 numbers on each call (0.3 ms of PostgreSQL
-- time per call at 20 scanners). Same answers: the lowest number at or above the floor that no open
-- order holds and no other transaction is claiming; the partial unique index orders_open_slot_uq still
-- forbids a shared slot.
ALTER FUNCTION haicang_free_slot(bigint) RENAME TO haicang_free_slot_search;--> statement-breakpoint
CREATE FUNCTION haicang_free_slot(p_warehouse bigint, OUT free_slot integer, OUT floor_first integer, OUT floor_version integer)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_ns integer := hashtext('haicang.holding_slot.' || p_warehouse);
  v_floor integer;
  v_version integer;
  v_n integer;
BEGIN
  IF p_warehouse IS NULL THEN
    RAISE EXCEPTION 'haicang_free_slot: no warehouse given';
  END IF;
  -- Every number below the floor is in use (a release lowers it), and the last allocations sit just
  -- above it: the lowest free number is usually within a few probes. Each number free of open orders
  -- has its advisory lock tried (never waited for); once won, a fresh statement checks again that no
  -- order committed it meanwhile, as the search does.
  SELECT f.floor, f.version INTO v_floor, v_version FROM slot_floors f WHERE f.warehouse_info_id = p_warehouse;
  IF FOUND THEN
    FOR v_n IN v_floor .. v_floor + 31 LOOP
      PERFORM 1 FROM orders o
        WHERE o.warehouse_info_id = p_warehouse AND o.holding_slot = v_n AND o.package_status < 5 AND o.order_status NOT IN (4, 5, 6)
        LIMIT 1;
      IF NOT FOUND THEN
        -- The lowest number seen free: the floor may rise to it, whoever wins it.
        IF floor_first IS NULL THEN
          floor_first := v_n;
          floor_version := v_version;
        END IF;
        IF pg_try_advisory_xact_lock(v_ns, v_n) THEN
          PERFORM 1 FROM orders o
            WHERE o.warehouse_info_id = p_warehouse AND o.holding_slot = v_n AND o.package_status < 5 AND o.order_status NOT IN (4, 5, 6)
            LIMIT 1;
          IF NOT FOUND THEN
            free_slot := v_n;
            RETURN;
          END IF;
        END IF;
      END IF;
    END LOOP;
  END IF;
  -- No floor row, or 32 numbers in use or claimed: migration 0027's search.
  SELECT s.free_slot, s.floor_first, s.floor_version INTO free_slot, floor_first, floor_version FROM haicang_free_slot_search(p_warehouse) s;
END $$;
