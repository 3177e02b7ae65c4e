-- The PostgreSQL file store (FILE_STORE=postgres, the default with DATABASE_URL): uploaded and
-- generated files readable by every server. Not tenant tables: only the owner connection reads and
-- writes them (after the tenant-confined files row is checked), so the application roles get no
-- privilege (the default privileges of 0000 granted them DML) and row-level security is on with no
-- policy, which denies them every row should a grant come back.
CREATE TABLE "file_blobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"key" varchar(512),
	"size" bigint DEFAULT 0 NOT NULL,
	"chunks" integer DEFAULT 0 NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "file_blobs_key_uq" ON "file_blobs" USING btree ("key");--> statement-breakpoint
CREATE TABLE "file_chunks" (
	"blob_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"data" bytea NOT NULL,
	CONSTRAINT "file_chunks_blob_id_seq_pk" PRIMARY KEY("blob_id","seq")
);
--> statement-breakpoint
ALTER TABLE "file_chunks" ADD CONSTRAINT "file_chunks_blob_id_file_blobs_id_fk" FOREIGN KEY ("blob_id") REFERENCES "public"."file_blobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Photos and PDFs are compressed already: kept out of line without another compression attempt.
ALTER TABLE "file_chunks" ALTER COLUMN "data" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "file_blobs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "file_chunks" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
REVOKE ALL ON "file_blobs", "file_chunks" FROM haicang_app;
