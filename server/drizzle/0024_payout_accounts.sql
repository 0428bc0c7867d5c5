-- Where each agent's money goes (docs/domain.md, Payout accounts): the agent's one payout
-- account, the copy a payout keeps of the account it paid, the payout-account-shared signal
-- and the admins' alert of a change.
-- account: canonical (a wallet +92 and 10 digits; an IBAN without spaces, upper case; a PayPal
-- email trimmed); account_key: what two accounts are compared by (wallet digits only, the IBAN,
-- the PayPal's canonical key, server/src/canonical-key.ts). changed_at and previous_*: when and
-- from what an EXISTING account was last replaced (null: never, only first set), which the
-- payout's confirmation rule reads (24 hours).
CREATE TABLE "payout_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"method" text NOT NULL,
	"account" text NOT NULL,
	"account_key" text NOT NULL,
	"holder_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_at" timestamp with time zone,
	"previous_method" text,
	"previous_account" text,
	"previous_holder_name" text,
	CONSTRAINT "payout_accounts_method_check" CHECK ("payout_accounts"."method" in ('jazzcash', 'easypaisa', 'bank', 'paypal')),
	CONSTRAINT "payout_accounts_holder_name_check" CHECK ("payout_accounts"."method" <> 'bank' or "payout_accounts"."holder_name" is not null),
	CONSTRAINT "payout_accounts_previous_check" CHECK (("payout_accounts"."changed_at" is null) = ("payout_accounts"."previous_account" is null) and ("payout_accounts"."changed_at" is null) = ("payout_accounts"."previous_method" is null))
);
--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- payout-account-shared: the other agents with the same key
CREATE INDEX "payout_accounts_account_key_idx" ON "payout_accounts" USING btree ("account_key");
--> statement-breakpoint
-- The copy of the account a payout paid (null: no account on file then); written with the
-- payout, never changed after (payouts stays append-only, drizzle/0015_canonical_paypal.sql).
ALTER TABLE "payouts" ADD COLUMN "method" text;
--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "account" text;
--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "holder_name" text;
--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_account_check" CHECK (("payouts"."method" is null) = ("payouts"."account" is null));
--> statement-breakpoint
-- payout-account-shared names agents, not orders: the other agents whose account is the same.
ALTER TABLE "order_flags" ADD COLUMN "related_user_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;
--> statement-breakpoint
ALTER TABLE "order_flags" DROP CONSTRAINT "order_flags_code_check";
--> statement-breakpoint
ALTER TABLE "order_flags" ADD CONSTRAINT "order_flags_code_check" CHECK ("order_flags"."code" in ('paypal-shared', 'screenshot-reused', 'number-seen', 'payout-account-shared'));
--> statement-breakpoint
ALTER TABLE "alerts" DROP CONSTRAINT "alerts_type_check";
--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_type_check" CHECK ("alerts"."type" in ('order_placed', 'order_status', 'commission_status', 'product_approved', 'user_approved', 'payout_account_changed'));
