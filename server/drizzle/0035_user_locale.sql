-- The account's language (issue 30; docs/architecture.md, Languages): the app opens in it on
-- every device the person signs in on. Every existing account keeps English.
ALTER TABLE "users" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_locale_check" CHECK ("users"."locale" in ('en', 'ur'));
