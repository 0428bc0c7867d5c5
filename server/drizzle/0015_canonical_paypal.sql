-- Canonical keys (docs/domain.md, Fraud signals and Payouts): a buyer's PayPal and a payout's
-- reference are compared by a canonical key (server/src/canonical-key.ts: NFKC, invisible
-- characters and spaces removed, case folded, Unicode TR39 confusables mapped to their
-- skeleton; for a PayPal also a `mailto:` prefix, a `+tag` and a trailing dot dropped), kept
-- beside the value as typed. The key is computed by the API, not in SQL (the TR39 table is the
-- API's): the rows there are now get theirs right after the migrations, before the API serves
-- (fillCanonicalKeys, server/src/db/canonical-keys.ts), so the columns are NULL only until then.
ALTER TABLE "orders" ADD COLUMN "buyer_pay_pal_key" text;
--> statement-breakpoint
-- paypal-shared reads the orders of a key, the other agents' ones: as the index it replaces
CREATE INDEX "orders_buyer_pay_pal_key_idx" ON "orders" USING btree ("buyer_pay_pal_key","agent_id");
--> statement-breakpoint
DROP INDEX "orders_buyer_pay_pal_normalized_idx";
--> statement-breakpoint
-- the rows still without a key, which the fill finds without reading the table
CREATE INDEX "orders_buyer_pay_pal_key_missing_idx" ON "orders" USING btree ("id") WHERE "buyer_pay_pal_key" IS NULL;
--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "reference_key" text;
--> statement-breakpoint
-- One reference is one payment, to one agent, however it is spelled: a retry finds its payout
-- by the key, another agent's payout with the same key is a 409.
CREATE UNIQUE INDEX "payouts_reference_key_unique" ON "payouts" USING btree ("reference_key");
--> statement-breakpoint
CREATE INDEX "payouts_reference_key_missing_idx" ON "payouts" USING btree ("id") WHERE "reference_key" IS NULL;
--> statement-breakpoint
-- A payout stays append-only: the one change allowed is giving a payout written before this
-- migration its key, once (from NULL, nothing else changed).
CREATE OR REPLACE FUNCTION "payouts_append_only"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF OLD."reference_key" IS NULL AND NEW."reference_key" IS NOT NULL
      AND (to_jsonb(NEW) - 'reference_key') = (to_jsonb(OLD) - 'reference_key') THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'payouts is append-only: a payout is a record of money paid and cannot be changed, deleted or emptied';
END $$;
--> statement-breakpoint
-- The signal's lock and check on the PayPal now take its key (the parameter keeps its name):
-- the same functions as drizzle/0014_order_signal_functions.sql otherwise.
CREATE OR REPLACE FUNCTION "order_signal_locks"(paypal text, upload_key text) RETURNS text[]
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
    SELECT 1 AS class, hashtext(paypal) AS key WHERE paypal IS NOT NULL
    UNION
    SELECT 2, hashtext(k) FROM unnest(keys) k
    ORDER BY 1, 2
  ) l;
  RETURN keys;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "order_signals"(
  paypal text, agent_id uuid, amz_order_number text, order_id uuid, upload_keys text[], max_related integer
) RETURNS TABLE (signal text, other_id uuid)
LANGUAGE plpgsql VOLATILE AS $$
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
END $$;
