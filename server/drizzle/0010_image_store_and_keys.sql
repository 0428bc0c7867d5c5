-- Images kept in the database when IMAGE_STORE=postgres (uploads/store.ts), so every API
-- process serves every image. "private" mirrors the uploads row's privacy, as the data folder's
-- layout does; who may see an image is still the uploads row's to say.
CREATE TABLE "image_blobs" (
	"key" text PRIMARY KEY NOT NULL,
	"private" boolean NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"bytes" bytea NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "image_blobs_size_check" CHECK ("image_blobs"."size_bytes" = octet_length("image_blobs"."bytes"))
);--> statement-breakpoint
-- Image columns keep an upload's key instead of an absolute URL, whose host and port were the
-- API's of the day of the upload; answers build the URL from API_PUBLIC_URL (uploads/urls.ts).
-- Only the links to one of our uploads (a key the uploads table knows, under any host, signed
-- or not) are rewritten; Firebase and other sites' URLs stay as stored. Idempotent.
UPDATE "products" p SET "image" = u."key" FROM "uploads" u
WHERE p."image" <> u."key"
  AND u."key" = substring(p."image" FROM '/(?:uploads|api/private)/([0-9a-f]{32}\.(?:png|jpg|webp|gif))(?:\?[^/]*)?$');--> statement-breakpoint
UPDATE "products" p SET "amz_image" = u."key" FROM "uploads" u
WHERE p."amz_image" <> u."key"
  AND u."key" = substring(p."amz_image" FROM '/(?:uploads|api/private)/([0-9a-f]{32}\.(?:png|jpg|webp|gif))(?:\?[^/]*)?$');--> statement-breakpoint
UPDATE "orders" o SET "order_screenshot" = u."key" FROM "uploads" u
WHERE o."order_screenshot" <> u."key"
  AND u."key" = substring(o."order_screenshot" FROM '/(?:uploads|api/private)/([0-9a-f]{32}\.(?:png|jpg|webp|gif))(?:\?[^/]*)?$');--> statement-breakpoint
UPDATE "orders" o SET "refund_shot" = u."key" FROM "uploads" u
WHERE o."refund_shot" <> u."key"
  AND u."key" = substring(o."refund_shot" FROM '/(?:uploads|api/private)/([0-9a-f]{32}\.(?:png|jpg|webp|gif))(?:\?[^/]*)?$');--> statement-breakpoint
UPDATE "orders" o SET "review_screen_shot" = u."key" FROM "uploads" u
WHERE o."review_screen_shot" <> u."key"
  AND u."key" = substring(o."review_screen_shot" FROM '/(?:uploads|api/private)/([0-9a-f]{32}\.(?:png|jpg|webp|gif))(?:\?[^/]*)?$');--> statement-breakpoint
UPDATE "orders" o SET "feedback_screen_shot" = u."key" FROM "uploads" u
WHERE o."feedback_screen_shot" <> u."key"
  AND u."key" = substring(o."feedback_screen_shot" FROM '/(?:uploads|api/private)/([0-9a-f]{32}\.(?:png|jpg|webp|gif))(?:\?[^/]*)?$');
