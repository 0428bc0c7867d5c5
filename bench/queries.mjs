// The SQL the API's routes run (as drizzle generates it from server/src/services/*.ts), written
// out by hand for the bare comparison route and for EXPLAIN. If a service's query changes,
// change it here too: the bare route must do the same database work as the real one.
// server/src/bench-queries.test.ts checks that they still match.

const ORDER_COLUMNS = `"orders"."id", "orders"."product_id", "orders"."agent_id", "orders"."review_type", "orders"."amz_order_number", "orders"."buyer_pay_pal", "orders"."buyer_name", "orders"."order_screenshot", "orders"."refund_shot", "orders"."review_screen_shot", "orders"."feedback_screen_shot", "orders"."comments", "orders"."agent_status", "orders"."status", "orders"."comission_status", "orders"."comission", "orders"."commission_terms", "orders"."created_at", "orders"."updated_at", "orders"."version"`;

const PRODUCT_COLUMNS = `"products"."id", "products"."vendor_id", "products"."name", "products"."product_id", "products"."description", "products"."category", "products"."product_category", "products"."market_place", "products"."product_link", "products"."keyword", "products"."brand_name", "products"."amz_image", "products"."image", "products"."price", "products"."comission", "products"."comission_with_text_review", "products"."comission_with_picture_review", "products"."comission_with_video_review", "products"."review_types", "products"."guidelines", "products"."marketer_instructions", "products"."commission_policies", "products"."status", "products"."created_at", "products"."updated_at", "products"."version", "products"."updated_by"`;

/** services/orders.ts orderProductColumns: the product's columns an order's JSON shows, and its manager */
const ORDER_PRODUCT_COLUMNS = `"products"."id", "products"."vendor_id", "products"."name", "products"."image", "products"."market_place", "products"."price", "products"."status"`;

/** services/orders.ts selectOrderJoins(): an order with its product, vendor, agent and the agent's referrer */
const ORDER_JOIN = `select ${ORDER_COLUMNS}, ${ORDER_PRODUCT_COLUMNS}, "vendor"."id", "vendor"."first_name", "vendor"."last_name", "agent"."id", "agent"."first_name", "agent"."last_name", "agent"."email", "agent_referrer"."id", "agent_referrer"."first_name", "agent_referrer"."last_name" from "orders" inner join "products" on "products"."id" = "orders"."product_id" inner join "users" "vendor" on "vendor"."id" = "products"."vendor_id" inner join "users" "agent" on "agent"."id" = "orders"."agent_id" left join "users" "agent_referrer" on "agent_referrer"."id" = "agent"."referral_user_id"`;

/**
 * server/src/plugins/auth.ts sessionColumn: the caller's session, read by a route's own statement
 * (its placeholders $n the token's id, $n+1 the caller's id)
 */
const session = (n) =>
  `(select json_build_array(caller.role, caller.status, caller.token_version, caller.first_name, caller.last_name, exists (select 1 from revoked_tokens revoked where revoked.jti = $${n})) from users caller where caller.id = $${n + 1}) as "session"`;

/** services/order-signals.ts upsertAccountFlag: the flag names an agent it did not name */
const ACCOUNT_FLAG_GAINED = `not (excluded."related_user_ids" <@ "order_flags"."related_user_ids")`;

