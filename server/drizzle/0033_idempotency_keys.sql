-- Submitting twice is safe (docs/domain.md, Submitting twice): the answer each Idempotency-Key got,
-- per user, for 24 hours. The row is inserted first in the request's transaction (its lock makes a
-- concurrent request with the same key wait), the work runs, the answer is written, then all
-- commit together: a committed row always has its answer, and the work its row. Only answers
-- below 500 are kept (in practice the successes: a refusal rolls the whole transaction back).
-- The maintenance timer deletes rows older than 24 hours; an expired row met first is taken over.
CREATE TABLE "idempotency_keys" (
	"user_id" uuid NOT NULL,
	"key" uuid NOT NULL,
	"route" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" integer,
	"body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY("user_id","key"),
	CONSTRAINT "idempotency_keys_request_hash_check" CHECK (char_length("idempotency_keys"."request_hash") = 64),
	CONSTRAINT "idempotency_keys_status_check" CHECK ("idempotency_keys"."status" is null or ("idempotency_keys"."status" >= 200 and "idempotency_keys"."status" < 500))
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys" USING btree ("created_at");
