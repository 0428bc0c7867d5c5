-- Fraud signals (docs/domain.md, Fraud signals, "Two looks"): the perceptual hash sees a page's
-- layout, not its text, so two screenshots it calls the same picture get a second look that
-- compares their detail pictures (server/src/uploads/image-detail.ts), kept with the hash.
ALTER TABLE "upload_image_hashes" ADD COLUMN "detail" bytea;--> statement-breakpoint
-- Every hash is made again with its detail picture: the API does it in the background at
-- start-up (hashAllOldScreenshots in server/src/services/order-flags.ts), as after 0012.
DELETE FROM "upload_image_hashes";--> statement-breakpoint
UPDATE "order_screenshots" SET "phash" = NULL, "bands" = NULL WHERE "phash" IS NOT NULL;
