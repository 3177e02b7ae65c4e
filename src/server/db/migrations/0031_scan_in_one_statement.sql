-- Decision 0051: a keyed scan on the common path is one statement (orders/repository.ts, signInOneStatement), which
-- writes its Idempotency-Key's row last, with its answer. When that row is there already (a repeat, or
-- the key of another request), the statement must fail, so that the COMMIT sent behind it ends the
-- transaction as a rollback: this function, called from its select list, raises then. SQLSTATE HC409
-- is this project's own; the server runs the request again, its key claimed first.
CREATE OR REPLACE FUNCTION haicang_key_taken() RETURNS boolean
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  RAISE EXCEPTION 'the Idempotency-Key was there already: the scan is rolled back' USING ERRCODE = 'HC409';
END $$;
