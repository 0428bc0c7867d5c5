-- Fraud signals (docs/domain.md, Fraud signals): the advisory locks and the three checks as two
-- functions, so placing an order runs them as one statement, one round trip, with the plans of
-- their queries kept by each connection (PL/pgSQL), not planned again on every order.
--
-- order_signal_locks: takes the transaction advisory locks of the checks, always in the same
-- order, the buyer's PayPal (class 1, as it is compared) and the screenshot's upload with every
-- upload paired with it (class 2); answers those keys, the upload's first (null: no screenshot).
CREATE FUNCTION "order_signal_locks"(paypal text, upload_key text) RETURNS text[]
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  keys text[];
BEGIN
  IF upload_key IS NOT NULL THEN
    keys := array[upload_key] || array(
      SELECT p."other_key" FROM "upload_same_pictures" p WHERE p."key" = upload_key AND p."other_key" <> upload_key
    );
  END IF;
  PERFORM pg_advisory_xact_lock(l.class, l.key) FROM (
    SELECT 1 AS class, hashtext(lower(trim(paypal))) AS key WHERE paypal IS NOT NULL
    UNION
    SELECT 2, hashtext(k) FROM unnest(keys) k
    ORDER BY 1, 2
  ) l;
  RETURN keys;
END $$;
--> statement-breakpoint
-- order_signals: the other orders an order shares a buyer's PayPal (another agent's), a number
-- (any order that carried it) or a screenshot with (an order whose screenshot is one of the
-- upload keys), newest first, at most max_related a signal. VOLATILE: each query reads what was
-- committed when it starts, so after order_signal_locks (an argument of the same call, or a
-- statement before) it sees every order that held the locks before. The order itself is left
-- out. Keys null: the screenshot is not one of our uploads.
CREATE FUNCTION "order_signals"(
  paypal text, agent_id uuid, amz_order_number text, order_id uuid, upload_keys text[], max_related integer
) RETURNS TABLE (signal text, other_id uuid)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  -- materialized, so the lookup is planned on its own index and not as a walk down the newest
  -- orders until enough match; the other agents' orders are the two ranges of the (PayPal,
  -- agent) index around this agent
  RETURN QUERY
    WITH same AS MATERIALIZED (
      SELECT r."id", r."created_at" FROM "orders" r
      WHERE lower(trim(r."buyer_pay_pal")) = lower(trim(paypal))
        AND (r."agent_id" < order_signals.agent_id OR r."agent_id" > order_signals.agent_id)
    )
    SELECT 'paypal-shared'::text, s."id" FROM same s ORDER BY s."created_at" DESC LIMIT max_related;
  RETURN QUERY
    WITH same AS MATERIALIZED (
      SELECT u."order_id", u."first_used_at" FROM "order_number_uses" u
      WHERE u."amz_order_number" = order_signals.amz_order_number
        AND u."order_id" IS DISTINCT FROM order_signals.order_id
    )
    SELECT 'number-seen'::text, s."order_id" FROM same s ORDER BY s."first_used_at" DESC LIMIT max_related;
  IF upload_keys IS NOT NULL THEN
    RETURN QUERY
      SELECT 'screenshot-reused'::text, r."order_id" FROM "order_screenshots" r
      WHERE r."upload_key" = ANY(upload_keys) AND r."order_id" IS DISTINCT FROM order_signals.order_id
      LIMIT max_related;
  END IF;
END $$;
