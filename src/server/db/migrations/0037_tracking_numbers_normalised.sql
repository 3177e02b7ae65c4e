-- Issue 44: tracking numbers are stored and compared normalised (src/shared/tracking-number.ts: no
-- whitespace anywhere, upper case), as every input schema now writes them. This writes the rows of
-- before in that form.
--
-- Where a number is unique in its tenant (parcels, advance_orders, abroad_returns, and the open
-- rows of courier_express_deliveries and express_rejections), a row is rewritten only when no other
-- row of its tenant has the same normalised number: two rows that are one parcel under two
-- spellings (a seller's `yt1` declared, the station's `YT1` signed in as 无主件) are left as they are
-- for a person to settle. 指定卖家 on the 无主件 settles it: the parcel joins the order whose line
-- now reads `YT1` and the stale declaration under the old spelling is removed (logistics.ts).
-- Rows without such an index (order lines, inbound records, stock records, refusal returns) are all
-- rewritten.
UPDATE order_lines SET shipment = upper(regexp_replace(shipment, '\s', '', 'g'))
  WHERE shipment <> upper(regexp_replace(shipment, '\s', '', 'g'));
--> statement-breakpoint
UPDATE into_logistics SET shipment = upper(regexp_replace(shipment, '\s', '', 'g'))
  WHERE shipment <> upper(regexp_replace(shipment, '\s', '', 'g'));
--> statement-breakpoint
UPDATE stock_records SET logistics_number = upper(regexp_replace(logistics_number, '\s', '', 'g'))
  WHERE logistics_number <> upper(regexp_replace(logistics_number, '\s', '', 'g'));
--> statement-breakpoint
UPDATE order_returns SET shipment = upper(regexp_replace(shipment, '\s', '', 'g'))
  WHERE shipment <> upper(regexp_replace(shipment, '\s', '', 'g'));
--> statement-breakpoint
UPDATE parcels r SET shipment = upper(regexp_replace(r.shipment, '\s', '', 'g'))
  WHERE r.shipment <> upper(regexp_replace(r.shipment, '\s', '', 'g'))
    AND NOT EXISTS (SELECT 1 FROM parcels o WHERE o.tenant_id = r.tenant_id AND o.id <> r.id
      AND upper(regexp_replace(o.shipment, '\s', '', 'g')) = upper(regexp_replace(r.shipment, '\s', '', 'g')));
--> statement-breakpoint
UPDATE advance_orders r SET shipment = upper(regexp_replace(r.shipment, '\s', '', 'g'))
  WHERE r.shipment <> upper(regexp_replace(r.shipment, '\s', '', 'g'))
    AND NOT EXISTS (SELECT 1 FROM advance_orders o WHERE o.tenant_id = r.tenant_id AND o.id <> r.id
      AND upper(regexp_replace(o.shipment, '\s', '', 'g')) = upper(regexp_replace(r.shipment, '\s', '', 'g')));
--> statement-breakpoint
UPDATE abroad_returns r SET return_number = upper(regexp_replace(r.return_number, '\s', '', 'g'))
  WHERE r.return_number <> upper(regexp_replace(r.return_number, '\s', '', 'g'))
    AND NOT EXISTS (SELECT 1 FROM abroad_returns o WHERE o.tenant_id = r.tenant_id AND o.id <> r.id
      AND upper(regexp_replace(o.return_number, '\s', '', 'g')) = upper(regexp_replace(r.return_number, '\s', '', 'g')));
--> statement-breakpoint
UPDATE courier_express_deliveries r SET shipment = upper(regexp_replace(r.shipment, '\s', '', 'g'))
  WHERE r.shipment <> upper(regexp_replace(r.shipment, '\s', '', 'g'))
    AND NOT EXISTS (SELECT 1 FROM courier_express_deliveries o WHERE o.tenant_id = r.tenant_id AND o.id <> r.id
      AND upper(regexp_replace(o.shipment, '\s', '', 'g')) = upper(regexp_replace(r.shipment, '\s', '', 'g')));
--> statement-breakpoint
UPDATE express_rejections r SET shipment = upper(regexp_replace(r.shipment, '\s', '', 'g'))
  WHERE r.shipment <> upper(regexp_replace(r.shipment, '\s', '', 'g'))
    AND NOT EXISTS (SELECT 1 FROM express_rejections o WHERE o.tenant_id = r.tenant_id AND o.id <> r.id
      AND upper(regexp_replace(o.shipment, '\s', '', 'g')) = upper(regexp_replace(r.shipment, '\s', '', 'g')));
