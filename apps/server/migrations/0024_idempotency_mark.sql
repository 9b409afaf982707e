-- The mark that an attempt holding an Idempotency-Key committed something (platform/idempotency.ts):
-- it sets the key's committed_at in the transaction that calls it, and fails when the attempt no
-- longer holds the key (a retry took it over after the lease), so that the transaction cannot
-- commit. On PostgreSQL it is sent in the same message as the transaction's COMMIT
-- (platform/pg-fold.ts); should it fail, the COMMIT does not run. SQLSTATE SX106 is this error.
CREATE FUNCTION idempotency_mark(p_scope text, p_key text, p_token text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE idempotency_keys SET committed_at = coalesce(committed_at, now())
   WHERE scope = p_scope AND key = p_key AND token = p_token;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'the Idempotency-Key is no longer held by this attempt' USING ERRCODE = 'SX106';
  END IF;
END
$$;
