ALTER TABLE "uploads" ADD COLUMN "purpose" text DEFAULT 'image' NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "attached_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_purpose_check" CHECK ("uploads"."purpose" in ('image', 'cnic'));--> statement-breakpoint
CREATE INDEX "uploads_unattached_created_at_idx" ON "uploads" USING btree ("created_at") WHERE "uploads"."attached_at" is null;--> statement-breakpoint
CREATE INDEX "uploads_public_created_at_idx" ON "uploads" USING btree ("created_at") WHERE not "uploads"."private";--> statement-breakpoint
-- Existing data. Every upload is now private to its uploader until it is attached: a product
-- makes it public, an order keeps it private (proof screenshots show buyers' names and
-- addresses). The statements below are idempotent. Files move to the folder their row names
-- at the next start-up (uploads/housekeeping.ts); until then the routes read either folder,
-- and the public route serves only what its row says is public.
-- Until now every private upload was a registration's ID card image: claimed by an account, or by none yet.
UPDATE "uploads" u SET "purpose" = 'cnic'
WHERE u."private" AND u."purpose" <> 'cnic' AND (u."owner_id" IS NULL OR u."key" IN (
  SELECT "cnic_front" FROM "users" WHERE "cnic_front" IS NOT NULL
  UNION SELECT "cnic_back" FROM "users" WHERE "cnic_back" IS NOT NULL
));--> statement-breakpoint
-- ID card images a registration claimed are attached to that account.
UPDATE "uploads" u SET "attached_at" = now()
WHERE u."attached_at" IS NULL
  AND EXISTS (SELECT 1 FROM "users" s WHERE s."cnic_front" = u."key" OR s."cnic_back" = u."key");--> statement-breakpoint
-- Images a product shows: attached, and public.
UPDATE "uploads" u SET "attached_at" = coalesce(u."attached_at", now()), "private" = false
WHERE u."purpose" = 'image' AND u."key" IN (
  SELECT substring(v FROM '/(?:uploads|api/private)/([0-9a-f]{32}\.(?:png|jpg|webp|gif))(?:\?[^/]*)?$')
  FROM "products" p CROSS JOIN LATERAL (VALUES (p."image"), (p."amz_image")) AS s(v)
);--> statement-breakpoint
-- Images an order shows and no product does: attached, and private.
UPDATE "uploads" u SET "attached_at" = coalesce(u."attached_at", now()), "private" = true
WHERE u."purpose" = 'image' AND u."key" IN (
  SELECT substring(v FROM '/(?:uploads|api/private)/([0-9a-f]{32}\.(?:png|jpg|webp|gif))(?:\?[^/]*)?$')
  FROM "orders" o
  CROSS JOIN LATERAL (VALUES (o."order_screenshot"), (o."refund_shot"), (o."review_screen_shot"), (o."feedback_screen_shot")) AS s(v)
) AND u."key" NOT IN (
  SELECT k FROM (
    SELECT substring(v FROM '/(?:uploads|api/private)/([0-9a-f]{32}\.(?:png|jpg|webp|gif))(?:\?[^/]*)?$') AS k
    FROM "products" p CROSS JOIN LATERAL (VALUES (p."image"), (p."amz_image")) AS s(v)
  ) AS shown WHERE k IS NOT NULL
);--> statement-breakpoint
-- Orders name their private images by the private address (served through signed links only).
UPDATE "orders" o SET "order_screenshot" = regexp_replace(o."order_screenshot", '/uploads/([0-9a-f]{32}\.(png|jpg|webp|gif))$', '/api/private/\1')
WHERE o."order_screenshot" ~ '/uploads/[0-9a-f]{32}\.(png|jpg|webp|gif)$' AND EXISTS (
  SELECT 1 FROM "uploads" u WHERE u."private" AND u."key" = substring(o."order_screenshot" FROM '/uploads/([0-9a-f]{32}\.(?:png|jpg|webp|gif))$')
);--> statement-breakpoint
UPDATE "orders" o SET "refund_shot" = regexp_replace(o."refund_shot", '/uploads/([0-9a-f]{32}\.(png|jpg|webp|gif))$', '/api/private/\1')
WHERE o."refund_shot" ~ '/uploads/[0-9a-f]{32}\.(png|jpg|webp|gif)$' AND EXISTS (
  SELECT 1 FROM "uploads" u WHERE u."private" AND u."key" = substring(o."refund_shot" FROM '/uploads/([0-9a-f]{32}\.(?:png|jpg|webp|gif))$')
);--> statement-breakpoint
UPDATE "orders" o SET "review_screen_shot" = regexp_replace(o."review_screen_shot", '/uploads/([0-9a-f]{32}\.(png|jpg|webp|gif))$', '/api/private/\1')
WHERE o."review_screen_shot" ~ '/uploads/[0-9a-f]{32}\.(png|jpg|webp|gif)$' AND EXISTS (
  SELECT 1 FROM "uploads" u WHERE u."private" AND u."key" = substring(o."review_screen_shot" FROM '/uploads/([0-9a-f]{32}\.(?:png|jpg|webp|gif))$')
);--> statement-breakpoint
UPDATE "orders" o SET "feedback_screen_shot" = regexp_replace(o."feedback_screen_shot", '/uploads/([0-9a-f]{32}\.(png|jpg|webp|gif))$', '/api/private/\1')
WHERE o."feedback_screen_shot" ~ '/uploads/[0-9a-f]{32}\.(png|jpg|webp|gif)$' AND EXISTS (
  SELECT 1 FROM "uploads" u WHERE u."private" AND u."key" = substring(o."feedback_screen_shot" FROM '/uploads/([0-9a-f]{32}\.(?:png|jpg|webp|gif))$')
);
