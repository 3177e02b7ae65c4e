-- Decision 0039: what a scan reads and locks for its order is one call. An order's arrival (its
-- progress, and a holding slot when it has none) is counted inside a function: each of a volatile
-- function's statements sees a fresh snapshot, taken after the caller's lock on the order was won,
-- where a statement of the caller's own would count with the snapshot it took before waiting.
--
-- haicang_free_slot: the lowest holding-slot number no open order of the warehouse uses, from its
-- floor up (decision 0035), skipping numbers another transaction is claiming (each candidate has a
-- transaction-scoped advisory lock, tried without waiting); once one is won, a fresh statement checks
-- that no order committed it meanwhile. The partial unique index orders_open_slot_uq still makes a
-- shared slot impossible. Returns the number and the floor as the first round read it (floor_version
-- null: the warehouse has no floor row yet), for the caller's write of the raised floor.
CREATE OR REPLACE FUNCTION haicang_free_slot(p_warehouse bigint, OUT free_slot integer, OUT floor_first integer, OUT floor_version integer)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_ns integer := hashtext('haicang.holding_slot.' || p_warehouse);
  v_after integer;
  v_first_round boolean := true;
  v_won integer;
  v_last integer;
  v_first integer;
  v_version integer;
BEGIN
  -- Without a warehouse every advisory lock would be NULL (never won) and the search would not end.
  IF p_warehouse IS NULL THEN
    RAISE EXCEPTION 'haicang_free_slot: no warehouse given';
  END IF;
  LOOP
    -- The lowest free number above v_after (the first round: from below the floor) and up to 32 free
    -- numbers from there on, read from the index up to the first gap; the first of them whose
    -- advisory lock is free, locked.
    WITH RECURSIVE fl AS (
      SELECT f.floor, f.version FROM slot_floors f WHERE f.warehouse_info_id = p_warehouse
    ), base AS (
      SELECT coalesce(v_after, greatest(coalesce((SELECT fl.floor FROM fl), 1) - 1, 0)) AS a
    ), used AS (
      SELECT o.holding_slot AS n, lead(o.holding_slot) OVER (ORDER BY o.holding_slot) AS nxt
      FROM orders o
      WHERE o.warehouse_info_id = p_warehouse AND o.holding_slot IS NOT NULL AND o.package_status < 5 AND o.order_status NOT IN (4, 5, 6)
        AND o.holding_slot > (SELECT base.a FROM base)
    ), f AS (
      SELECT CASE
        WHEN NOT EXISTS (SELECT 1 FROM used WHERE used.n = (SELECT base.a FROM base) + 1) THEN (SELECT base.a FROM base) + 1
        -- a+1 is taken: the end of the run of used numbers that starts there, plus one
        ELSE (SELECT used.n + 1 FROM used WHERE used.nxt IS DISTINCT FROM used.n + 1 ORDER BY used.n LIMIT 1)
      END AS s
    ), candidates AS MATERIALIZED (
      SELECT (f.s + k.k)::integer AS c
      FROM f, generate_series(0, 128) AS k(k)
      -- one index range read for the whole window, not a probe per number
      WHERE f.s + k.k NOT IN (
        SELECT o.holding_slot FROM orders o
        WHERE o.warehouse_info_id = p_warehouse AND o.holding_slot IS NOT NULL AND o.package_status < 5 AND o.order_status NOT IN (4, 5, 6)
          AND o.holding_slot BETWEEN (SELECT f.s FROM f) AND (SELECT f.s FROM f) + 128)
      ORDER BY k.k
      LIMIT 32
    ), tried AS (
      -- the candidates in order, one at a time, until a lock is won: at most one is ever locked
      SELECT x.c, pg_try_advisory_xact_lock(v_ns, x.c) AS won
      FROM (SELECT candidates.c FROM candidates ORDER BY candidates.c LIMIT 1) x
      UNION ALL
      SELECT x.c, pg_try_advisory_xact_lock(v_ns, x.c)
      FROM tried t, LATERAL (SELECT candidates.c FROM candidates WHERE candidates.c > t.c ORDER BY candidates.c LIMIT 1) x
      WHERE NOT t.won
    )
    SELECT (SELECT tried.c FROM tried WHERE tried.won), (SELECT max(candidates.c) FROM candidates), (SELECT f.s FROM f), (SELECT fl.version FROM fl)
      INTO v_won, v_last, v_first, v_version;
    IF v_first_round THEN
      floor_first := v_first;
      floor_version := v_version;
      v_first_round := false;
    END IF;
    IF v_won IS NOT NULL THEN
      -- A fresh statement, whose snapshot is newer than the lock: did an order commit this number meanwhile?
      PERFORM 1 FROM orders o
        WHERE o.warehouse_info_id = p_warehouse AND o.holding_slot = v_won AND o.package_status < 5 AND o.order_status NOT IN (4, 5, 6)
        LIMIT 1;
      IF NOT FOUND THEN
        free_slot := v_won;
        RETURN;
      END IF;
      v_after := v_won;
    ELSE
      v_after := coalesce(v_last, coalesce(v_after, v_first, 0) + 32);
    END IF;
  END LOOP;
END $$;--> statement-breakpoint
-- haicang_order_arrival: an order's progress once the caller holds its lock (how many distinct
-- tracking numbers it has, how many are here, counting p_arriving, the number being signed in), and a
-- free holding slot (haicang_free_slot) when p_wants_slot.
CREATE OR REPLACE FUNCTION haicang_order_arrival(p_order bigint, p_arriving text, p_warehouse bigint, p_wants_slot boolean,
  OUT total integer, OUT signed integer, OUT free_slot integer, OUT floor_first integer, OUT floor_version integer)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  SELECT count(DISTINCT l.shipment)::integer INTO total FROM order_lines l WHERE l.order_id = p_order;
  SELECT count(DISTINCT l.shipment)::integer INTO signed
    FROM order_lines l JOIN parcels p ON p.shipment = l.shipment AND p.order_id = l.order_id
    WHERE l.order_id = p_order AND (p.receive_status IN (1, 2) OR l.shipment = p_arriving);
  IF p_wants_slot THEN
    SELECT s.free_slot, s.floor_first, s.floor_version INTO free_slot, floor_first, floor_version FROM haicang_free_slot(p_warehouse) s;
  END IF;
END $$;
