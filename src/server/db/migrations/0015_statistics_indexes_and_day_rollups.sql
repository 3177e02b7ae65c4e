CREATE TABLE "audit_day_counts" (
	"tenant_id" bigint DEFAULT nullif(current_setting('app.tenant_id', true), '')::bigint NOT NULL,
	"day" date NOT NULL,
	"action" varchar(64) NOT NULL,
	"user_id" bigint NOT NULL,
	"stock" boolean NOT NULL,
	"row_count" integer NOT NULL,
	"entity_count" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_day_counts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "flow_day_sums" (
	"tenant_id" bigint DEFAULT nullif(current_setting('app.tenant_id', true), '')::bigint NOT NULL,
	"day" date NOT NULL,
	"user_id" bigint NOT NULL,
	"user_code" varchar(16) NOT NULL,
	"channel" smallint NOT NULL,
	"cents" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "flow_day_sums" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "statistic_days" (
	"tenant_id" bigint DEFAULT nullif(current_setting('app.tenant_id', true), '')::bigint NOT NULL,
	"day" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "statistic_days" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_day_counts_uq" ON "audit_day_counts" USING btree ("tenant_id","action","day","user_id","stock");--> statement-breakpoint
CREATE UNIQUE INDEX "flow_day_sums_uq" ON "flow_day_sums" USING btree ("tenant_id","day","user_id","channel");--> statement-breakpoint
CREATE INDEX "flow_day_sums_user_idx" ON "flow_day_sums" USING btree ("tenant_id","user_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "statistic_days_uq" ON "statistic_days" USING btree ("tenant_id","day");--> statement-breakpoint
CREATE INDEX "order_operates_action_time_idx" ON "order_operates" USING btree ("tenant_id","action","creation_time","user_id","entity_id","trade_no");--> statement-breakpoint
CREATE INDEX "account_flows_user_time_idx" ON "account_flows" USING btree ("tenant_id","user_id","creation_time");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "audit_day_counts" AS PERMISSIVE FOR ALL TO "haicang_app" USING ("audit_day_counts"."tenant_id" = nullif(current_setting('app.tenant_id', true), '')::bigint) WITH CHECK ("audit_day_counts"."tenant_id" = nullif(current_setting('app.tenant_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "flow_day_sums" AS PERMISSIVE FOR ALL TO "haicang_app" USING ("flow_day_sums"."tenant_id" = nullif(current_setting('app.tenant_id', true), '')::bigint) WITH CHECK ("flow_day_sums"."tenant_id" = nullif(current_setting('app.tenant_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "statistic_days" AS PERMISSIVE FOR ALL TO "haicang_app" USING ("statistic_days"."tenant_id" = nullif(current_setting('app.tenant_id', true), '')::bigint) WITH CHECK ("statistic_days"."tenant_id" = nullif(current_setting('app.tenant_id', true), '')::bigint);