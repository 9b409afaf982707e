-- The ledger's write in one call (modules/ledger/ledger.write.repo.ts): it locks the accounts,
-- works out each posting's balance after it and, only when every account exists, no user balance
-- dips below zero at any posting and no reason has posted before, writes the transactions, their
-- postings and the accounts' new balances. Otherwise it writes nothing and says why.
--
-- A function rather than one statement with the lock in it: a statement's snapshot is taken
-- before it waits for a lock, so under contention the rows it then updates had changed since, and
-- PostgreSQL rechecks each of them against the whole statement's plan (EvalPlanQual): a transfer
-- between busy accounts cost half as much again in CPU. Here the lock is a statement of its own
-- and the write that follows sees the locked rows as they are.
--
-- The accounts come as columns side by side (k_*), each once; postings (p_*) name their account by
-- its position among them and their transaction by its position among x_* (both from 1), in the
-- order their balances are worked out. A batch of a thousand settlements names a few hundred
-- accounts in its thousands of postings: each account is looked up once.
CREATE FUNCTION ledger_write(
  k_owner_type text[], k_user_id bigint[], k_system_name text[], k_mode text[], k_asset text[],
  k_bucket text[],
  p_tx int[], p_key int[], p_amount numeric[],
  x_kind text[], x_ref text[], x_mode text[], x_memo jsonb[], x_at timestamptz[]
) RETURNS TABLE (
  status text, written boolean, ord bigint, tx int, account_id bigint, transaction_id bigint,
  after text
) LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
BEGIN
  -- The accounts that exist, locked in id order (transactions touching the same accounts queue
  -- instead of deadlocking). The ids are found first, as one array, and only those rows are
  -- locked: with the lookup as a join of the locked rows, an account another transaction changed
  -- while this one waited could drop out of the answer.
  PERFORM 1 FROM ledger_accounts a
  WHERE a.id = ANY(ARRAY(
    SELECT u.id
    FROM unnest(k_owner_type, k_user_id, k_mode, k_asset, k_bucket) AS k(owner_type, user_id, mode, asset, bucket)
    JOIN ledger_accounts u
      ON k.owner_type = 'user' AND u.owner_type = 'user' AND u.user_id = k.user_id
     AND u.mode = k.mode AND u.asset = k.asset AND u.bucket = k.bucket
    UNION ALL
    SELECT s.id
    FROM unnest(k_owner_type, k_system_name, k_mode, k_asset, k_bucket) AS k(owner_type, system_name, mode, asset, bucket)
    JOIN ledger_accounts s
      ON k.owner_type = 'system' AND s.owner_type = 'system' AND s.user_id IS NULL
     AND s.system_name = k.system_name AND s.mode = k.mode AND s.asset = k.asset
     AND s.bucket = k.bucket))
  ORDER BY a.id
  FOR UPDATE;

  -- A new snapshot: the locked rows as they are now. Data-modifying parts of a WITH run to
  -- completion whether or not the final select reads them. Each transaction takes its id from the
  -- sequence up front (in the given order), so postings name it by position.
  RETURN QUERY
  WITH k AS MATERIALIZED (
    SELECT * FROM unnest(k_owner_type, k_user_id, k_system_name, k_mode, k_asset, k_bucket)
      WITH ORDINALITY AS k(owner_type, user_id, system_name, mode, asset, bucket, ord)
  ),
  acc AS MATERIALIZED (
    SELECT k.ord, u.id, u.balance FROM k JOIN ledger_accounts u
      ON k.owner_type = 'user' AND u.owner_type = 'user' AND u.user_id = k.user_id
     AND u.mode = k.mode AND u.asset = k.asset AND u.bucket = k.bucket
    UNION ALL
    SELECT k.ord, s.id, s.balance FROM k JOIN ledger_accounts s
      ON k.owner_type = 'system' AND s.owner_type = 'system' AND s.user_id IS NULL
     AND s.system_name = k.system_name AND s.mode = k.mode AND s.asset = k.asset
     AND s.bucket = k.bucket
  ),
  p AS MATERIALIZED (
    SELECT * FROM unnest(p_tx, p_key, p_amount) WITH ORDINALITY AS p(tx, key, amount, ord)
  ),
  run AS MATERIALIZED (
    SELECT p.ord, p.tx, k.owner_type, k.asset, p.amount, acc.id AS account_id,
           acc.balance + sum(p.amount) OVER (PARTITION BY p.key ORDER BY p.ord) AS after
    FROM p JOIN k ON k.ord = p.key LEFT JOIN acc ON acc.ord = p.key
  ),
  verdict AS (
    SELECT CASE WHEN bool_or(run.account_id IS NULL) THEN 'missing'
                WHEN bool_or(run.owner_type = 'user' AND run.after < 0) THEN 'negative'
                ELSE 'ok' END AS status
    FROM run
  ),
  x AS MATERIALIZED (
    SELECT x.*, nextval(pg_get_serial_sequence('ledger_transactions', 'id')) AS id
    FROM unnest(x_kind, x_ref, x_mode, x_memo, x_at) WITH ORDINALITY AS x(kind, ref, mode, memo, at, ord),
         verdict
    WHERE verdict.status = 'ok'
  ),
  t AS (
    INSERT INTO ledger_transactions (id, kind, ref, mode, memo, created_at)
    OVERRIDING SYSTEM VALUE
    SELECT x.id, x.kind, x.ref, x.mode, x.memo, coalesce(x.at, now())
    FROM x
    ORDER BY x.ord
    ON CONFLICT DO NOTHING
    RETURNING id
  ),
  complete AS (SELECT count(*) = cardinality(x_kind) AS yes FROM t),
  balances AS (
    UPDATE ledger_accounts a SET balance = f.after, updated_at = now()
    FROM (
      SELECT DISTINCT ON (run.account_id) run.account_id, run.after
      FROM run ORDER BY run.account_id, run.ord DESC
    ) f, complete
    WHERE a.id = f.account_id AND complete.yes
    RETURNING a.id
  ),
  entries AS (
    INSERT INTO ledger_postings (transaction_id, account_id, asset, amount, balance_after)
    SELECT x.id, run.account_id, run.asset, run.amount, run.after
    FROM run
    JOIN x ON x.ord = run.tx
    CROSS JOIN complete
    WHERE complete.yes
    ORDER BY run.ord
    RETURNING id
  )
  SELECT verdict.status, complete.yes, run.ord, run.tx::int, run.account_id, x.id,
         trim_scale(run.after)::text
  FROM run CROSS JOIN verdict CROSS JOIN complete LEFT JOIN x ON x.ord = run.tx
  ORDER BY run.ord;
END;
$$;
