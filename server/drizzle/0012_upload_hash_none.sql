-- Fraud signals (docs/domain.md, Fraud signals): an upload whose picture has no detail to hash (a
-- flat colour), or whose file could not be read, keeps a row with no hash, so the maintenance
-- task that hashes the screenshots of orders from before the signals tries each upload once.
ALTER TABLE "upload_image_hashes" ALTER COLUMN "phash" DROP NOT NULL;
