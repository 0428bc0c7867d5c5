-- Alerts in the reader's language (issue 30; docs/architecture.md, Languages): an alert keeps its
-- kind and the values of its sentence, and each reader's sentence is built from them in their
-- language. "message" stays, the English sentence as before; rows written before keep kind ''
-- and are read by their message.
ALTER TABLE "alerts" ADD COLUMN "kind" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "params" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_kind_check" CHECK ("alerts"."kind" in ('', 'order-placed', 'order-status', 'refund-screenshot', 'commission-status', 'product-approved', 'account-approved', 'payout-made', 'payout-account-added', 'payout-account-changed'));--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_params_check" CHECK (jsonb_typeof("alerts"."params") = 'object');
