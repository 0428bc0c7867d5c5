-- Proof screenshots (docs/domain.md, Images; README, Security): one picture, one order. The order
-- whose image field took an upload; the attach step (server/src/uploads/attach.ts) sets it with a
-- conditional UPDATE ... WHERE "order_id" IS NULL OR "order_id" = <this order>, under the row lock,
-- so two orders taking the same upload at once end with one of them refused. No foreign key:
-- placing an order attaches its screenshot before the order's row is inserted, and an upload that
-- was an order's proof stays that order's.
ALTER TABLE "uploads" ADD COLUMN "order_id" uuid;--> statement-breakpoint
-- Orders placed before: each upload an order's image field names is the earliest such order's.
UPDATE "uploads" u SET "order_id" = taken."order_id"
FROM (
  SELECT DISTINCT ON (named."key") named."key", named."order_id"
  FROM (
    SELECT o."id" AS "order_id", o."created_at", v."key"
    FROM "orders" o
    CROSS JOIN LATERAL (
      VALUES (o."order_screenshot"), (o."review_screen_shot"), (o."feedback_screen_shot"), (o."refund_shot")
    ) AS v("key")
    WHERE v."key" ~ '^[0-9a-f]{32}\.(png|jpg|webp|gif)$'
  ) named
  ORDER BY named."key", named."created_at", named."order_id"
) taken
WHERE u."key" = taken."key";
