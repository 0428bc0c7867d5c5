-- Every change to an order, on record for good (docs/domain.md, Order history). Written by the
-- services that change orders, in the same transaction as the change; never updated, deleted or
-- emptied (the triggers below refuse it, also under session_replication_role = replica).
-- order_id: ON DELETE RESTRICT, so an order with a history cannot be deleted (its history would
-- have to go with it, which the triggers refuse, or be left naming nothing).
-- actor_*: who did it, as they were at that moment (id, name, role), with no foreign key, so the
-- history reads the same whatever later happens to the account and never stands in its way.
-- at: when the event was written, after the order's row lock, so the events of one order follow
-- the order in which their changes were applied; seq breaks ties between the events one request
-- writes in one statement.
-- paid_comission: the commission of the order when this event took it to paid (else null), so
-- the money invariants can be checked in SQL; an order goes to paid once (unique index).
CREATE TABLE "order_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
	"order_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT statement_timestamp() NOT NULL,
	"actor_id" uuid NOT NULL,
	"actor_name" text NOT NULL,
	"actor_role" text NOT NULL,
	"action" text NOT NULL,
	"changes" jsonb NOT NULL,
	"paid_comission" numeric(12, 2),
	CONSTRAINT "order_events_actor_role_check" CHECK ("order_events"."actor_role" in ('admin', 'manager', 'agent')),
	CONSTRAINT "order_events_action_check" CHECK ("order_events"."action" in ('placed', 'updated', 'agent-status', 'status', 'refund-shot', 'commission')),
	CONSTRAINT "order_events_changes_check" CHECK (jsonb_typeof("order_events"."changes") = 'object'),
	CONSTRAINT "order_events_paid_comission_check" CHECK (("order_events"."paid_comission" is not null) = coalesce("order_events"."changes" -> 'comissionStatus' ->> 'to' = 'paid', false) and coalesce("order_events"."paid_comission", 0) >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "order_events_order_id_at_seq_idx" ON "order_events" USING btree ("order_id","at","seq");
--> statement-breakpoint
CREATE UNIQUE INDEX "order_events_paid_once" ON "order_events" USING btree ("order_id") WHERE "order_events"."changes" -> 'comissionStatus' ->> 'to' = 'paid';
--> statement-breakpoint
CREATE FUNCTION "order_events_append_only"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'order_events is append-only: the history of an order cannot be changed, deleted or emptied';
END $$;
--> statement-breakpoint
CREATE TRIGGER "order_events_append_only" BEFORE UPDATE OR DELETE ON "order_events"
FOR EACH ROW EXECUTE FUNCTION "order_events_append_only"();
--> statement-breakpoint
CREATE TRIGGER "order_events_no_truncate" BEFORE TRUNCATE ON "order_events"
FOR EACH STATEMENT EXECUTE FUNCTION "order_events_append_only"();
--> statement-breakpoint
-- ALWAYS: they fire under session_replication_role = replica too, which skips ordinary triggers.
ALTER TABLE "order_events" ENABLE ALWAYS TRIGGER "order_events_append_only";
--> statement-breakpoint
ALTER TABLE "order_events" ENABLE ALWAYS TRIGGER "order_events_no_truncate";
--> statement-breakpoint
-- Orders placed before the history began: a `placed` event at their creation, by their agent,
-- carrying every value the history tracks as it is now (the only record there is), so that
-- replaying their history gives their current state; a paid order's carries its payment.
INSERT INTO "order_events" ("order_id", "at", "actor_id", "actor_name", "actor_role", "action", "changes", "paid_comission")
SELECT o."id", o."created_at", o."agent_id", trim(u."first_name" || ' ' || u."last_name"), u."role", 'placed',
  jsonb_build_object(
    'reviewType', jsonb_build_object('from', null, 'to', o."review_type"),
    'amzOrderNumber', jsonb_build_object('from', null, 'to', o."amz_order_number"),
    'buyerPayPal', jsonb_build_object('from', null, 'to', o."buyer_pay_pal"),
    'buyerName', jsonb_build_object('from', null, 'to', o."buyer_name"),
    'AgentStatus', jsonb_build_object('from', null, 'to', o."agent_status"),
    'comissionStatus', jsonb_build_object('from', null, 'to', o."comission_status"),
    'comission', jsonb_build_object('from', null, 'to', o."comission")
  )
  || CASE WHEN o."comments" <> '' THEN jsonb_build_object('comments', jsonb_build_object('from', null, 'to', o."comments")) ELSE '{}'::jsonb END
  || CASE WHEN o."status" <> '' THEN jsonb_build_object('status', jsonb_build_object('from', null, 'to', o."status")) ELSE '{}'::jsonb END
  || CASE WHEN o."order_screenshot" <> '' THEN '{"orderScreenshot":{"from":null,"to":"image"}}'::jsonb ELSE '{}'::jsonb END
  || CASE WHEN o."refund_shot" <> '' THEN '{"refundShot":{"from":null,"to":"image"}}'::jsonb ELSE '{}'::jsonb END
  || CASE WHEN o."review_screen_shot" <> '' THEN '{"reviewScreenShot":{"from":null,"to":"image"}}'::jsonb ELSE '{}'::jsonb END
  || CASE WHEN o."feedback_screen_shot" <> '' THEN '{"FeedbackScreenShot":{"from":null,"to":"image"}}'::jsonb ELSE '{}'::jsonb END,
  CASE WHEN o."comission_status" = 'paid' THEN o."comission" END
FROM "orders" o INNER JOIN "users" u ON u."id" = o."agent_id";
