-- The staff search (docs/domain.md, Dashboards and lists) matches its text anywhere in an
-- order's number, its buyer's name or its buyer's PayPal. One trigram index on the three put
-- together replaces the three of 0007 (issue 31): one index scan instead of a BitmapOr of
-- three (a buyer's name is in its PayPal too, so two of them found the same orders twice),
-- and an order written updates one GIN index instead of three. The search still tests each
-- column as before (services/order-query.ts): a match of the whole is only where to look.
-- No pending list, as 0011 set for the three.
CREATE INDEX "orders_search_text_trgm_idx" ON "orders" USING gin (("amz_order_number" || ' ' || "buyer_name" || ' ' || "buyer_pay_pal") gin_trgm_ops) WITH (fastupdate = off);--> statement-breakpoint
DROP INDEX "orders_amz_order_number_trgm_idx";--> statement-breakpoint
DROP INDEX "orders_buyer_name_trgm_idx";--> statement-breakpoint
DROP INDEX "orders_buyer_pay_pal_trgm_idx";
