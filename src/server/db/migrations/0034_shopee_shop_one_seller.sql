-- Issue 42: a Shopee shop is authorised by one seller at a time across all tenants (decision 0028,
-- amended). A database where two sellers hold the same shop authorised keeps it for the first (the
-- lowest id); the later rows are marked 3 已取消, so their seller authorises again if the shop is his.
UPDATE "shopee_shops" s SET "shopee_status" = 3, "refresh_lease_until" = NULL
WHERE s."shopee_status" = 1
  AND EXISTS (SELECT 1 FROM "shopee_shops" o WHERE o."shop_id" = s."shop_id" AND o."shopee_status" = 1 AND o."id" < s."id");--> statement-breakpoint
CREATE UNIQUE INDEX "shopee_shops_authorised_uq" ON "shopee_shops" USING btree ("shop_id") WHERE "shopee_status" = 1;--> statement-breakpoint
-- Whether a seller other than (p_tenant_id, p_user_id) holds the shop authorised, in any tenant. The
-- request's role sees only its tenant's rows, so this runs as the tables' owner; it answers a boolean
-- and nothing about who holds it.
CREATE OR REPLACE FUNCTION haicang_shopee_shop_taken(p_shop_id bigint, p_tenant_id bigint, p_user_id bigint)
RETURNS boolean LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT EXISTS (
    SELECT 1 FROM shopee_shops
    WHERE shop_id = p_shop_id AND shopee_status = 1 AND NOT (tenant_id = p_tenant_id AND user_id = p_user_id)
  );
$$;
