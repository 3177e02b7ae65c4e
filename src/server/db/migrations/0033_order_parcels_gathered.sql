-- Decision 0057: in a gathered statement (haicang_sign_in_many), the parcels of an order are signed
-- set-based too, first, when three or more of them, each of another order, are on the common path
-- (haicang_sign_in_orders); migration 0032's statement, renamed haicang_sign_in_gathered, then signs
-- the other scans as before: the parcels without an order set-based, the rest one by one. The rules
-- are haicang_sign_in's (migration 0031), applied to all of them at once, statement by statement in
-- the same order: the parcels locked (in id order), then their orders (in id order), then each
-- order's progress counted by a statement of its own after those locks, the holding slots found
-- (haicang_free_slots, below: one search per warehouse for all its orders), the orders updated with
-- their warehouse's slot floor, and then one statement for the parcels, the inbound records, the
-- audit entries and the keys' rows. Same rows and answers as each scan signed alone, one after the
-- other (tests/api/scan-one-statement.test.ts compares them).
--
-- Left to haicang_sign_in_gathered, and so one by one as before: a scan whose order has another
-- scan in the same statement; an order whose warehouse has no slot floor yet, or whose slot the
-- search did not find among the numbers it reads; and a statement with fewer than three such scans
-- (one by one costs less: in PostgreSQL alone, two set-based cost about a fifth more than two one by
-- one, four a tenth less, eight and sixteen a quarter to a third less).

