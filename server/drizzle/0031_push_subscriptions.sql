-- Told when something needs them (docs/domain.md, Push notifications): the browsers' Web Push
-- subscriptions of each account (at most 10, the oldest goes; an endpoint belongs to the account
-- that subscribed it last), the kinds each account turned off, and the outbox of alerts to push.
-- An alert of an account with a subscription is queued by a trigger in the alert's own
-- transaction (no round trip added to the writes that raise alerts); every API process drains the
-- queue, each row taken by one (DELETE ... FOR UPDATE SKIP LOCKED), so an alert is pushed once
-- however many processes run.
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_subscriptions_endpoint_unique" UNIQUE("endpoint")
);
--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_id_created_at_idx" ON "push_subscriptions" USING btree ("user_id","created_at");
--> statement-breakpoint
CREATE TABLE "push_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"kinds_off" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "push_preferences" ADD CONSTRAINT "push_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "push_outbox" (
	"alert_id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "push_outbox" ADD CONSTRAINT "push_outbox_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "push_outbox_created_at_idx" ON "push_outbox" USING btree ("created_at");
--> statement-breakpoint
CREATE FUNCTION "push_outbox_enqueue"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "push_subscriptions" s WHERE s."user_id" = NEW."user_id") THEN
    INSERT INTO "push_outbox" ("alert_id") VALUES (NEW."id");
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "alerts_push_outbox" AFTER INSERT ON "alerts"
FOR EACH ROW EXECUTE FUNCTION "push_outbox_enqueue"();