export const SQL = {
  /** GET /api/products/approved?limit=50 as an agent (a suspended manager's left out): the page ($1 'approved', $2 limit, $3 offset) */
  approvedProductsPage: `select ${PRODUCT_COLUMNS}, "users"."id", "users"."first_name", "users"."last_name" from "products" inner join "users" on "users"."id" = "products"."vendor_id" where ("products"."status" in ($1) and not exists (select 1 from "users" vendor where vendor.id = "products"."vendor_id" and vendor.status = 'suspended')) order by "products"."created_at" desc, "products"."id" desc limit $2 offset $3`,
  /** ... and its total, with the caller's session ($1 token id, $2 caller, $3 'approved') */
  approvedProductsCount: `select count(*), ${session(1)} from "products" where ("products"."status" in ($3) and not exists (select 1 from "users" vendor where vendor.id = "products"."vendor_id" and vendor.status = 'suspended'))`,

  /**
   * GET /api/agents/:id/orders?limit=50 as the agent: the first page, its LIMIT in the text
   * (services/orders.ts firstPageRows) ($1 = $2 = agent id)
   */
  agentOrdersPage: `${ORDER_JOIN} where ("orders"."agent_id" = $1 and "orders"."agent_id" = $2) order by "orders"."created_at" desc, "orders"."id" desc limit 50`,
  /** ... and its total, from the counts the triggers keep ($1 = $2 = agent id) */
  agentOrdersCount: `select coalesce(sum("orders"), 0)::integer from "order_counts" where ("order_counts"."agent_id" = $1 and "order_counts"."agent_id" = $2)`,

  /** GET /api/orders/all?limit=50 as an admin: the first page, its LIMIT in the text */
  adminOrdersPage: `${ORDER_JOIN} order by "orders"."created_at" desc, "orders"."id" desc limit 50`,
  /** ... and its total, from the counts the triggers keep */
  adminOrdersCount: `select coalesce(sum("orders"), 0)::integer from "order_counts"`,

  /** GET /api/orders/all?limit=50&q=…: first the agents the text names ($1 'agent', $2 = $3 the ILIKE pattern) */
  searchAgents: `select "id" from "users" where ("users"."role" = $1 and ("users"."first_name" || ' ' || "users"."last_name" ilike $2 or "users"."email" ilike $3))`,
  /**
   * ... the page's matching orders and their total, counted as found, for a text that names no
   * agent (the three columns put together through their trigram index, read by the lookup's
   * pieces of the text, then each column) ($1 the lookup, server/src/services/like-patterns.ts
   * searchLookup; $2 = $3 = $4 the ILIKE pattern; $5 limit, $6 offset)
   */
  adminSearchIds: `select "id", (count(*) over ())::integer as "total" from "orders" where (("orders"."amz_order_number" || ' ' || "orders"."buyer_name" || ' ' || "orders"."buyer_pay_pal") ilike $1 and ("orders"."amz_order_number" ilike $2 or "orders"."buyer_name" ilike $3 or "orders"."buyer_pay_pal" ilike $4)) order by "orders"."created_at" desc, "orders"."id" desc limit $5 offset $6`,
  /**
   * ... the same for a text that names agents: the text's matches and the agents' orders, each
   * by its own index, put together ($1 the lookup; $2 = $3 = $4 the pattern; $5 the agents' ids;
   * $6 limit, $7 offset)
   */
  adminSearchIdsWithAgents: `select "matched"."id", (count(*) over ())::integer as "total" from ((select "created_at", "id" from "orders" where (("orders"."amz_order_number" || ' ' || "orders"."buyer_name" || ' ' || "orders"."buyer_pay_pal") ilike $1 and ("orders"."amz_order_number" ilike $2 or "orders"."buyer_name" ilike $3 or "orders"."buyer_pay_pal" ilike $4))) union (select "created_at", "id" from "orders" where "orders"."agent_id" = any($5::uuid[]))) "matched" order by "matched"."created_at" desc, "matched"."id" desc limit $6 offset $7`,
  /** ... then those orders joined ($1 their ids) */
  ordersByIds: `${ORDER_JOIN} where "orders"."id" = any($1::uuid[]) order by "orders"."created_at" desc, "orders"."id" desc`,

  /** POST /api/orders reads the order it placed ($1 order id, $2 limit 1) */
  oneOrder: `${ORDER_JOIN} where "orders"."id" = $1 limit $2`,
  /** GET /api/order/:id, with the caller's session ($1 token id, $2 caller, $3 order id, $4 limit 1) */
  oneOrderWithSession: `${ORDER_JOIN.replace(' from "orders"', `, ${session(1)} from "orders"`)} where "orders"."id" = $3 limit $4`,

  /**
   * POST /api/orders, in one transaction (the order's id chosen first): the product, locked for
   * share, with the caller's session ($1 token id, $2 caller, $3 product id, $4 limit 1)
   */
  productForShare: `select "id", "vendor_id", "name", "status", "review_types", "comission", "comission_with_text_review", "comission_with_picture_review", "comission_with_video_review", exists (select 1 from "users" vendor where vendor.id = "vendor_id" and vendor.status = 'suspended'), ${session(1)} from "products" where "products"."id" = $3 limit $4 for share`,
  /**
   * ... the order screenshot's upload, when it is one of ours, locked ($1 key, $2 limit 1), and
   * taken by the order unless another took it ($1 the order's id, $2 its id, $3 the order's id)
   */
  uploadForUpdate:
    'select "id", "owner_id", "private", "purpose" from "uploads" where "uploads"."key" = $1 limit $2 for update',
  attachUpload:
    'update "uploads" set "attached_at" = now(), "order_id" = $1 where ("uploads"."id" = $2 and ("uploads"."order_id" is null or "uploads"."order_id" = $3)) returning "id"',
  insertOrder: `insert into "orders" ("id", "product_id", "agent_id", "review_type", "amz_order_number", "buyer_pay_pal", "buyer_pay_pal_key", "buyer_name", "order_screenshot", "refund_shot", "review_screen_shot", "feedback_screen_shot", "comments", "agent_status", "status", "comission_status", "comission", "commission_terms", "payout_id", "created_at", "updated_at", "version") values ($1, $2, $3, $4, $5, $6, $7, $8, $9, default, default, default, $10, $11, $12, $13, $14, $15, default, default, default, default) returning "id"`,
  /** ... its `placed` event ($1 order, $2 actor id, $3 name, $4 role, $5 action, $6 changes, $7 paid commission) */
  insertOrderEvent: `insert into "order_events" ("id", "seq", "order_id", "at", "actor_id", "actor_name", "actor_role", "action", "changes", "paid_comission") values (default, default, $1, default, $2, $3, $4, $5, $6, $7)`,
  /** ... the manager's alert, and whether it was queued for pushing (the bench's managers have no subscription: one notice) */
  insertAlert: `insert into "alerts" ("id", "user_id", "type", "message", "link", "read", "created_at", "kind", "params") values (default, $1, $2, $3, $4, default, default, $5, $6) returning "id", exists (select 1 from push_subscriptions s where s.user_id = "alerts"."user_id")`,
  notifyAlert: `select pg_notify($1, $2)`,
  // fraud signals (docs/domain.md, Fraud signals): the locks and the checks placing runs last, one
  // named statement, as server/src/services/order-signals.ts builds it ($1 PayPal's canonical key,
  // $2 agent, $3 number, $4 the order's id, $5 PayPal's key and $6 screenshot's upload key to lock;
  // MAX_FLAG_RELATED_ORDERS in the text); the flags of a staff page
  placeSignals:
    'select signal, other_id from order_signals($1::text, $2::uuid, $3::text, $4::uuid, order_signal_locks($5::text, $6::text), 50::integer)',
  orderFlagsOf:
    'select "order_id", "code", "related_order_ids", "related_user_ids", "dismissed_at" from "order_flags" where "order_flags"."order_id" = any($1::uuid[])',
  /**
   * placing, when the checks find the agent's payout account shared: the order's flag naming the other
   * agents (services/order-signals.ts upsertAccountFlag: $1 the order, $2
   * 'payout-account-shared', $3 the agents; MAX_FLAG_RELATED_ORDERS in the text), named. The bench's agent is one
   * of the seed's pair paid to one wallet, so every order it places runs this.
   */
  upsertAccountFlag: `insert into "order_flags" ("order_id", "code", "related_order_ids", "related_user_ids", "raised_at", "dismissed_at", "dismissed_by", "dismissal_note") values ($1::uuid, $2, default, $3::uuid[], default, default, default, default) on conflict ("order_id","code") do update set "related_user_ids" = array(select id from unnest(excluded."related_user_ids" || "order_flags"."related_user_ids") with ordinality as t(id, n) group by id order by min(n) limit 50), "raised_at" = case when ${ACCOUNT_FLAG_GAINED} then now() else "order_flags"."raised_at" end, "dismissed_at" = case when ${ACCOUNT_FLAG_GAINED} then null else "order_flags"."dismissed_at" end, "dismissed_by" = case when ${ACCOUNT_FLAG_GAINED} then null else "order_flags"."dismissed_by" end, "dismissal_note" = case when ${ACCOUNT_FLAG_GAINED} then null else "order_flags"."dismissal_note" end`,

  /**
   * GET /api/orders/:id/history as the order's agent, with the caller's session ($1 token id,
   * $2 caller; $3 'flag-dismissed', left out for agents; $4 order id, $5 agent id)
   */
  orderHistory: `select ${session(1)}, "order_events"."id", "order_events"."at", "order_events"."actor_id", "order_events"."actor_name", "order_events"."actor_role", "order_events"."action", "order_events"."changes", "payouts"."id", "payouts"."reference" from "orders" left join "order_events" on ("order_events"."order_id" = "orders"."id" and "order_events"."action" <> $3) left join "payouts" on ("payouts"."id" = "orders"."payout_id" and "order_events"."changes" -> 'comissionStatus' ->> 'to' = 'paid') where ("orders"."id" = $4 and "orders"."agent_id" = $5) order by "order_events"."at" asc, "order_events"."seq" asc`,
};
