-- The ledger's write for a transaction that posts last, just before its COMMIT
-- (modules/ledger/ledger.service.ts, postAtCommit): on PostgreSQL it goes in the same message as
-- the COMMIT (platform/pg-fold.ts), so nobody waits for its answer in between. It takes what
-- ledger_write takes and writes what ledger_write writes; what the caller would have done with
-- ledger_write's answer happens here instead: the accounts used for the first time are created (in
-- one order, so that two first uses cannot deadlock) and the write is tried again; a user balance
-- that would go below zero fails with SQLSTATE SX092 (the catalogue's 10092), and so the COMMIT
-- behind it does not run; a reason that has posted before fails too.
CREATE FUNCTION ledger_post_at_commit(
  k_owner_type text[], k_user_id bigint[], k_system_name text[], k_mode text[], k_asset text[],
  k_bucket text[],
  p_tx int[], p_key int[], p_amount numeric[],
  x_kind text[], x_ref text[], x_mode text[], x_memo jsonb[], x_at timestamptz[]
) RETURNS void LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  outcome text;
  done boolean;
BEGIN
  SELECT w.status, w.written INTO outcome, done
    FROM ledger_write(k_owner_type, k_user_id, k_system_name, k_mode, k_asset, k_bucket,
                      p_tx, p_key, p_amount, x_kind, x_ref, x_mode, x_memo, x_at) AS w
   LIMIT 1;
  IF outcome = 'missing' THEN
    INSERT INTO ledger_accounts (owner_type, user_id, system_name, mode, asset, bucket)
    SELECT DISTINCT k.owner_type, k.user_id, k.system_name, k.mode, k.asset, k.bucket
      FROM unnest(k_owner_type, k_user_id, k_system_name, k_mode, k_asset, k_bucket)
        AS k(owner_type, user_id, system_name, mode, asset, bucket)
     ORDER BY k.owner_type, k.user_id, k.system_name, k.mode, k.asset, k.bucket
    ON CONFLICT DO NOTHING;
    SELECT w.status, w.written INTO outcome, done
      FROM ledger_write(k_owner_type, k_user_id, k_system_name, k_mode, k_asset, k_bucket,
                        p_tx, p_key, p_amount, x_kind, x_ref, x_mode, x_memo, x_at) AS w
     LIMIT 1;
  END IF;
  IF outcome = 'negative' THEN
    RAISE EXCEPTION 'a user balance would go below zero' USING ERRCODE = 'SX092';
  ELSIF outcome IS DISTINCT FROM 'ok' THEN
    RAISE EXCEPTION 'ledger account missing after it was created';
  ELSIF NOT done THEN
    RAISE EXCEPTION 'a reason of this batch has posted before (% %)', x_kind[1], x_ref[1];
  END IF;
END
$$;
