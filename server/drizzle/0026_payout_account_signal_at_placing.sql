-- payout-account-shared at placing (docs/domain.md, Fraud signals): an order placed by an agent
-- whose payout account is also another agent's is flagged naming those agents, not only the
-- orders unpaid when the account was set (server/src/services/payout-accounts.ts,
-- raiseSharedAccountFlags). The same checks as drizzle/0015_canonical_paypal.sql, and a fourth.
--
-- Races, with setPayoutAccount, which takes the agent's lock (class 4, exclusive) and then the
-- account key's (class 3, exclusive) before it reads and flags: the check takes the same two in
-- the same order, shared, before it reads the agent's key and then the other agents with it. So
-- an agent setting the account this one has (or this agent changing its own) either commits
-- first, and the check sees it, or waits until the order is in, and its own flagging sees the
-- order. Two orders' checks share the locks and never wait for each other.
CREATE OR REPLACE FUNCTION "order_signals"(
  paypal text, agent_id uuid, amz_order_number text, order_id uuid, upload_keys text[], max_related integer
) RETURNS TABLE (signal text, other_id uuid)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  own_key text;
BEGIN
  RETURN QUERY
    WITH same AS MATERIALIZED (
      SELECT r."id", r."created_at" FROM "orders" r
      WHERE r."buyer_pay_pal_key" = paypal
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
  -- the other agents paid to the same account: other_id names an agent, not an order
  PERFORM pg_advisory_xact_lock_shared(4, hashtext(order_signals.agent_id::text));
  SELECT a."account_key" INTO own_key FROM "payout_accounts" a WHERE a."user_id" = order_signals.agent_id;
  IF own_key IS NOT NULL THEN
    PERFORM pg_advisory_xact_lock_shared(3, hashtext(own_key));
    RETURN QUERY
      SELECT 'payout-account-shared'::text, a."user_id" FROM "payout_accounts" a
      JOIN "users" u ON u."id" = a."user_id"
      WHERE a."account_key" = own_key
        AND a."user_id" <> order_signals.agent_id AND u."role" = 'agent'
      ORDER BY a."user_id" LIMIT max_related;
  END IF;
END $$;
