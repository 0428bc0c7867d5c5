-- Payouts (docs/domain.md, Payouts): one external payment (a PayPal or bank transfer, named by its
-- reference) of some of one agent's orders. Every paid order belongs to exactly one payout, so the
-- sum of an agent's payouts is its paid commission. A payout is a record of money paid: written
-- once, whole (its total and count are known when it is inserted), never updated or deleted.
-- created_by_*: the admin who paid, as it was then (like order_events' actor: no foreign key).
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"orders" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT statement_timestamp() NOT NULL,
	"created_by_id" uuid NOT NULL,
	"created_by_name" text NOT NULL,
	CONSTRAINT "payouts_reference_check" CHECK ("payouts"."reference" = btrim("payouts"."reference") and char_length("payouts"."reference") between 1 and 100),
	CONSTRAINT "payouts_total_check" CHECK ("payouts"."total" >= 0),
	CONSTRAINT "payouts_orders_check" CHECK ("payouts"."orders" > 0)
);
--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
-- One reference is one payment, to one agent: a retry finds its payout by it.
CREATE UNIQUE INDEX "payouts_reference_unique" ON "payouts" USING btree ("reference");
--> statement-breakpoint
CREATE INDEX "payouts_agent_id_created_at_idx" ON "payouts" USING btree ("agent_id","created_at" DESC,"id" DESC);
--> statement-breakpoint
CREATE INDEX "payouts_created_at_idx" ON "payouts" USING btree ("created_at" DESC,"id" DESC);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payout_id" uuid;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "orders_payout_id_idx" ON "orders" USING btree ("payout_id");
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payout_paid_check" CHECK ("orders"."payout_id" is null or "orders"."comission_status" = 'paid');
--> statement-breakpoint
CREATE FUNCTION "payouts_append_only"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'payouts is append-only: a payout is a record of money paid and cannot be changed, deleted or emptied';
END $$;
--> statement-breakpoint
CREATE TRIGGER "payouts_append_only" BEFORE UPDATE OR DELETE ON "payouts"
FOR EACH ROW EXECUTE FUNCTION "payouts_append_only"();
--> statement-breakpoint
CREATE TRIGGER "payouts_no_truncate" BEFORE TRUNCATE ON "payouts"
FOR EACH STATEMENT EXECUTE FUNCTION "payouts_append_only"();
--> statement-breakpoint
ALTER TABLE "payouts" ENABLE ALWAYS TRIGGER "payouts_append_only";
--> statement-breakpoint
ALTER TABLE "payouts" ENABLE ALWAYS TRIGGER "payouts_no_truncate";
--> statement-breakpoint
-- Orders paid before payouts began: one one-order payout each, named after its order number (a
-- number is paid once: paid_order_numbers), at the time and by the actor of the event that took
-- the order to paid; an order without that event (none since 0006's backfill) takes its last
-- change and its agent.
INSERT INTO "payouts" ("agent_id", "reference", "total", "orders", "created_at", "created_by_id", "created_by_name")
SELECT o."agent_id", 'order ' || o."amz_order_number", o."comission", 1,
  coalesce(e."at", o."updated_at"), coalesce(e."actor_id", o."agent_id"),
  coalesce(e."actor_name", trim(u."first_name" || ' ' || u."last_name"))
FROM "orders" o
INNER JOIN "users" u ON u."id" = o."agent_id"
LEFT JOIN "order_events" e ON e."order_id" = o."id" AND e."paid_comission" IS NOT NULL
WHERE o."comission_status" = 'paid' AND o."payout_id" IS NULL;
--> statement-breakpoint
UPDATE "orders" o SET "payout_id" = p."id"
FROM "payouts" p
WHERE p."reference" = 'order ' || o."amz_order_number" AND p."agent_id" = o."agent_id"
  AND o."comission_status" = 'paid' AND o."payout_id" IS NULL;
