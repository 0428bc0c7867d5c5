CREATE TABLE "order_counts" (
	"agent_id" uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	"agent_status" text NOT NULL,
	"comission_status" text NOT NULL,
	"orders" integer NOT NULL,
	CONSTRAINT "order_counts_agent_id_vendor_id_agent_status_comission_status_pk" PRIMARY KEY("agent_id","vendor_id","agent_status","comission_status")
);
--> statement-breakpoint
CREATE INDEX "order_counts_vendor_id_idx" ON "order_counts" USING btree ("vendor_id");--> statement-breakpoint
-- Kept by the database itself: every insert, delete and move of an order between agents,
-- products or statuses adds to one key and takes from another. The triggers are deferred to
-- the commit, so a counter row is locked only while its transaction commits; an update takes
-- its two keys in one fixed order, so two updates cannot wait for each other.
CREATE FUNCTION "order_counts_add"(p_agent uuid, p_product uuid, p_agent_status text, p_comission_status text, p_delta integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "order_counts" AS c ("agent_id", "vendor_id", "agent_status", "comission_status", "orders")
  SELECT p_agent, p."vendor_id", p_agent_status, p_comission_status, p_delta FROM "products" p WHERE p."id" = p_product
  ON CONFLICT ("agent_id", "vendor_id", "agent_status", "comission_status") DO UPDATE SET "orders" = c."orders" + EXCLUDED."orders";
END $$;
--> statement-breakpoint
CREATE FUNCTION "orders_count_change"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "order_counts_add"(NEW."agent_id", NEW."product_id", NEW."agent_status", NEW."comission_status", 1);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "order_counts_add"(OLD."agent_id", OLD."product_id", OLD."agent_status", OLD."comission_status", -1);
  ELSIF ROW(OLD."agent_id", OLD."product_id", OLD."agent_status", OLD."comission_status")
      IS DISTINCT FROM ROW(NEW."agent_id", NEW."product_id", NEW."agent_status", NEW."comission_status") THEN
    IF ROW(OLD."agent_id", OLD."product_id", OLD."agent_status", OLD."comission_status")
        < ROW(NEW."agent_id", NEW."product_id", NEW."agent_status", NEW."comission_status") THEN
      PERFORM "order_counts_add"(OLD."agent_id", OLD."product_id", OLD."agent_status", OLD."comission_status", -1);
      PERFORM "order_counts_add"(NEW."agent_id", NEW."product_id", NEW."agent_status", NEW."comission_status", 1);
    ELSE
      PERFORM "order_counts_add"(NEW."agent_id", NEW."product_id", NEW."agent_status", NEW."comission_status", 1);
      PERFORM "order_counts_add"(OLD."agent_id", OLD."product_id", OLD."agent_status", OLD."comission_status", -1);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "orders_count" AFTER INSERT OR DELETE OR UPDATE OF "agent_id", "product_id", "agent_status", "comission_status" ON "orders"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "orders_count_change"();
--> statement-breakpoint
-- A product's vendor is fixed (the counters are filed under it); TRUNCATE would bypass the counts.
CREATE FUNCTION "products_vendor_fixed"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'a product''s vendor cannot change (order_counts are filed under it)';
END $$;
--> statement-breakpoint
CREATE TRIGGER "products_vendor_fixed" BEFORE UPDATE OF "vendor_id" ON "products"
FOR EACH ROW WHEN (OLD."vendor_id" IS DISTINCT FROM NEW."vendor_id") EXECUTE FUNCTION "products_vendor_fixed"();
--> statement-breakpoint
CREATE FUNCTION "orders_no_truncate"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'orders cannot be truncated (order_counts would be wrong); delete the rows instead';
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_no_truncate" BEFORE TRUNCATE ON "orders" FOR EACH STATEMENT EXECUTE FUNCTION "orders_no_truncate"();
--> statement-breakpoint
INSERT INTO "order_counts" ("agent_id", "vendor_id", "agent_status", "comission_status", "orders")
SELECT o."agent_id", p."vendor_id", o."agent_status", o."comission_status", count(*)::integer
FROM "orders" o INNER JOIN "products" p ON p."id" = o."product_id"
GROUP BY 1, 2, 3, 4;
