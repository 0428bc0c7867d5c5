-- The staff search (docs/domain.md, Dashboards and lists) reads one trigram index over the order's
-- searched columns, joined by a separator (0x1f) that no search holds, instead of one index per
-- column (0007): one index scan a search and one index to update an order, not three.
-- fastupdate = off: a new order goes into the index at once. With the default, new entries wait
-- in a pending list that every search reads from end to end until (auto)vacuum merges it; after a
-- busy hour of orders that list made each search several times slower.
CREATE INDEX "orders_search_trgm_idx" ON "orders" USING gin (("amz_order_number" || E'\x1f' || "buyer_name" || E'\x1f' || "buyer_pay_pal") gin_trgm_ops) WITH (fastupdate = off);--> statement-breakpoint
DROP INDEX "orders_amz_order_number_trgm_idx";--> statement-breakpoint
DROP INDEX "orders_buyer_name_trgm_idx";--> statement-breakpoint
DROP INDEX "orders_buyer_pay_pal_trgm_idx";--> statement-breakpoint
-- The agents' search indexes change rarely (an account's name or email), but a search reads them too.
ALTER INDEX "users_full_name_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "users_email_trgm_idx" SET (fastupdate = off);
