-- The product search matches its keyword anywhere in the name, description, product id (ASIN)
-- or keyword (ILIKE '%...%'): a B-tree index cannot serve a leading wildcard, so every search
-- read every product. A trigram index can; one per column, so the search's OR of four ILIKEs
-- stays as it is and becomes a BitmapOr of four index scans.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_description_trgm_idx" ON "products" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_product_id_trgm_idx" ON "products" USING gin ("product_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_keyword_trgm_idx" ON "products" USING gin ("keyword" gin_trgm_ops);
