-- Decision 0056: keyed scans that arrive together signed in one statement (the server's scan lane,
-- modules/orders/scan-lane.ts). p_items: a JSON array of haicang_sign_in's arguments, one object per
-- scan (shipment, station, weight, note, now, modified, user_id, user_name, key_tenant, key_user, key,
-- hash). Answers a JSON array of their answers, in their order: each what haicang_sign_in answers for
-- it, null where nothing was written for it (off the common path).
--
-- The parcels without an order are signed set-based, as haicang_sign_in signs one (the same checks,
-- rows and answer; locked in id order); a number given twice is signed once, for its first scan. Every
-- other scan is then signed by haicang_sign_in, one by one. All of it is one transaction: if any
-- key's row was there already it raises HC409 and nothing of any scan stays.
CREATE OR REPLACE FUNCTION haicang_sign_in_many(p_items jsonb) RETURNS jsonb LANGUAGE plpgsql VOLATILE AS $$
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
END $$;
