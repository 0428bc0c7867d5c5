-- An order keeps the commission terms of the approved product it was placed under; a change of
-- its review type is priced from them. Orders placed before this migration take their product's
-- current row, the best record there is.
ALTER TABLE "orders" ADD COLUMN "commission_terms" jsonb;
--> statement-breakpoint
UPDATE "orders" o SET "commission_terms" = jsonb_build_object(
  'comission', p."comission",
  'comissionWithTextReview', p."comission_with_text_review",
  'comissionWithPictureReview', p."comission_with_picture_review",
  'comissionWithVideoReview', p."comission_with_video_review",
  'reviewTypes', to_jsonb(p."review_types")
) FROM "products" p WHERE p."id" = o."product_id";
--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "commission_terms" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_commission_terms_check" CHECK (coalesce(jsonb_typeof("orders"."commission_terms" -> 'comission'), '') = 'number' and coalesce(jsonb_typeof("orders"."commission_terms" -> 'reviewTypes'), '') = 'array');
--> statement-breakpoint
-- Every Amazon order number that has ever been on a paid order. No foreign key to orders: the
-- number stays closed when its order is deleted. The contract admits one spelling of a number
-- (3-7-7 digits, trimmed), so numbers compare as they are.
CREATE TABLE "paid_order_numbers" (
	"amz_order_number" text PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION "paid_order_numbers_append_only"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'paid_order_numbers cannot be changed or emptied: a number once paid stays closed';
END $$;
--> statement-breakpoint
CREATE TRIGGER "paid_order_numbers_append_only" BEFORE UPDATE OR DELETE ON "paid_order_numbers"
FOR EACH ROW EXECUTE FUNCTION "paid_order_numbers_append_only"();
--> statement-breakpoint
CREATE TRIGGER "paid_order_numbers_no_truncate" BEFORE TRUNCATE ON "paid_order_numbers"
FOR EACH STATEMENT EXECUTE FUNCTION "paid_order_numbers_append_only"();
--> statement-breakpoint
-- Records the number of an order that is paid (when it becomes paid, is written paid, or a paid
-- order's number changes), then refuses a number recorded for another order, with SQLSTATE 23505
-- and the name paid_order_numbers_reuse. These run after the statement's rows are written, so
-- after any wait on the unique index of orders.amz_order_number for a transaction holding the
-- number, and they record before they check: a transaction that recorded the number meanwhile is
-- waited for and then seen. (Until a payment commits, its number is still on its order, where
-- that unique index keeps it.)
CREATE FUNCTION "orders_paid_number_keep"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."comission_status" = 'paid' THEN
    INSERT INTO "paid_order_numbers" ("amz_order_number", "order_id") VALUES (NEW."amz_order_number", NEW."id")
    ON CONFLICT DO NOTHING;
  END IF;
  IF EXISTS (SELECT 1 FROM "paid_order_numbers" n WHERE n."amz_order_number" = NEW."amz_order_number" AND n."order_id" <> NEW."id") THEN
    RAISE EXCEPTION 'Amazon order number % was already paid on another order (paid_order_numbers_reuse)', NEW."amz_order_number"
      USING ERRCODE = 'unique_violation', CONSTRAINT = 'paid_order_numbers_reuse';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_paid_number_on_update" AFTER UPDATE OF "amz_order_number", "comission_status" ON "orders"
FOR EACH ROW
WHEN (OLD."amz_order_number" IS DISTINCT FROM NEW."amz_order_number" OR (NEW."comission_status" = 'paid' AND OLD."comission_status" IS DISTINCT FROM 'paid'))
EXECUTE FUNCTION "orders_paid_number_keep"();
--> statement-breakpoint
-- The same for inserts, once per statement: the seed writes orders by the thousand.
CREATE FUNCTION "orders_paid_numbers_inserted"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  reused text;
BEGIN
  INSERT INTO "paid_order_numbers" ("amz_order_number", "order_id")
  SELECT o."amz_order_number", o."id" FROM "inserted" o WHERE o."comission_status" = 'paid'
  ON CONFLICT DO NOTHING;
  SELECT o."amz_order_number" INTO reused FROM "inserted" o
  INNER JOIN "paid_order_numbers" n ON n."amz_order_number" = o."amz_order_number" AND n."order_id" <> o."id"
  LIMIT 1;
  IF reused IS NOT NULL THEN
    RAISE EXCEPTION 'Amazon order number % was already paid on another order (paid_order_numbers_reuse)', reused
      USING ERRCODE = 'unique_violation', CONSTRAINT = 'paid_order_numbers_reuse';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_paid_number_on_insert" AFTER INSERT ON "orders"
REFERENCING NEW TABLE AS "inserted" FOR EACH STATEMENT EXECUTE FUNCTION "orders_paid_numbers_inserted"();
--> statement-breakpoint
-- The numbers of today's paid orders (paid_at: the order's last change, the nearest record of its payment).
INSERT INTO "paid_order_numbers" ("amz_order_number", "order_id", "paid_at")
SELECT o."amz_order_number", o."id", o."updated_at" FROM "orders" o WHERE o."comission_status" = 'paid'
ON CONFLICT DO NOTHING;
