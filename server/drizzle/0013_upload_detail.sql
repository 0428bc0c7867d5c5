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
UPDATE "order_screenshots" SET "phash" = NULL, "bands" = NULL WHERE "phash" IS NOT NULL;
