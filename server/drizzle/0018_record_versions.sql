-- Lost updates (docs/domain.md, Edits and versions): every product and order carries a version
-- that each UPDATE of its row bumps, so an edit loaded at one version can be applied only while
-- the row is still at it (UPDATE ... WHERE id = $1 AND version = $2 RETURNING). A trigger bumps
-- it, so no statement that changes a row (an edit, an approval, an archive, a payment) can
-- forget to. A product also keeps who changed it last, for the refusal's "who and when".
ALTER TABLE "products" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "updated_by" uuid REFERENCES "users"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
CREATE FUNCTION "bump_record_version"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW."version" := OLD."version" + 1;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "products_bump_version" BEFORE UPDATE ON "products"
FOR EACH ROW EXECUTE FUNCTION "bump_record_version"();
--> statement-breakpoint
CREATE TRIGGER "orders_bump_version" BEFORE UPDATE ON "orders"
FOR EACH ROW EXECUTE FUNCTION "bump_record_version"();
