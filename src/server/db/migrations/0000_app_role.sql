-- The application role that request transactions switch to (SET LOCAL ROLE). It is not the table
-- owner, so row-level security applies to it. Roles are cluster-wide: create it only once, and
-- tolerate a concurrent creation by another database's migration on the same server.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'haicang_app') THEN
    CREATE ROLE haicang_app NOLOGIN;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO haicang_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO haicang_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO haicang_app;
--> statement-breakpoint
-- Granting to the current user lets it SET ROLE even when it is not a superuser.
DO $$ BEGIN EXECUTE format('GRANT haicang_app TO %I', current_user); EXCEPTION WHEN others THEN NULL; END $$;
