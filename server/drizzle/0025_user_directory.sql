-- The admins' users directory (docs/domain.md, Accounts, Directory). Its search matches the text
-- anywhere in "first last", the email and the phone number (ILIKE '%text%'): name and email have
-- trigram indexes (0007), the phone gets one, so the search's OR stays a BitmapOr of index scans
-- (no pending list, as 0011). Its sorts, by the day joined and by the name without case, each end
-- in the id so the order is total: a page, and each keyset batch of the export, is a range of one
-- B-tree index, whatever the number of users.
CREATE INDEX "users_phone_number_trgm_idx" ON "users" USING gin ("phone_number" gin_trgm_ops) WITH (fastupdate = off);--> statement-breakpoint
CREATE INDEX "users_created_at_id_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_name_sort_idx" ON "users" USING btree (lower("first_name" || ' ' || "last_name"),"id");
