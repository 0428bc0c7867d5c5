-- An account's whole life (docs/domain.md, Accounts): two more statuses, the reason the person
-- is shown when refused at sign-in, and the account's history.
ALTER TABLE "users" DROP CONSTRAINT "users_status_check";
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_status_check" CHECK ("users"."status" in ('pending', 'approved', 'rejected', 'suspended'));
--> statement-breakpoint
-- the reason of the latest rejection or suspension, shown to the person at sign-in; null otherwise
ALTER TABLE "users" ADD COLUMN "status_reason" text;
--> statement-breakpoint
-- Every change to an account, on record for good, written in the transaction of the change
-- (services/user-events.ts); never updated, deleted or emptied (the triggers below), like
-- order_events (0006). actor_*: who did it, as they were then, with no foreign key.
-- reason: the words the person may read (a rejection's or suspension's reason);
-- note: the admins' own note, never shown to the person; changes: { field: { from, to } }.
CREATE TABLE "user_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
	"user_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT statement_timestamp() NOT NULL,
	"actor_id" uuid NOT NULL,
	"actor_name" text NOT NULL,
	"actor_role" text NOT NULL,
	"type" text NOT NULL,
	"reason" text,
	"note" text,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "user_events_actor_role_check" CHECK ("user_events"."actor_role" in ('admin', 'manager', 'agent')),
	CONSTRAINT "user_events_type_check" CHECK ("user_events"."type" in ('approved', 'rejected', 'suspended', 'reactivated', 'edited', 'password-reset-issued', 'password-reset', 'payout-account-changed')),
	CONSTRAINT "user_events_changes_check" CHECK (jsonb_typeof("user_events"."changes") = 'object')
);
--> statement-breakpoint
ALTER TABLE "user_events" ADD CONSTRAINT "user_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "user_events_user_id_at_seq_idx" ON "user_events" USING btree ("user_id","at","seq");
--> statement-breakpoint
CREATE FUNCTION "user_events_append_only"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'user_events is append-only: the history of an account cannot be changed, deleted or emptied';
END $$;
--> statement-breakpoint
CREATE TRIGGER "user_events_append_only" BEFORE UPDATE OR DELETE ON "user_events"
FOR EACH ROW EXECUTE FUNCTION "user_events_append_only"();
--> statement-breakpoint
CREATE TRIGGER "user_events_no_truncate" BEFORE TRUNCATE ON "user_events"
FOR EACH STATEMENT EXECUTE FUNCTION "user_events_append_only"();
--> statement-breakpoint
ALTER TABLE "user_events" ENABLE ALWAYS TRIGGER "user_events_append_only";
--> statement-breakpoint
ALTER TABLE "user_events" ENABLE ALWAYS TRIGGER "user_events_no_truncate";
