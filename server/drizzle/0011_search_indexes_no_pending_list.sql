-- The staff search (docs/domain.md, Dashboards and lists) reads the trigram indexes of 0007 and
-- the agents' ones. With GIN's default (fastupdate), new entries wait in a pending list that
-- every search reads from end to end until a vacuum merges it: after a busy hour of orders that
-- list made each search several times slower. Off: a new order goes into the index at once,
-- and what is pending now is merged.
ALTER INDEX "orders_amz_order_number_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "orders_buyer_name_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "orders_buyer_pay_pal_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "users_full_name_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "users_email_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list(i::regclass) FROM unnest(array['orders_amz_order_number_trgm_idx', 'orders_buyer_name_trgm_idx', 'orders_buyer_pay_pal_trgm_idx', 'users_full_name_trgm_idx', 'users_email_trgm_idx']) AS i;
