ALTER TABLE "express_rejections" ADD COLUMN "return_no" varchar(64);--> statement-breakpoint
ALTER TABLE "express_rejections" ADD COLUMN "return_express_company" varchar(64);--> statement-breakpoint
ALTER TABLE "express_rejections" ADD COLUMN "express_cost_cents" bigint;--> statement-breakpoint
ALTER TABLE "express_rejections" ADD COLUMN "return_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "express_rejections" ADD COLUMN "deduction_type" smallint;--> statement-breakpoint
ALTER TABLE "express_rejections" ADD COLUMN "deduction_cents" bigint;--> statement-breakpoint
ALTER TABLE "express_rejections" ADD COLUMN "deduction_flow_id" bigint;--> statement-breakpoint
ALTER TABLE "express_rejections" ADD COLUMN "warehouse_remark" varchar(512);