-- Fraud signals (docs/domain.md, Fraud signals): an upload whose picture has no detail to hash (a
-- flat colour), or whose file could not be read, keeps a row with no hash, so the maintenance
-- task that hashes the screenshots of orders from before the signals tries each upload once.
ALTER TABLE "upload_image_hashes" ALTER COLUMN "phash" DROP NOT NULL;--> statement-breakpoint
-- The hash of before saw only the top third of each picture (server/src/uploads/image-hash.ts read
-- sharp's three-channel answer as one channel), so two screenshots with the same header were the
-- same picture. Every hash is made again: the API hashes the order screenshots in the background
-- at start-up (hashAllOldScreenshots in server/src/services/order-flags.ts).
DELETE FROM "upload_image_hashes";--> statement-breakpoint
UPDATE "order_screenshots" SET "phash" = NULL, "bands" = NULL WHERE "phash" IS NOT NULL;
