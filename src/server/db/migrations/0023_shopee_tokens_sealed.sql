ALTER TABLE "shopee_shops" ALTER COLUMN "access_token" SET DATA TYPE varchar(512);--> statement-breakpoint
ALTER TABLE "shopee_shops" ALTER COLUMN "refresh_token" SET DATA TYPE varchar(512);