-- Getting back in (docs/domain.md, Forgotten passwords): one-time links to set a new password,
-- emailed (POST /api/password/forgot) or handed to an admin (POST /api/user/{id}/password-reset).
-- Only the SHA-256 of a link's token is kept (hex), never the token: a copy of the table opens no
-- account. A link works once (used_at, set by a conditional UPDATE ... WHERE used_at IS NULL AND
-- expires_at > now()), until expires_at (60 minutes); a new link of the same person deletes the
-- earlier unused ones. The maintenance timer deletes rows a day past their expiry.
CREATE TABLE "password_reset_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "password_reset_tokens_token_hash_check" CHECK (char_length("password_reset_tokens"."token_hash") = 64),
	CONSTRAINT "password_reset_tokens_expiry_check" CHECK ("password_reset_tokens"."expires_at" > "password_reset_tokens"."created_at")
);
--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_id_idx" ON "password_reset_tokens" USING btree ("user_id");
--> statement-breakpoint
CREATE INDEX "password_reset_tokens_expires_at_idx" ON "password_reset_tokens" USING btree ("expires_at");
