-- A paid order stays paid (docs/domain.md, Paid orders): the database refuses to move
-- orders.comission_status away from 'paid', and to change or clear the payout a paid order
-- belongs to, whoever asks (the API refuses first, with a message: this is the last word, for
-- a bug or a hand-written UPDATE). SQLSTATE 23514 (check_violation), named orders_paid_stays_paid.
CREATE FUNCTION "orders_paid_stays_paid"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'order % is paid: its commission status stays paid and its payout stays its payout (orders_paid_stays_paid)', OLD."id"
    USING ERRCODE = 'check_violation', CONSTRAINT = 'orders_paid_stays_paid';
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_paid_stays_paid" BEFORE UPDATE OF "comission_status", "payout_id" ON "orders"
FOR EACH ROW
WHEN (OLD."comission_status" = 'paid' AND (NEW."comission_status" IS DISTINCT FROM 'paid'
  OR (OLD."payout_id" IS NOT NULL AND NEW."payout_id" IS DISTINCT FROM OLD."payout_id")))
EXECUTE FUNCTION "orders_paid_stays_paid"();
