-- Fraud signals (docs/domain.md, Fraud signals): what the checks read, the flags they raise, and
-- the history's record of a dismissal.
-- The history's new action: an admin dismissing a flag, with the note and the author.
ALTER TABLE "order_events" DROP CONSTRAINT "order_events_action_check";
--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_action_check" CHECK ("order_events"."action" in ('placed', 'updated', 'agent-status', 'status', 'refund-shot', 'commission', 'flag-dismissed'));
--> statement-breakpoint
-- paypal-shared: the orders of a buyer's PayPal, compared without case and surrounding spaces.
CREATE INDEX "orders_buyer_pay_pal_normalized_idx" ON "orders" USING btree (lower(trim("buyer_pay_pal")),"agent_id");
--> statement-breakpoint
-- number-seen: every Amazon order number each order has ever carried. Kept by a trigger on
-- orders, never written by the application; no foreign key, like paid_order_numbers.
CREATE TABLE "order_number_uses" (
	"amz_order_number" text NOT NULL,
	"order_id" uuid NOT NULL,
	"first_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_number_uses_pkey" PRIMARY KEY("amz_order_number","order_id")
);
--> statement-breakpoint
CREATE FUNCTION "orders_number_use_keep"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "order_number_uses" ("amz_order_number", "order_id") VALUES (NEW."amz_order_number", NEW."id")
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_number_use_on_insert" AFTER INSERT ON "orders"
FOR EACH ROW EXECUTE FUNCTION "orders_number_use_keep"();
--> statement-breakpoint
CREATE TRIGGER "orders_number_use_on_update" AFTER UPDATE OF "amz_order_number" ON "orders"
FOR EACH ROW WHEN (OLD."amz_order_number" IS DISTINCT FROM NEW."amz_order_number") EXECUTE FUNCTION "orders_number_use_keep"();
--> statement-breakpoint
-- The numbers the orders carry now, and every number their history names.
INSERT INTO "order_number_uses" ("amz_order_number", "order_id", "first_used_at")
SELECT "amz_order_number", "id", "created_at" FROM "orders"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "order_number_uses" ("amz_order_number", "order_id", "first_used_at")
SELECT n."number", e."order_id", min(e."at")
FROM "order_events" e
CROSS JOIN LATERAL (VALUES (e."changes" -> 'amzOrderNumber' ->> 'from'), (e."changes" -> 'amzOrderNumber' ->> 'to')) AS n("number")
WHERE e."changes" ? 'amzOrderNumber' AND n."number" IS NOT NULL AND n."number" <> ''
GROUP BY n."number", e."order_id"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- screenshot-reused: the perceptual hash of each re-encoded upload (64 bits as a bigint),
-- computed when it is uploaded; an upload from before this migration has none.
CREATE TABLE "upload_image_hashes" (
	"key" text PRIMARY KEY NOT NULL,
	"phash" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "upload_image_hashes" ADD CONSTRAINT "upload_image_hashes_key_uploads_key_fk" FOREIGN KEY ("key") REFERENCES "public"."uploads"("key") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Each order's screenshot: its upload's key and hash, and the hash cut into four 16-bit bands
-- (each tagged with its position) for the GIN index. Kept by a trigger on orders from the stored
-- value (a link to an upload, or its key); a link that is not one of our uploads has no row.
CREATE TABLE "order_screenshots" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"upload_key" text NOT NULL,
	"phash" bigint,
	"bands" integer[]
);
--> statement-breakpoint
ALTER TABLE "order_screenshots" ADD CONSTRAINT "order_screenshots_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "order_screenshots_upload_key_idx" ON "order_screenshots" USING btree ("upload_key");
--> statement-breakpoint
CREATE INDEX "order_screenshots_bands_idx" ON "order_screenshots" USING gin ("bands");
--> statement-breakpoint
-- The four bands of a hash: bits 63-48, 47-32, 31-16, 15-0, band i as i * 65536 + its value.
CREATE FUNCTION "phash_bands"(h bigint) RETURNS integer[]
LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT array_agg(i * 65536 + ((h >> (48 - 16 * i)) & 65535)::integer ORDER BY i) FROM generate_series(0, 3) AS i
$$;
--> statement-breakpoint
-- What the check looks up: each band as it is and with each one of its 16 bits flipped. Two
-- hashes at most 7 bits apart have a band at most 1 bit apart (7 < 2 x 4), so every such hash
-- has a band among these 68 values; the check then counts the bits (server/src/services/order-flags.ts).
CREATE FUNCTION "phash_probes"(h bigint) RETURNS integer[]
LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT array_agg(i * 65536 + (((h >> (48 - 16 * i)) & 65535)::integer # (CASE WHEN k < 0 THEN 0 ELSE 1 << k END)))
  FROM generate_series(0, 3) AS i, generate_series(-1, 15) AS k
$$;
--> statement-breakpoint
CREATE FUNCTION "orders_screenshot_keep"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  upload_key text := substring(NEW."order_screenshot" from '(?:^|/(?:uploads|api/private)/)([0-9a-f]{32}\.(?:png|jpg|webp|gif))(?:\?.*)?$');
  hash bigint;
BEGIN
  IF upload_key IS NULL THEN
    DELETE FROM "order_screenshots" WHERE "order_id" = NEW."id";
    RETURN NULL;
  END IF;
  SELECT h."phash" INTO hash FROM "upload_image_hashes" h WHERE h."key" = upload_key;
  INSERT INTO "order_screenshots" ("order_id", "upload_key", "phash", "bands")
  VALUES (NEW."id", upload_key, hash, "phash_bands"(hash))
  ON CONFLICT ("order_id") DO UPDATE SET "upload_key" = EXCLUDED."upload_key", "phash" = EXCLUDED."phash", "bands" = EXCLUDED."bands";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_screenshot_on_insert" AFTER INSERT ON "orders"
FOR EACH ROW EXECUTE FUNCTION "orders_screenshot_keep"();
--> statement-breakpoint
CREATE TRIGGER "orders_screenshot_on_update" AFTER UPDATE OF "order_screenshot" ON "orders"
FOR EACH ROW WHEN (OLD."order_screenshot" IS DISTINCT FROM NEW."order_screenshot") EXECUTE FUNCTION "orders_screenshot_keep"();
--> statement-breakpoint
INSERT INTO "order_screenshots" ("order_id", "upload_key")
SELECT "id", substring("order_screenshot" from '(?:^|/(?:uploads|api/private)/)([0-9a-f]{32}\.(?:png|jpg|webp|gif))(?:\?.*)?$') FROM "orders"
WHERE substring("order_screenshot" from '(?:^|/(?:uploads|api/private)/)([0-9a-f]{32}\.(?:png|jpg|webp|gif))(?:\?.*)?$') IS NOT NULL;
--> statement-breakpoint
-- The flags, one per order and signal: the other orders behind it (newest first, at most 50),
-- and, once an admin dismissed it, when, by whom and why (also in the order's history).
CREATE TABLE "order_flags" (
	"order_id" uuid NOT NULL,
	"code" text NOT NULL,
	"related_order_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"raised_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dismissed_at" timestamp with time zone,
	"dismissed_by" uuid,
	"dismissal_note" text,
	CONSTRAINT "order_flags_pkey" PRIMARY KEY("order_id","code"),
	CONSTRAINT "order_flags_code_check" CHECK ("order_flags"."code" in ('paypal-shared', 'screenshot-reused', 'number-seen')),
	CONSTRAINT "order_flags_dismissal_check" CHECK (("order_flags"."dismissed_at" is null) = ("order_flags"."dismissed_by" is null) and ("order_flags"."dismissed_at" is null) = ("order_flags"."dismissal_note" is null))
);
--> statement-breakpoint
ALTER TABLE "order_flags" ADD CONSTRAINT "order_flags_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- What holds money, and what the `flagged=true` lists and the dashboard's count read.
CREATE INDEX "order_flags_open_idx" ON "order_flags" USING btree ("order_id") WHERE "order_flags"."dismissed_at" IS NULL;
--> statement-breakpoint
-- The orders there are now: unpaid, not cancelled ones that share a buyer's PayPal with an order
-- of another agent, or carry a number another order carried before. (A screenshot can only be
-- compared by its upload's key here: the uploads so far have no hash.)
INSERT INTO "order_flags" ("order_id", "code", "related_order_ids")
SELECT o."id", 'paypal-shared', (
  SELECT array_agg(r."id" ORDER BY r."created_at" DESC) FROM (
    SELECT r."id", r."created_at" FROM "orders" r
    WHERE lower(trim(r."buyer_pay_pal")) = lower(trim(o."buyer_pay_pal")) AND r."agent_id" <> o."agent_id"
    ORDER BY r."created_at" DESC LIMIT 50
  ) r)
FROM "orders" o
WHERE o."comission_status" = 'unpaid' AND o."agent_status" <> 'cancelled' AND EXISTS (
  SELECT 1 FROM "orders" r WHERE lower(trim(r."buyer_pay_pal")) = lower(trim(o."buyer_pay_pal")) AND r."agent_id" <> o."agent_id"
);
--> statement-breakpoint
INSERT INTO "order_flags" ("order_id", "code", "related_order_ids")
SELECT o."id", 'number-seen', (
  SELECT array_agg(u."order_id" ORDER BY u."first_used_at" DESC) FROM (
    SELECT u."order_id", u."first_used_at" FROM "order_number_uses" u
    WHERE u."amz_order_number" = o."amz_order_number" AND u."order_id" <> o."id"
    ORDER BY u."first_used_at" DESC LIMIT 50
  ) u)
FROM "orders" o
WHERE o."comission_status" = 'unpaid' AND o."agent_status" <> 'cancelled' AND EXISTS (
  SELECT 1 FROM "order_number_uses" u WHERE u."amz_order_number" = o."amz_order_number" AND u."order_id" <> o."id"
);
--> statement-breakpoint
INSERT INTO "order_flags" ("order_id", "code", "related_order_ids")
SELECT s."order_id", 'screenshot-reused', (
  SELECT array_agg(r."order_id" ORDER BY r."order_id") FROM (
    SELECT r."order_id" FROM "order_screenshots" r
    WHERE r."upload_key" = s."upload_key" AND r."order_id" <> s."order_id" LIMIT 50
  ) r)
FROM "order_screenshots" s INNER JOIN "orders" o ON o."id" = s."order_id"
WHERE o."comission_status" = 'unpaid' AND o."agent_status" <> 'cancelled' AND EXISTS (
  SELECT 1 FROM "order_screenshots" r WHERE r."upload_key" = s."upload_key" AND r."order_id" <> s."order_id"
);
