-- Issues 42 (item 3) and 45 (item 6): a parcel declared for another warehouse than the station's is
-- never signed silently. The server answers WRONG_WAREHOUSE naming the declared warehouse, and signs it
-- only when the picker confirms a transfer (SignByScan's `transfer: true`), the usual way
-- (orders/logistics.ts). So every statement of the common path leaves such a parcel alone: it is off
-- the path, answered null with nothing written, and the request runs again the usual way, which
-- answers the verdict. The three functions that pick the parcels they sign (migrations 0031, 0032 as
-- renamed by 0033, and 0033) are written again with one more condition each, `the parcel's warehouse
-- is null or the station`; nothing else in them changes. The condition reads a column of the row each
-- already locks: no statement more on the common path.

CREATE OR REPLACE FUNCTION haicang_sign_in(p_shipment text, p_station bigint, p_weight numeric, p_note text, p_now timestamptz,
  p_modified timestamptz, p_user_id bigint, p_user_name text, p_key_tenant bigint, p_key_user bigint, p_key text, p_hash text)
RETURNS jsonb LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_scan record;
  v_order record;
  v_total integer;
  v_signed integer;
  v_slot record;
  v_writes boolean := false;
  v_next_package integer;
  v_next_status integer;
  v_slot_name text;
  v_next_shelf text;
  v_store_name text;
  v_trade_no text;
  v_order_id bigint;
  v_order_number text;
  v_order_note text;
  v_order_before text;
  v_order_after text;
  v_order_json jsonb;
  v_answer jsonb;
BEGIN
  -- The parcel locked, whether a refusal is pending for it, and the station's name if it is enabled.
  SELECT p.id, p.shipment, p.user_id, p.order_id, p.order_type, p.receive_status, p.warehouse_info_id,
      (SELECT r.id FROM express_rejections r WHERE r.shipment = p.shipment AND r.handle_status = 0 AND r.handle_type = 1) AS refusal_id,
      (SELECT w.warehouse_name FROM warehouse_infos w WHERE w.id = p_station AND w.is_enabled) AS station_name
    INTO v_scan FROM parcels p WHERE p.shipment = p_shipment FOR UPDATE OF p;
  IF NOT FOUND OR v_scan.station_name IS NULL OR v_scan.receive_status <> 0 OR v_scan.user_id IS NULL OR v_scan.refusal_id IS NOT NULL
      OR (v_scan.order_type = 3 AND v_scan.order_id IS NULL) OR v_scan.warehouse_info_id <> p_station THEN
    RETURN NULL;
  END IF;
  IF v_scan.order_id IS NOT NULL THEN
    -- The order second, after the parcel, with its answer but for what the scan changes.
    SELECT o.id, o.trade_no, o.order_number, o.order_status, o.package_status, o.shelf_number, o.warehouse_info_id, st.store_name,
        jsonb_build_object('id', o.id, 'tradeNo', o.trade_no, 'orderNumber', o.order_number,
          'userId', o.user_id, 'userCode', o.user_code, 'storeId', o.store_id, 'storeName', st.store_name,
          'warehouseInfoId', o.warehouse_info_id, 'warehouseName', ow.warehouse_name, 'site', o.site,
          'orderType', o.order_type, 'cargoCategory', o.cargo_category, 'shippingMethods', o.shipping_methods,
          'isUrgent', o.is_urgent, 'reMark', o.re_mark, 'pdfGuid', o.pdf_guid, 'holdReason', o.hold_reason,
          'creationTime', to_char(o.creation_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'lastModificationTime', to_char(o.last_modification_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) AS answer
      INTO v_order FROM orders o
      LEFT JOIN stores st ON st.id = o.store_id LEFT JOIN warehouse_infos ow ON ow.id = o.warehouse_info_id
      WHERE o.id = v_scan.order_id FOR UPDATE OF o;
    IF NOT FOUND THEN
      RETURN NULL;
    END IF;
    v_order_id := v_order.id;
    v_order_number := v_order.order_number;
    v_store_name := v_order.store_name;
    v_trade_no := v_order.trade_no;
    v_next_package := v_order.package_status;
    v_next_status := v_order.order_status;
    v_next_shelf := v_order.shelf_number;
    -- Nothing more happens to a closed order (已发货, 已完成, 已取消).
    IF v_order.order_status NOT IN (4, 5, 6) THEN
      -- Its progress, by a statement of its own after the lock: its snapshot sees every sibling parcel
      -- signed by whoever held the order's lock before (haicang_order_arrival's count, this parcel as here).
      SELECT count(DISTINCT l.shipment)::integer,
             (count(DISTINCT l.shipment) FILTER (WHERE p.id IS NOT NULL AND (p.receive_status IN (1, 2) OR l.shipment = v_scan.shipment)))::integer
        INTO v_total, v_signed
        FROM order_lines l LEFT JOIN parcels p ON p.shipment = l.shipment AND p.order_id = l.order_id
        WHERE l.order_id = v_order.id;
      IF coalesce(v_order.shelf_number, '') = '' THEN
        SELECT s.free_slot, s.floor_first, s.floor_version INTO v_slot FROM haicang_free_slot(v_order.warehouse_info_id) s;
        IF v_slot.free_slot IS NOT NULL THEN
          v_slot_name := 'H' || CASE WHEN v_slot.free_slot < 10000 THEN lpad(v_slot.free_slot::text, 4, '0') ELSE v_slot.free_slot::text END;
        END IF;
      END IF;
      -- afterParcelSigned: 已到齐 when every number is here, else at least 部分到货; 待处理 becomes 处理中.
      v_next_package := CASE WHEN v_signed >= v_total THEN 2 ELSE greatest(v_order.package_status, 1) END;
      v_next_status := CASE WHEN v_order.order_status = 1 THEN 2 ELSE v_order.order_status END;
      v_writes := v_next_package <> v_order.package_status OR v_next_status <> v_order.order_status OR v_slot_name IS NOT NULL;
      v_next_shelf := coalesce(v_slot_name, v_order.shelf_number);
    END IF;
    IF v_writes THEN
      -- The order's update, and with a new slot the warehouse's slot floor raised (decision 0035).
      IF v_slot_name IS NULL THEN
        UPDATE orders o SET package_status = v_next_package, order_status = v_next_status, last_modification_time = p_modified
          WHERE o.id = v_order.id;
      ELSIF v_slot.floor_version IS NULL THEN
        WITH moved AS (UPDATE orders o SET package_status = v_next_package, order_status = v_next_status, holding_slot = v_slot.free_slot,
            shelf_number = v_slot_name, last_modification_time = p_modified WHERE o.id = v_order.id)
        INSERT INTO slot_floors (warehouse_info_id, floor) VALUES (v_order.warehouse_info_id, v_slot.floor_first) ON CONFLICT DO NOTHING;
      ELSE
        WITH moved AS (UPDATE orders o SET package_status = v_next_package, order_status = v_next_status, holding_slot = v_slot.free_slot,
            shelf_number = v_slot_name, last_modification_time = p_modified WHERE o.id = v_order.id)
        UPDATE slot_floors f SET floor = greatest(f.floor, v_slot.floor_first)
          WHERE f.ctid = ANY (ARRAY(SELECT g.ctid FROM slot_floors g WHERE g.warehouse_info_id = v_order.warehouse_info_id
            AND g.version = v_slot.floor_version FOR UPDATE SKIP LOCKED));
      END IF;
      v_order_before := v_order.order_status || '/' || v_order.package_status;
      v_order_after := v_next_status || '/' || v_next_package;
      v_order_note := '已到 ' || v_signed || '/' || v_total || ' 个快递单号'
        || CASE WHEN v_next_shelf IS DISTINCT FROM v_order.shelf_number THEN '，暂存位 ' || v_next_shelf ELSE '' END;
    END IF;
    v_order_json := v_order.answer || jsonb_build_object('orderStatus', v_next_status, 'packageStatus', v_next_package, 'shelfNumber', v_next_shelf);
  END IF;
  -- The parcel, its inbound record, the audit entries (the order's first) and the key's row with the answer.
  WITH signed AS (
      UPDATE parcels p SET receive_status = 1, sign_for_time = p_now, sign_user_id = p_user_id, sign_user_name = p_user_name,
          warehouse_info_id = coalesce(p.warehouse_info_id, p_station), weight = coalesce(p_weight, p.weight), re_mark = coalesce(p_note, p.re_mark),
          shelf_number = coalesce(nullif(v_next_shelf, ''), p.shelf_number)
        WHERE p.id = v_scan.id RETURNING p.*),
    inbound AS (INSERT INTO into_logistics (parcel_id, shipment, warehouse_info_id, user_id, user_name, store_name)
      SELECT s.id, s.shipment, s.warehouse_info_id, p_user_id, p_user_name, v_store_name FROM signed s ON CONFLICT DO NOTHING),
    audited AS (INSERT INTO order_operates (entity, entity_id, trade_no, order_number, action, status_before, status_after, note, user_id, user_name)
      SELECT e.entity, e.entity_id, e.trade_no, e.order_number, e.action, e.status_before, e.status_after, e.note, p_user_id, p_user_name
        FROM signed s CROSS JOIN LATERAL (VALUES
          (1, 'order', v_order_id, v_trade_no, v_order_number, 'parcelArrived', v_order_before, v_order_after, v_order_note),
          (2, 'parcel', s.id, v_trade_no, s.shipment, 'signIn', '0', '1', p_note)) e(k, entity, entity_id, trade_no, order_number, action, status_before, status_after, note)
        WHERE e.k = 2 OR v_writes ORDER BY e.k),
    stored AS (INSERT INTO idempotency_keys (tenant_id, user_id, key, request_hash, response)
      SELECT p_key_tenant, p_key_user, p_key, p_hash, jsonb_build_object(
          'action', 'SIGNED',
          'parcel', jsonb_build_object('id', s.id, 'shipment', s.shipment, 'warehouseInfoId', s.warehouse_info_id, 'warehouseName', v_scan.station_name,
            'userId', s.user_id, 'userCode', s.user_code, 'orderId', s.order_id, 'orderType', s.order_type, 'receiveStatus', s.receive_status,
            'signForTime', to_char(s.sign_for_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'signUserName', s.sign_user_name,
            'shelfNumber', s.shelf_number, 'weight', s.weight, 'reMark', s.re_mark, 'imageGuid', s.image_guid, 'goodsImageGuid', s.goods_image_guid,
            'userUploadImageGuid', s.user_upload_image_guid, 'isNeedTakePicture', s.is_need_take_picture,
            'creationTime', to_char(s.creation_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
          'order', v_order_json, 'userCode', s.user_code, 'shelfNumber', coalesce(v_next_shelf, s.shelf_number), 'advanceOrder', NULL)
        FROM signed s ON CONFLICT DO NOTHING RETURNING response)
  SELECT st.response INTO v_answer FROM stored st;
  IF v_answer IS NULL THEN
    -- The key's row was there already: nothing of this may stay.
    RAISE EXCEPTION 'the Idempotency-Key was there already: the scan is rolled back' USING ERRCODE = 'HC409';
  END IF;
  RETURN v_answer;
END $$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION haicang_sign_in_gathered(p_items jsonb) RETURNS jsonb LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_answers jsonb[];
  v_signed integer;
  v_stored integer;
  v_item record;
BEGIN
  -- Parcels without an order, each signed as haicang_sign_in signs one, in one statement.
  WITH items AS (
      SELECT DISTINCT ON (i.shipment) i.*, n::integer AS ord
        FROM jsonb_array_elements(p_items) WITH ORDINALITY e(j, n), jsonb_to_record(e.j) AS i(shipment text, station bigint, weight numeric, note text,
          now timestamptz, user_id bigint, user_name text, key_tenant bigint, key_user bigint, key text, hash text)
        ORDER BY i.shipment, n),
    locked AS (
      SELECT p.id, i.*, w.warehouse_name AS station_name
        FROM items i JOIN parcels p ON p.shipment = i.shipment
        JOIN warehouse_infos w ON w.id = i.station AND w.is_enabled
        WHERE p.receive_status = 0 AND p.user_id IS NOT NULL AND p.order_id IS NULL AND p.order_type IS DISTINCT FROM 3
          AND (p.warehouse_info_id IS NULL OR p.warehouse_info_id = i.station)
          AND NOT EXISTS (SELECT 1 FROM express_rejections r WHERE r.shipment = p.shipment AND r.handle_status = 0 AND r.handle_type = 1)
        ORDER BY p.id FOR UPDATE OF p),
    signed AS (
      UPDATE parcels p SET receive_status = 1, sign_for_time = l.now, sign_user_id = l.user_id, sign_user_name = l.user_name,
          warehouse_info_id = coalesce(p.warehouse_info_id, l.station), weight = coalesce(l.weight, p.weight), re_mark = coalesce(l.note, p.re_mark)
        FROM locked l WHERE p.id = l.id AND p.receive_status = 0 AND p.order_id IS NULL
        RETURNING p.*, l.ord, l.note AS in_note, l.user_id AS by_id, l.user_name AS by_name, l.key_tenant, l.key_user, l.key, l.hash, l.station_name),
    inbound AS (INSERT INTO into_logistics (parcel_id, shipment, warehouse_info_id, user_id, user_name, store_name)
      SELECT s.id, s.shipment, s.warehouse_info_id, s.by_id, s.by_name, NULL FROM signed s ON CONFLICT DO NOTHING),
    audited AS (INSERT INTO order_operates (entity, entity_id, trade_no, order_number, action, status_before, status_after, note, user_id, user_name)
      SELECT 'parcel', s.id, NULL, s.shipment, 'signIn', '0', '1', s.in_note, s.by_id, s.by_name FROM signed s ORDER BY s.ord),
    stored AS (INSERT INTO idempotency_keys (tenant_id, user_id, key, request_hash, response)
      SELECT s.key_tenant, s.key_user, s.key, s.hash, jsonb_build_object(
          'action', 'SIGNED',
          'parcel', jsonb_build_object('id', s.id, 'shipment', s.shipment, 'warehouseInfoId', s.warehouse_info_id, 'warehouseName', s.station_name,
            'userId', s.user_id, 'userCode', s.user_code, 'orderId', s.order_id, 'orderType', s.order_type, 'receiveStatus', s.receive_status,
            'signForTime', to_char(s.sign_for_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'signUserName', s.sign_user_name,
            'shelfNumber', s.shelf_number, 'weight', s.weight, 'reMark', s.re_mark, 'imageGuid', s.image_guid, 'goodsImageGuid', s.goods_image_guid,
            'userUploadImageGuid', s.user_upload_image_guid, 'isNeedTakePicture', s.is_need_take_picture,
            'creationTime', to_char(s.creation_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
          'order', NULL, 'userCode', s.user_code, 'shelfNumber', s.shelf_number, 'advanceOrder', NULL)
        FROM signed s ORDER BY s.ord ON CONFLICT DO NOTHING RETURNING tenant_id, user_id, key, response)
  SELECT (SELECT count(*) FROM signed)::integer, (SELECT count(*) FROM stored)::integer,
      array(SELECT st.response FROM generate_series(1, jsonb_array_length(p_items)) g(n)
        LEFT JOIN signed s ON s.ord = g.n
        LEFT JOIN stored st ON st.key = s.key AND st.tenant_id IS NOT DISTINCT FROM s.key_tenant AND st.user_id IS NOT DISTINCT FROM s.key_user
        ORDER BY g.n)
    INTO v_signed, v_stored, v_answers;
  IF v_stored < v_signed THEN
    RAISE EXCEPTION 'an Idempotency-Key was there already: the scans are rolled back' USING ERRCODE = 'HC409';
  END IF;
  -- The others one by one, as alone (an order's parcel, or off the path: null).
  FOR v_item IN SELECT i.*, e.n::integer AS ord FROM jsonb_array_elements(p_items) WITH ORDINALITY e(j, n), jsonb_to_record(e.j) AS i(shipment text, station bigint,
      weight numeric, note text, now timestamptz, modified timestamptz, user_id bigint, user_name text, key_tenant bigint, key_user bigint, key text, hash text) LOOP
    CONTINUE WHEN v_answers[v_item.ord] IS NOT NULL;
    v_answers[v_item.ord] := haicang_sign_in(v_item.shipment, v_item.station, v_item.weight, v_item.note, v_item.now, v_item.modified,
      v_item.user_id, v_item.user_name, v_item.key_tenant, v_item.key_user, v_item.key, v_item.hash);
  END LOOP;
  RETURN to_jsonb(v_answers);
END $$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION haicang_sign_in_orders(p_items jsonb) RETURNS jsonb LANGUAGE plpgsql VOLATILE AS $$
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
          FROM (SELECT q.id, q.order_id, i.ord, i.station, w.warehouse_name AS station_name, count(*) OVER (PARTITION BY q.order_id) AS n
              FROM (SELECT DISTINCT ON (i.shipment) i.shipment, i.station, e.n::integer AS ord
                  FROM jsonb_array_elements(p_items) WITH ORDINALITY e(j, n), jsonb_to_record(e.j) AS i(shipment text, station bigint)
                  ORDER BY i.shipment, e.n) i
              JOIN parcels q ON q.shipment = i.shipment
              JOIN warehouse_infos w ON w.id = i.station AND w.is_enabled
              WHERE q.order_id IS NOT NULL AND q.receive_status = 0 AND q.user_id IS NOT NULL
                AND (q.warehouse_info_id IS NULL OR q.warehouse_info_id = i.station)) c
          JOIN parcels p ON p.id = c.id
          WHERE c.n = 1 AND p.order_id = c.order_id AND p.receive_status = 0 AND p.user_id IS NOT NULL
            AND (p.warehouse_info_id IS NULL OR p.warehouse_info_id = c.station)
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
END $$;
