-- Fraud signals (docs/domain.md, Fraud signals, "Two looks"): the perceptual hash sees a page's
-- layout, not its text, so an upload the hash finds like others gets a second look when it is
-- uploaded: its detail picture (server/src/uploads/image-detail.ts) beside theirs. What the look
-- finds the same picture is kept as pairs of uploads, which placing an order reads.
ALTER TABLE "upload_image_hashes" ADD COLUMN "detail" bytea;--> statement-breakpoint
-- the hash's four bands (phash_bands), looked up as order_screenshots' are, and when it was uploaded
ALTER TABLE "upload_image_hashes" ADD COLUMN "bands" integer[];--> statement-breakpoint
ALTER TABLE "upload_image_hashes" ADD COLUMN "uploaded_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "upload_image_hashes_bands_idx" ON "upload_image_hashes" USING gin ("bands") WITH (fastupdate = off);--> statement-breakpoint
CREATE INDEX "upload_image_hashes_uploaded_at_idx" ON "upload_image_hashes" USING btree ("uploaded_at") WHERE "upload_image_hashes"."phash" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "upload_same_pictures" (
	"key" text NOT NULL,
	"other_key" text NOT NULL,
	CONSTRAINT "upload_same_pictures_key_other_key_pk" PRIMARY KEY("key","other_key")
);
--> statement-breakpoint
ALTER TABLE "upload_same_pictures" ADD CONSTRAINT "upload_same_pictures_key_uploads_key_fk" FOREIGN KEY ("key") REFERENCES "public"."uploads"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_same_pictures" ADD CONSTRAINT "upload_same_pictures_other_key_uploads_key_fk" FOREIGN KEY ("other_key") REFERENCES "public"."uploads"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every hash is made again with its detail picture: the API does it in the background at
-- start-up (hashAllOldScreenshots in server/src/services/order-flags.ts), as after 0012.
DELETE FROM "upload_image_hashes";--> statement-breakpoint
-- Placing now matches screenshots by their upload keys (and the pairs above), never by the hash:
-- each order's screenshot keeps its upload key only, one GIN index fewer to write on placing.
CREATE OR REPLACE FUNCTION "orders_screenshot_keep"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  upload_key text := substring(NEW."order_screenshot" from '(?:^|/(?:uploads|api/private)/)([0-9a-f]{32}\.(?:png|jpg|webp|gif))(?:\?.*)?$');
BEGIN
  IF upload_key IS NULL THEN
    DELETE FROM "order_screenshots" WHERE "order_id" = NEW."id";
    RETURN NULL;
  END IF;
  INSERT INTO "order_screenshots" ("order_id", "upload_key") VALUES (NEW."id", upload_key)
  ON CONFLICT ("order_id") DO UPDATE SET "upload_key" = EXCLUDED."upload_key";
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP INDEX "order_screenshots_bands_idx";--> statement-breakpoint
ALTER TABLE "order_screenshots" DROP COLUMN "phash";--> statement-breakpoint
ALTER TABLE "order_screenshots" DROP COLUMN "bands";