-- p_count free holding slots of a warehouse, as haicang_free_slot (migration 0030) finds one, from the
-- floor up: the numbers that no open order holds (one range read) and whose advisory lock this
-- transaction wins, in ascending order; fewer (none) when the numbers read run out or there is no
-- floor row yet. floor_first is how far the floor may rise once they are taken: the lowest number
-- seen free whose lock another transaction holds, or else the last number taken (for one,
-- haicang_free_slot's floor_first). floor_version is the floor's version as read.
CREATE OR REPLACE FUNCTION haicang_free_slots(p_warehouse bigint, p_count integer, OUT slots integer[], OUT floor_first integer, OUT floor_version integer)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_ns integer := hashtext('haicang.holding_slot.' || p_warehouse);
  v_floor integer;
  v_used integer[];
  v_claimed integer;
  v_n integer;
BEGIN
  slots := '{}';
  SELECT f.floor, f.version, ARRAY(
      SELECT o.holding_slot FROM orders o
      WHERE o.warehouse_info_id = p_warehouse AND o.holding_slot BETWEEN f.floor AND f.floor + 31 + p_count
        AND o.package_status < 5 AND o.order_status NOT IN (4, 5, 6))
    INTO v_floor, floor_version, v_used
    FROM slot_floors f WHERE f.warehouse_info_id = p_warehouse;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  FOR v_n IN v_floor .. v_floor + 31 + p_count LOOP
    EXIT WHEN cardinality(slots) >= p_count;
    CONTINUE WHEN v_n = ANY (v_used);
    IF pg_try_advisory_xact_lock(v_ns, v_n) THEN
      -- A fresh statement, whose snapshot is newer than the lock: did an order commit this number meanwhile?
      PERFORM 1 FROM orders o
        WHERE o.warehouse_info_id = p_warehouse AND o.holding_slot = v_n AND o.package_status < 5 AND o.order_status NOT IN (4, 5, 6)
        LIMIT 1;
      IF NOT FOUND THEN
        slots := slots || v_n;
      END IF;
    ELSE
      v_claimed := coalesce(v_claimed, v_n);
    END IF;
  END LOOP;
  IF cardinality(slots) > 0 THEN
    floor_first := least(v_claimed, slots[cardinality(slots)]);
  END IF;
END $$;--> statement-breakpoint

-- Migration 0032's statement, by another name: it signs the parcels without an order set-based and
-- every other scan one by one (haicang_sign_in).
ALTER FUNCTION haicang_sign_in_many(jsonb) RENAME TO haicang_sign_in_gathered;--> statement-breakpoint

-- The parcels of an order among p_items (haicang_sign_in_many's), signed set-based when three or more
-- are on the common path, each of another order and the first scan of its number: a JSON array of
-- answers in the items' order, JSON null for each scan not signed here; SQL null, having written
-- nothing, when it signs none. Raises HC409 as haicang_sign_in_gathered does, and nothing of any
-- scan stays.
CREATE FUNCTION haicang_sign_in_orders(p_items jsonb) RETURNS jsonb LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_answers jsonb;
  v_signed integer;
  v_stored integer;
  v_work jsonb;
  v_warehouse record;
  v_slots record;
BEGIN
  IF jsonb_array_length(p_items) >= 3 THEN
    -- The parcels, locked in id order: each the first scan of its number, on the common path, the only
    -- one of its order among the scans.
    SELECT jsonb_agg(jsonb_build_object('ord', c.ord, 'parcel_id', c.id, 'order_id', c.order_id, 'shipment', c.shipment, 'station_name', c.station_name)
        ORDER BY c.ord)
      INTO v_work
      FROM (SELECT p.id, p.order_id, p.shipment, c.ord, c.station_name
          FROM (SELECT q.id, q.order_id, i.ord, w.warehouse_name AS station_name, count(*) OVER (PARTITION BY q.order_id) AS n
              FROM (SELECT DISTINCT ON (i.shipment) i.shipment, i.station, e.n::integer AS ord
                  FROM jsonb_array_elements(p_items) WITH ORDINALITY e(j, n), jsonb_to_record(e.j) AS i(shipment text, station bigint)
                  ORDER BY i.shipment, e.n) i
              JOIN parcels q ON q.shipment = i.shipment
              JOIN warehouse_infos w ON w.id = i.station AND w.is_enabled
              WHERE q.order_id IS NOT NULL AND q.receive_status = 0 AND q.user_id IS NOT NULL) c
          JOIN parcels p ON p.id = c.id
          WHERE c.n = 1 AND p.order_id = c.order_id AND p.receive_status = 0 AND p.user_id IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM express_rejections r WHERE r.shipment = p.shipment AND r.handle_status = 0 AND r.handle_type = 1)
          ORDER BY p.id FOR UPDATE OF p) c;
    IF jsonb_array_length(coalesce(v_work, '[]')) < 3 THEN
      v_work := NULL;
    END IF;
  END IF;

  IF v_work IS NOT NULL THEN
    -- Their orders, locked in id order, each with its answer but for what the scan changes. A scan
    -- whose order is gone drops out (haicang_sign_in then answers null for it).
    SELECT jsonb_agg(x.w || jsonb_build_object('order_status', x.order_status, 'package_status', x.package_status, 'shelf_number', x.shelf_number,
          'warehouse', x.warehouse_info_id, 'store_name', x.store_name, 'trade_no', x.trade_no, 'order_number', x.order_number, 'answer', x.answer)
        ORDER BY (x.w->>'ord')::integer)
      INTO v_work
      FROM (SELECT w.value AS w, o.order_status, o.package_status, o.shelf_number, o.warehouse_info_id, st.store_name, o.trade_no, o.order_number,
            jsonb_build_object('id', o.id, 'tradeNo', o.trade_no, 'orderNumber', o.order_number,
              'userId', o.user_id, 'userCode', o.user_code, 'storeId', o.store_id, 'storeName', st.store_name,
              'warehouseInfoId', o.warehouse_info_id, 'warehouseName', ow.warehouse_name, 'site', o.site,
              'orderType', o.order_type, 'cargoCategory', o.cargo_category, 'shippingMethods', o.shipping_methods,
              'isUrgent', o.is_urgent, 'reMark', o.re_mark, 'pdfGuid', o.pdf_guid, 'holdReason', o.hold_reason,
              'creationTime', to_char(o.creation_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
              'lastModificationTime', to_char(o.last_modification_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) AS answer
          FROM jsonb_array_elements(v_work) w CROSS JOIN LATERAL jsonb_to_record(w.value) AS r(order_id bigint)
          -- A typed column (not w.value->>…, which is not leakproof): row-level security lets the join use the primary key.
          JOIN orders o ON o.id = r.order_id
          LEFT JOIN stores st ON st.id = o.store_id LEFT JOIN warehouse_infos ow ON ow.id = o.warehouse_info_id
          ORDER BY o.id FOR UPDATE OF o) x;

    -- Each open order's progress, by a statement of its own after those locks (as haicang_sign_in
    -- counts it), and what follows from it: afterParcelSigned's statuses, and whether a slot is needed.
    SELECT jsonb_agg(x.w || jsonb_build_object(
          'next_package', CASE WHEN x.closed THEN x.package_status WHEN x.signed >= x.total THEN 2 ELSE greatest(x.package_status, 1) END,
          'next_status', CASE WHEN NOT x.closed AND x.order_status = 1 THEN 2 ELSE x.order_status END,
          'needs_slot', NOT x.closed AND coalesce(x.shelf_number, '') = '', 'total', x.total, 'signed', x.signed)
        ORDER BY x.ord)
      INTO v_work
      FROM (SELECT w.value AS w, r.ord, r.order_status, r.package_status, r.shelf_number, r.order_status IN (4, 5, 6) AS closed, t.total, t.signed
          FROM jsonb_array_elements(v_work) w
          CROSS JOIN LATERAL jsonb_to_record(w.value) AS r(ord integer, order_id bigint, shipment text, order_status integer, package_status integer, shelf_number text)
          LEFT JOIN LATERAL (SELECT count(DISTINCT l.shipment)::integer AS total,
                (count(DISTINCT l.shipment) FILTER (WHERE p.id IS NOT NULL AND (p.receive_status IN (1, 2) OR l.shipment = r.shipment)))::integer AS signed
              FROM order_lines l LEFT JOIN parcels p ON p.shipment = l.shipment AND p.order_id = l.order_id
              WHERE l.order_id = r.order_id) t ON r.order_status NOT IN (4, 5, 6)) x;

    -- The holding slots, one search per warehouse for all its orders that need one, given in the
    -- scans' order; the floor raised as haicang_sign_in raises it. An order left without one drops out.
    FOR v_warehouse IN SELECT (w->>'warehouse')::bigint AS id, count(*)::integer AS n FROM jsonb_array_elements(v_work) w
        WHERE (w->>'needs_slot')::boolean GROUP BY 1 ORDER BY 1 LOOP
      SELECT s.slots, s.floor_first, s.floor_version INTO v_slots FROM haicang_free_slots(v_warehouse.id, v_warehouse.n) s;
      SELECT jsonb_agg(CASE WHEN x.k IS NULL THEN x.w ELSE x.w || jsonb_build_object('slot', v_slots.slots[x.k::integer]) END ORDER BY x.ord)
        INTO v_work
        FROM (SELECT w.value AS w, (w.value->>'ord')::integer AS ord,
              CASE WHEN (w.value->>'needs_slot')::boolean AND (w.value->>'warehouse')::bigint = v_warehouse.id
                THEN row_number() OVER (PARTITION BY (w.value->>'needs_slot')::boolean AND (w.value->>'warehouse')::bigint = v_warehouse.id
                  ORDER BY (w.value->>'ord')::integer) END AS k
            FROM jsonb_array_elements(v_work) w) x
        WHERE x.k IS NULL OR x.k <= cardinality(v_slots.slots);
      IF cardinality(v_slots.slots) > 0 THEN
        UPDATE slot_floors f SET floor = greatest(f.floor, v_slots.floor_first)
          WHERE f.ctid = ANY (ARRAY(SELECT g.ctid FROM slot_floors g WHERE g.warehouse_info_id = v_warehouse.id
            AND g.version = v_slots.floor_version FOR UPDATE SKIP LOCKED));
      END IF;
    END LOOP;
  END IF;

  IF v_work IS NOT NULL THEN
    -- The orders that change, then the parcels, their inbound records, the audit entries (each order's
    -- before its parcel's) and the keys' rows with the answers.
    WITH work AS (
        SELECT r.*, CASE WHEN r.slot IS NULL THEN NULL WHEN r.slot < 10000 THEN 'H' || lpad(r.slot::text, 4, '0') ELSE 'H' || r.slot END AS slot_name,
            r.next_package <> r.package_status OR r.next_status <> r.order_status OR r.slot IS NOT NULL AS writes, i.*
          FROM jsonb_array_elements(v_work) w
          CROSS JOIN LATERAL jsonb_to_record(w.value) AS r(ord integer, parcel_id bigint, order_id bigint, station_name text, order_status integer,
            package_status integer, shelf_number text, store_name text, trade_no text, order_number text, answer jsonb, next_package integer,
            next_status integer, total integer, signed integer, slot integer)
          CROSS JOIN LATERAL jsonb_to_record(p_items -> (r.ord - 1)) AS i(station bigint, weight numeric, note text, now timestamptz, modified timestamptz,
            user_id bigint, user_name text, key_tenant bigint, key_user bigint, key text, hash text)),
      planned AS (
        SELECT w.*, coalesce(w.slot_name, w.shelf_number) AS next_shelf FROM work w),
      moved AS (
        UPDATE orders o SET package_status = w.next_package, order_status = w.next_status, last_modification_time = w.modified,
            holding_slot = CASE WHEN w.slot IS NULL THEN o.holding_slot ELSE w.slot END,
            shelf_number = CASE WHEN w.slot IS NULL THEN o.shelf_number ELSE w.slot_name END
          FROM planned w WHERE o.id = w.order_id AND w.writes),
      signed AS (
        UPDATE parcels p SET receive_status = 1, sign_for_time = w.now, sign_user_id = w.user_id, sign_user_name = w.user_name,
            warehouse_info_id = coalesce(p.warehouse_info_id, w.station), weight = coalesce(w.weight, p.weight), re_mark = coalesce(w.note, p.re_mark),
            shelf_number = coalesce(nullif(w.next_shelf, ''), p.shelf_number)
          FROM planned w WHERE p.id = w.parcel_id
          RETURNING p.*, w.ord, w.note AS in_note, w.user_id AS by_id, w.user_name AS by_name, w.key_tenant, w.key_user, w.key, w.hash, w.station_name,
            w.store_name AS order_store_name, w.trade_no AS order_trade_no, w.order_number AS order_no, w.writes, w.order_status AS status_was,
            w.package_status AS package_was, w.next_status, w.next_package, w.next_shelf, w.shelf_number AS shelf_was, w.total, w.signed AS arrived, w.answer),
      inbound AS (INSERT INTO into_logistics (parcel_id, shipment, warehouse_info_id, user_id, user_name, store_name)
        SELECT s.id, s.shipment, s.warehouse_info_id, s.by_id, s.by_name, s.order_store_name FROM signed s ON CONFLICT DO NOTHING),
      audited AS (INSERT INTO order_operates (entity, entity_id, trade_no, order_number, action, status_before, status_after, note, user_id, user_name)
        SELECT e.entity, e.entity_id, e.trade_no, e.order_number, e.action, e.status_before, e.status_after, e.note, s.by_id, s.by_name
          FROM signed s CROSS JOIN LATERAL (VALUES
            (1, 'order', s.order_id, s.order_trade_no, s.order_no, 'parcelArrived', s.status_was || '/' || s.package_was, s.next_status || '/' || s.next_package,
              '已到 ' || s.arrived || '/' || s.total || ' 个快递单号'
                || CASE WHEN s.next_shelf IS DISTINCT FROM s.shelf_was THEN '，暂存位 ' || s.next_shelf ELSE '' END),
            (2, 'parcel', s.id, s.order_trade_no, s.shipment, 'signIn', '0', '1', s.in_note)) e(k, entity, entity_id, trade_no, order_number, action, status_before, status_after, note)
          WHERE e.k = 2 OR s.writes ORDER BY s.ord, e.k),
      stored AS (INSERT INTO idempotency_keys (tenant_id, user_id, key, request_hash, response)
        SELECT s.key_tenant, s.key_user, s.key, s.hash, jsonb_build_object(
            'action', 'SIGNED',
            'parcel', jsonb_build_object('id', s.id, 'shipment', s.shipment, 'warehouseInfoId', s.warehouse_info_id, 'warehouseName', s.station_name,
              'userId', s.user_id, 'userCode', s.user_code, 'orderId', s.order_id, 'orderType', s.order_type, 'receiveStatus', s.receive_status,
              'signForTime', to_char(s.sign_for_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'signUserName', s.sign_user_name,
              'shelfNumber', s.shelf_number, 'weight', s.weight, 'reMark', s.re_mark, 'imageGuid', s.image_guid, 'goodsImageGuid', s.goods_image_guid,
              'userUploadImageGuid', s.user_upload_image_guid, 'isNeedTakePicture', s.is_need_take_picture,
              'creationTime', to_char(s.creation_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
            'order', s.answer || jsonb_build_object('orderStatus', s.next_status, 'packageStatus', s.next_package, 'shelfNumber', s.next_shelf),
            'userCode', s.user_code, 'shelfNumber', coalesce(s.next_shelf, s.shelf_number), 'advanceOrder', NULL)
          FROM signed s ORDER BY s.ord ON CONFLICT DO NOTHING RETURNING tenant_id, user_id, key, response)
    SELECT (SELECT count(*) FROM signed)::integer, (SELECT count(*) FROM stored)::integer,
        (SELECT jsonb_agg(st.response ORDER BY g.n) FROM generate_series(1, jsonb_array_length(p_items)) g(n)
          LEFT JOIN signed s ON s.ord = g.n
          LEFT JOIN stored st ON st.key = s.key AND st.tenant_id IS NOT DISTINCT FROM s.key_tenant AND st.user_id IS NOT DISTINCT FROM s.key_user
          )
      INTO v_signed, v_stored, v_answers;
    IF v_stored < v_signed THEN
      RAISE EXCEPTION 'an Idempotency-Key was there already: the scans are rolled back' USING ERRCODE = 'HC409';
    END IF;
  END IF;

  RETURN v_answers;
END $$;--> statement-breakpoint

-- Keyed scans that arrive together (decision 0056), the parcels of an order first (decision 0057), and
-- then the others by migration 0032's statement, in their order. Answers as haicang_sign_in_gathered.
CREATE FUNCTION haicang_sign_in_many(p_items jsonb) RETURNS jsonb LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_orders jsonb;
  v_rest jsonb;
  v_others jsonb;
BEGIN
  v_orders := haicang_sign_in_orders(p_items);
  IF v_orders IS NULL THEN
    RETURN haicang_sign_in_gathered(p_items);
  END IF;
  SELECT jsonb_agg(e.j ORDER BY e.n) INTO v_rest
    FROM jsonb_array_elements(p_items) WITH ORDINALITY e(j, n) WHERE v_orders -> (e.n::integer - 1) = 'null';
  IF v_rest IS NULL THEN
    RETURN v_orders;
  END IF;
  v_others := haicang_sign_in_gathered(v_rest);
  RETURN (SELECT jsonb_agg(CASE WHEN a.v <> 'null' THEN a.v ELSE v_others -> (r.k - 1) END ORDER BY a.n)
    FROM jsonb_array_elements(v_orders) WITH ORDINALITY a(v, n)
    LEFT JOIN (SELECT n, (row_number() OVER (ORDER BY n))::integer AS k FROM jsonb_array_elements(v_orders) WITH ORDINALITY o(v, n) WHERE o.v = 'null') r
      ON r.n = a.n);
END $$;
