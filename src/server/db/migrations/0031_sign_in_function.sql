-- Decision 0051: a keyed scan on its common path, as one function called by one statement. The rules
-- are orders/inbound.ts's (signLockedParcel, advance) and #shared/rules/orders.ts's (afterParcelSigned,
-- isOrderClosed: statuses 4 已发货, 5 已完成, 6 已取消), written again; tests/api/scan-one-statement.test.ts
-- signs the same parcels both ways and compares every row and answer. Status codes: receive 0 declared,
-- 1 signed; package 1 partial, 2 complete; order 1 pending, 2 processing; express_rejections handle_type
-- 1 refusal, handle_status 0 pending; order_type 3 stock.
--
-- Each part runs only when the scan needs it (one statement of CTEs set up the order's part for every
-- scan, with an order or not): the parcel's lock; for a parcel of an order, the order's lock (which
-- also builds the order's answer), its progress counted by a statement of its own after that lock,
-- the slot search (haicang_free_slot), and the order's update with the slot floor's write; then one
-- statement for the parcel, the inbound record, the audit entries and the key's row.
--
-- Answers SignByScan's answer, stored with the Idempotency-Key's row it inserts last; null, having
-- written nothing, when the scan is off the common path (no such parcel, not declared, no seller, a
-- refusal pending, a stock record's parcel, its order gone, the station missing or disabled). If the
-- key's row is there already, it raises SQLSTATE HC409 after its writes, so nothing of them stays.
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
  SELECT p.id, p.shipment, p.user_id, p.order_id, p.order_type, p.receive_status,
      (SELECT r.id FROM express_rejections r WHERE r.shipment = p.shipment AND r.handle_status = 0 AND r.handle_type = 1) AS refusal_id,
      (SELECT w.warehouse_name FROM warehouse_infos w WHERE w.id = p_station AND w.is_enabled) AS station_name
    INTO v_scan FROM parcels p WHERE p.shipment = p_shipment FOR UPDATE OF p;
  IF NOT FOUND OR v_scan.station_name IS NULL OR v_scan.receive_status <> 0 OR v_scan.user_id IS NULL OR v_scan.refusal_id IS NOT NULL
      OR (v_scan.order_type = 3 AND v_scan.order_id IS NULL) THEN
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
END $$;
