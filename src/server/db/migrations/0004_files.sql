CREATE TABLE "files" (
	"guid" uuid PRIMARY KEY NOT NULL,
	"tenant_id" bigint DEFAULT nullif(current_setting('app.tenant_id', true), '')::bigint NOT NULL,
	"owner_user_id" bigint NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"content_type" varchar(64) NOT NULL,
	"size" bigint NOT NULL,
	"kind" varchar(8) NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_kind_ck" CHECK ("files"."kind" in ('image', 'pdf'))
);
--> statement-breakpoint
ALTER TABLE "files" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_owner_idx" ON "files" USING btree ("tenant_id","owner_user_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "files" AS PERMISSIVE FOR ALL TO "haicang_app" USING ("files"."tenant_id" = nullif(current_setting('app.tenant_id', true), '')::bigint) WITH CHECK ("files"."tenant_id" = nullif(current_setting('app.tenant_id', true), '')::bigint);