-- The staff order search (docs/domain.md, Dashboards and lists) matches its text anywhere in the
-- order number, the buyer's name and PayPal, and the agent's name and email (ILIKE '%text%'): a
-- B-tree index cannot serve a leading wildcard, a trigram index can (pg_trgm, created by 0003).
-- One per column, so the search's OR stays a BitmapOr of index scans. The agent's name is
-- searched as "first last", which also finds either half; its index is on that expression.
CREATE INDEX "orders_amz_order_number_trgm_idx" ON "orders" USING gin ("amz_order_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_buyer_name_trgm_idx" ON "orders" USING gin ("buyer_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_buyer_pay_pal_trgm_idx" ON "orders" USING gin ("buyer_pay_pal" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_full_name_trgm_idx" ON "users" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
-- The lists' and the export's orders: every sort ends in (created_at, id), so a page, and each
-- batch of the export (keyset: the rows after the last one sent), is a range of one index. These
-- two replace the indexes on created_at and product_id alone.
CREATE INDEX "orders_created_at_id_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
DROP INDEX "orders_created_at_idx";--> statement-breakpoint
CREATE INDEX "orders_product_id_created_at_idx" ON "orders" USING btree ("product_id","created_at");--> statement-breakpoint
DROP INDEX "orders_product_id_idx";--> statement-breakpoint
CREATE INDEX "orders_comission_created_at_id_idx" ON "orders" USING btree ("comission","created_at","id");
