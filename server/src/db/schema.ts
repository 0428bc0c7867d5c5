/**
 * The whole data model (docs/architecture.md, The API server). Columns are snake_case; the
 * JSON keeps the field names the first client used (see ../serializers.ts). Value sets come
 * from the contract and are enforced by CHECK constraints, so a change there is a migration.
 * Only what PostgreSQL 15 has (PGlite is 18, production may be 15).
 */
import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  AGENT_STATUSES,
  type AgentStatus,
  ALERT_KINDS,
  type AlertKind,
  alertSchema,
  COMMISSION_STATUSES,
  type CommissionFigures,
  type CommissionStatus,
  FLAG_CODES,
  type FlagCode,
  GENDERS,
  type Gender,
  MARKETPLACES,
  type Marketplace,
  ORDER_EVENT_ACTIONS,
  ORDER_STATUSES,
  type OrderEvent,
  type OrderEventAction,
  type OrderStatus,
  PAYOUT_METHODS,
  type PayoutMethod,
  PRODUCT_STATUSES,
  type ProductStatus,
  REVIEW_TYPES,
  type ReviewType,
  ROLES,
  type Role,
  USER_EVENT_TYPES,
  USER_LOCALES,
  USER_STATUSES,
  type UserEventType,
  type UserLocale,
  type UserStatus,
} from 'shared-api/contract';

export const ALERT_TYPES = alertSchema.shape.type.options;
export type AlertType = (typeof ALERT_TYPES)[number];

const quoted = (values: readonly string[]) => sql.raw(values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', '));
const oneOf = (column: AnyPgColumn, values: readonly string[]): SQL => sql`${column} in (${quoted(values)})`;

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/** A row's version: 1 when inserted, one more on every UPDATE (the trigger of migration 0018). */
const recordVersion = () => integer('version').notNull().default(1);
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
/** Money: two decimals in the database, a JS number in the app. */
const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    role: text('role').$type<Role>().notNull(),
    status: text('status').$type<UserStatus>().notNull().default('pending'),
    /** the reason of the latest rejection or suspension, shown at sign-in; null otherwise */
    statusReason: text('status_reason'),
    phoneNumber: text('phone_number').notNull().default(''),
    gender: text('gender').$type<Gender>(),
    /** shown as country */
    state: text('state').notNull().default(''),
    city: text('city').notNull().default(''),
    referralName: text('referral_name').notNull().default(''),
    referralContact: text('referral_contact').notNull().default(''),
    referralUserId: uuid('referral_user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /** keys of private files (never public URLs); served to admins through signed links */
    cnicFront: text('cnic_front'),
    cnicBack: text('cnic_back'),
    /** bumped by a password change: tokens carrying an older version are refused */
    tokenVersion: integer('token_version').notNull().default(0),
    /** the account's language: the app opens in it on every device (migration 0035) */
    locale: text('locale').$type<UserLocale>().notNull().default('en'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    index('users_status_created_at_idx').on(t.status, t.createdAt),
    index('users_referral_user_id_idx').on(t.referralUserId),
    // the order search's ILIKE '%text%' on the agent's "first last" and email (pg_trgm, migration 0007; no pending list, 0011)
    index('users_full_name_trgm_idx')
      .using('gin', sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`)
      .with({ fastupdate: false }),
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')).with({ fastupdate: false }),
    // the directory's search on the phone, and its two sorts, each ending in the id (migration 0025)
    index('users_phone_number_trgm_idx').using('gin', t.phoneNumber.op('gin_trgm_ops')).with({ fastupdate: false }),
    index('users_created_at_id_idx').on(t.createdAt, t.id),
    index('users_name_sort_idx').on(sql`lower(${t.firstName} || ' ' || ${t.lastName})`, t.id),
    check('users_role_check', oneOf(t.role, ROLES)),
    check('users_status_check', oneOf(t.status, USER_STATUSES)),
    check('users_gender_check', oneOf(t.gender, GENDERS)),
    check('users_locale_check', oneOf(t.locale, USER_LOCALES)),
  ],
);

/**
 * Tokens ended by a logout before their expiry, refused until then; kept until they would have
 * expired anyway, then purged (db/maintenance.ts).
 */
export const revokedTokens = pgTable(
  'revoked_tokens',
  {
    /** the token's jti */
    jti: text('jti').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('revoked_tokens_expires_at_idx').on(t.expiresAt), index('revoked_tokens_user_id_idx').on(t.userId)],
);

/**
 * One-time links to set a new password (docs/domain.md, Forgotten passwords): the SHA-256 (hex)
 * of the link's token, never the token; used once (used_at), until expires_at.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('password_reset_tokens_user_id_idx').on(t.userId),
    index('password_reset_tokens_expires_at_idx').on(t.expiresAt),
    check('password_reset_tokens_token_hash_check', sql`char_length(${t.tokenHash}) = 64`),
    check('password_reset_tokens_expiry_check', sql`${t.expiresAt} > ${t.createdAt}`),
  ],
);

/**
 * The answer each Idempotency-Key got (docs/domain.md, Submitting twice), per user, for 24 hours:
 * written in the transaction of the work it answers (../services/idempotency.ts). `route` is the
 * method and route pattern, `request_hash` the SHA-256 (hex) of the route, its parameters and its
 * parsed body; `status` and `body` are null only inside that transaction.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: uuid('key').notNull(),
    route: text('route').notNull(),
    requestHash: text('request_hash').notNull(),
    status: integer('status'),
    body: jsonb('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'idempotency_keys_pkey', columns: [t.userId, t.key] }),
    index('idempotency_keys_created_at_idx').on(t.createdAt),
    check('idempotency_keys_request_hash_check', sql`char_length(${t.requestHash}) = 64`),
    check('idempotency_keys_status_check', sql`${t.status} is null or (${t.status} >= 200 and ${t.status} < 500)`),
  ],
);

export const products = pgTable(
  'products',
  {
    id: id(),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    /** the marketplace's own id of the product (ASIN) */
    productId: text('product_id').notNull().default(''),
    description: text('description').notNull().default(''),
    category: text('category').notNull(),
    productCategory: text('product_category').notNull().default(''),
    marketPlace: text('market_place').$type<Marketplace>().notNull().default('US'),
    /** affiliate link */
    productLink: text('product_link').notNull().default(''),
    keyword: text('keyword').notNull().default(''),
    brandName: text('brand_name').notNull().default(''),
    amzImage: text('amz_image').notNull().default(''),
    image: text('image').notNull().default(''),
    price: money('price').notNull(),
    comission: money('comission').notNull(),
    comissionWithTextReview: money('comission_with_text_review'),
    comissionWithPictureReview: money('comission_with_picture_review'),
    comissionWithVideoReview: money('comission_with_video_review'),
    reviewTypes: text('review_types').array().$type<ReviewType[]>().notNull().default(sql`'{no review}'::text[]`),
    guidelines: text('guidelines').array().notNull().default(sql`'{}'::text[]`),
    marketerInstructions: text('marketer_instructions').array().notNull().default(sql`'{}'::text[]`),
    commissionPolicies: text('commission_policies').array().notNull().default(sql`'{}'::text[]`),
    status: text('status').$type<ProductStatus>().notNull().default('pending'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** bumped by a trigger on every UPDATE of the row (migration 0018; docs/domain.md, Edits and versions) */
    version: recordVersion(),
    /** who changed it last (created, edited, approved, archived); null once that account is gone */
    updatedBy: uuid('updated_by'),
  },
  (t) => [
    // named by PostgreSQL in migration 0018 (the column's inline REFERENCES), not as drizzle would
    foreignKey({ name: 'products_updated_by_fkey', columns: [t.updatedBy], foreignColumns: [users.id] }).onDelete(
      'set null',
    ),
    index('products_status_created_at_idx').on(t.status, t.createdAt),
    index('products_vendor_id_created_at_idx').on(t.vendorId, t.createdAt),
    // the search's ILIKE '%keyword%' on each column (pg_trgm, migration 0003)
    index('products_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('products_description_trgm_idx').using('gin', t.description.op('gin_trgm_ops')),
    index('products_product_id_trgm_idx').using('gin', t.productId.op('gin_trgm_ops')),
    index('products_keyword_trgm_idx').using('gin', t.keyword.op('gin_trgm_ops')),
    check('products_status_check', oneOf(t.status, PRODUCT_STATUSES)),
    check('products_market_place_check', oneOf(t.marketPlace, MARKETPLACES)),
    check('products_review_types_check', sql`${t.reviewTypes} <@ array[${quoted(REVIEW_TYPES)}]::text[]`),
    check(
      'products_money_check',
      sql`${t.price} > 0 and ${t.comission} >= 0 and coalesce(${t.comissionWithTextReview}, 0) >= 0 and coalesce(${t.comissionWithPictureReview}, 0) >= 0 and coalesce(${t.comissionWithVideoReview}, 0) >= 0`,
    ),
  ],
);

/**
 * The commission terms of the approved product an order was placed under: the order keeps them,
 * and a later change of its review type is priced from them alone (a manager's edit of the
 * product waits for approval in the product's own row).
 */
export type CommissionTerms = CommissionFigures & { reviewTypes: ReviewType[] };

export function commissionTermsOf(product: CommissionTerms): CommissionTerms {
  return {
    comission: product.comission,
    comissionWithTextReview: product.comissionWithTextReview,
    comissionWithPictureReview: product.comissionWithPictureReview,
    comissionWithVideoReview: product.comissionWithVideoReview,
    reviewTypes: [...product.reviewTypes],
  };
}

export const orders = pgTable(
  'orders',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    reviewType: text('review_type').$type<ReviewType>().notNull(),
    amzOrderNumber: text('amz_order_number').notNull(),
    buyerPayPal: text('buyer_pay_pal').notNull(),
    /**
     * the PayPal's canonical key (canonical-key.ts payPalKey), which the paypal-shared signal
     * compares; set with buyer_pay_pal, NULL only for a row written before migration 0015 until
     * fillCanonicalKeys gives it one at start-up
     */
    buyerPayPalKey: text('buyer_pay_pal_key'),
    buyerName: text('buyer_name').notNull(),
    orderScreenshot: text('order_screenshot').notNull().default(''),
    refundShot: text('refund_shot').notNull().default(''),
    reviewScreenShot: text('review_screen_shot').notNull().default(''),
    feedbackScreenShot: text('feedback_screen_shot').notNull().default(''),
    comments: text('comments').notNull().default(''),
    agentStatus: text('agent_status').$type<AgentStatus>().notNull().default('submitted'),
    /** set by a manager or admin; '' until one does */
    status: text('status').$type<OrderStatus | ''>().notNull().default(''),
    /** paid is final: the trigger orders_paid_stays_paid (migration 0017) refuses any other value after it, and a change of a paid order's payout */
    comissionStatus: text('comission_status').$type<CommissionStatus>().notNull().default('unpaid'),
    /** fixed when the order is placed, from its kept terms (docs/domain.md, Money) */
    comission: money('comission').notNull(),
    commissionTerms: jsonb('commission_terms').$type<CommissionTerms>().notNull(),
    /** the payout that paid it (docs/domain.md, Payouts); set exactly when the order is paid */
    payoutId: uuid('payout_id').references((): AnyPgColumn => payouts.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** bumped by a trigger on every UPDATE of the row (migration 0018); who and when: its latest event */
    version: recordVersion(),
  },
  (t) => [
    uniqueIndex('orders_amz_order_number_unique').on(t.amzOrderNumber),
    index('orders_agent_id_created_at_idx').on(t.agentId, t.createdAt),
    index('orders_product_id_created_at_idx').on(t.productId, t.createdAt),
    // the lists' sorts and the export's keyset batches (migration 0007)
    index('orders_created_at_id_idx').on(t.createdAt, t.id),
    index('orders_comission_created_at_id_idx').on(t.comission, t.createdAt, t.id),
    // the order search's ILIKE '%text%': where to look, on the three columns put together (pg_trgm,
    // migration 0034, in place of 0007's one a column; no pending list, 0011)
    index('orders_search_text_trgm_idx')
      .using('gin', sql`(${t.amzOrderNumber} || ' ' || ${t.buyerName} || ' ' || ${t.buyerPayPal}) gin_trgm_ops`)
      .with({ fastupdate: false }),
    index('orders_agent_status_idx').on(t.agentStatus),
    index('orders_comission_status_idx').on(t.comissionStatus),
    index('orders_payout_id_idx').on(t.payoutId),
    // fraud signals: paypal-shared reads the orders of a buyer's PayPal key (migration 0015)
    index('orders_buyer_pay_pal_key_idx').on(t.buyerPayPalKey, t.agentId),
    index('orders_buyer_pay_pal_key_missing_idx').on(t.id).where(sql`${t.buyerPayPalKey} is null`),
    check('orders_review_type_check', oneOf(t.reviewType, REVIEW_TYPES)),
    check('orders_agent_status_check', oneOf(t.agentStatus, AGENT_STATUSES)),
    check('orders_status_check', oneOf(t.status, ['', ...ORDER_STATUSES])),
    check('orders_comission_status_check', oneOf(t.comissionStatus, COMMISSION_STATUSES)),
    check('orders_comission_check', sql`${t.comission} >= 0`),
    check('orders_payout_paid_check', sql`${t.payoutId} is null or ${t.comissionStatus} = 'paid'`),
    check(
      'orders_commission_terms_check',
      sql`coalesce(jsonb_typeof(${t.commissionTerms} -> 'comission'), '') = 'number' and coalesce(jsonb_typeof(${t.commissionTerms} -> 'reviewTypes'), '') = 'array'`,
    ),
  ],
);

/**
 * Payouts (docs/domain.md, Payouts): one external payment (its reference) of some of one agent's
 * orders, written whole by services/payouts.ts in the transaction that pays them; never updated
 * or deleted (triggers, drizzle/0008_payouts.sql). The admin who paid is kept as it was (id,
 * name), with no foreign key.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: id(),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** the external payment's id (PayPal or bank transfer), trimmed; one reference, one payout */
    reference: text('reference').notNull(),
    /**
     * the reference's canonical key (canonical-key.ts payoutReferenceKey): unique, so `PP-ABC` and
     * `pp-abc` are one payment; NULL only for a payout written before migration 0015 until
     * fillCanonicalKeys gives it one at start-up
     */
    referenceKey: text('reference_key'),
    /** the sum of its orders' comission */
    total: money('total').notNull(),
    /** how many orders it paid */
    orders: integer('orders').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`statement_timestamp()`),
    createdById: uuid('created_by_id').notNull(),
    createdByName: text('created_by_name').notNull(),
    /** the copy of the account it paid, as it was then (migration 0024); null: no account on file */
    method: text('method').$type<PayoutMethod>(),
    account: text('account'),
    holderName: text('holder_name'),
  },
  (t) => [
    uniqueIndex('payouts_reference_unique').on(t.reference),
    uniqueIndex('payouts_reference_key_unique').on(t.referenceKey),
    index('payouts_reference_key_missing_idx').on(t.id).where(sql`${t.referenceKey} is null`),
    // DESC alone in 0008_payouts.sql: nulls first, PostgreSQL's default (the columns are never null)
    index('payouts_agent_id_created_at_idx').on(t.agentId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('payouts_created_at_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check(
      'payouts_reference_check',
      sql`${t.reference} = btrim(${t.reference}) and char_length(${t.reference}) between 1 and 100`,
    ),
    check('payouts_total_check', sql`${t.total} >= 0`),
    check('payouts_orders_check', sql`${t.orders} > 0`),
    check('payouts_account_check', sql`(${t.method} is null) = (${t.account} is null)`),
  ],
);

/**
 * An agent's one payout account (docs/domain.md, Payout accounts), written by
 * services/payout-accounts.ts. `account` canonical, `accountKey` what two accounts are compared
 * by; `changedAt` and `previous*`: when and from what an existing account was last replaced.
 */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    method: text('method').$type<PayoutMethod>().notNull(),
    account: text('account').notNull(),
    accountKey: text('account_key').notNull(),
    holderName: text('holder_name'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    changedAt: timestamp('changed_at', { withTimezone: true }),
    previousMethod: text('previous_method').$type<PayoutMethod>(),
    previousAccount: text('previous_account'),
    previousHolderName: text('previous_holder_name'),
  },
  (t) => [
    index('payout_accounts_account_key_idx').on(t.accountKey),
    check('payout_accounts_method_check', oneOf(t.method, PAYOUT_METHODS)),
    check('payout_accounts_holder_name_check', sql`${t.method} <> 'bank' or ${t.holderName} is not null`),
    check(
      'payout_accounts_previous_check',
      sql`(${t.changedAt} is null) = (${t.previousAccount} is null) and (${t.changedAt} is null) = (${t.previousMethod} is null)`,
    ),
  ],
);
export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;

/**
 * Every change to an order, on record for good (docs/domain.md, Order history): written by
 * services/order-changes.ts in the transaction of the change, refused UPDATE, DELETE and
 * TRUNCATE by triggers (drizzle/0006_order_events.sql). The actor is kept as it was (id, name,
 * role), with no foreign key; an order with a history cannot be deleted.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: id(),
    /** breaks ties between the events one request writes in one statement */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** when the event was written, after the order's row lock: the order its changes were applied in */
    at: timestamp('at', { withTimezone: true }).notNull().default(sql`statement_timestamp()`),
    actorId: uuid('actor_id').notNull(),
    actorName: text('actor_name').notNull(),
    actorRole: text('actor_role').$type<Role>().notNull(),
    action: text('action').$type<OrderEventAction>().notNull(),
    /** each changed field, by the API's field name: { from, to } (images as 'image' or null) */
    changes: jsonb('changes').$type<OrderEvent['changes']>().notNull(),
    /** the order's commission when this event took it to paid; null for every other event */
    paidComission: money('paid_comission'),
  },
  (t) => [
    index('order_events_order_id_at_seq_idx').on(t.orderId, t.at, t.seq),
    uniqueIndex('order_events_paid_once').on(t.orderId).where(sql`${t.changes} -> 'comissionStatus' ->> 'to' = 'paid'`),
    check('order_events_actor_role_check', oneOf(t.actorRole, ROLES)),
    check('order_events_action_check', oneOf(t.action, ORDER_EVENT_ACTIONS)),
    check('order_events_changes_check', sql`jsonb_typeof(${t.changes}) = 'object'`),
    check(
      'order_events_paid_comission_check',
      sql`(${t.paidComission} is not null) = coalesce(${t.changes} -> 'comissionStatus' ->> 'to' = 'paid', false) and coalesce(${t.paidComission}, 0) >= 0`,
    ),
  ],
);

/**
 * An account's history (docs/domain.md, Accounts): append-only like order_events, refused
 * UPDATE, DELETE and TRUNCATE by triggers (drizzle/0021_user_events.sql); written by
 * services/user-events.ts in the transaction of each change.
 */
export const userEvents = pgTable(
  'user_events',
  {
    id: id(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    at: timestamp('at', { withTimezone: true }).notNull().default(sql`statement_timestamp()`),
    actorId: uuid('actor_id').notNull(),
    actorName: text('actor_name').notNull(),
    actorRole: text('actor_role').$type<Role>().notNull(),
    type: text('type').$type<UserEventType>().notNull(),
    /** words the person may read (a rejection's or suspension's reason) */
    reason: text('reason'),
    /** the admins' own note, never shown to the person */
    note: text('note'),
    /** each changed field: { from, to } */
    changes: jsonb('changes').$type<Record<string, { from: unknown; to: unknown }>>().notNull().default({}),
  },
  (t) => [
    index('user_events_user_id_at_seq_idx').on(t.userId, t.at, t.seq),
    check('user_events_actor_role_check', oneOf(t.actorRole, ROLES)),
    check('user_events_type_check', oneOf(t.type, USER_EVENT_TYPES)),
    check('user_events_changes_check', sql`jsonb_typeof(${t.changes}) = 'object'`),
  ],
);

/**
 * Fraud signals (docs/domain.md, Fraud signals): one flag per order and signal, the other orders
 * behind it, and its dismissal. Raised by services/order-signals.ts, dismissed by services/order-flags.ts only.
 */
export const orderFlags = pgTable(
  'order_flags',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    code: text('code').$type<FlagCode>().notNull(),
    /** newest first, at most MAX_FLAG_RELATED_ORDERS */
    relatedOrderIds: uuid('related_order_ids').array().notNull().default(sql`'{}'::uuid[]`),
    /** payout-account-shared: the other agents with the same payout account (migration 0024) */
    relatedUserIds: uuid('related_user_ids').array().notNull().default(sql`'{}'::uuid[]`),
    raisedAt: timestamp('raised_at', { withTimezone: true }).notNull().defaultNow(),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
    dismissedBy: uuid('dismissed_by'),
    dismissalNote: text('dismissal_note'),
  },
  (t) => [
    primaryKey({ name: 'order_flags_pkey', columns: [t.orderId, t.code] }),
    index('order_flags_open_idx').on(t.orderId).where(sql`${t.dismissedAt} is null`),
    check('order_flags_code_check', oneOf(t.code, FLAG_CODES)),
    check(
      'order_flags_dismissal_check',
      sql`(${t.dismissedAt} is null) = (${t.dismissedBy} is null) and (${t.dismissedAt} is null) = (${t.dismissalNote} is null)`,
    ),
  ],
);

/** Every Amazon order number each order has carried (number-seen); kept by triggers on orders (migration 0009). */
export const orderNumberUses = pgTable(
  'order_number_uses',
  {
    amzOrderNumber: text('amz_order_number').notNull(),
    orderId: uuid('order_id').notNull(),
    firstUsedAt: timestamp('first_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'order_number_uses_pkey', columns: [t.amzOrderNumber, t.orderId] })],
);

/**
 * Each order's screenshot as an upload (screenshot-reused): its key, kept by triggers on orders
 * (migrations 0009 and 0013).
 */
export const orderScreenshots = pgTable(
  'order_screenshots',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    uploadKey: text('upload_key').notNull(),
  },
  (t) => [index('order_screenshots_upload_key_idx').on(t.uploadKey)],
);

/**
 * Every Amazon order number that has ever been on a paid order, with that order: such a number
 * is never used by another order again, whatever happens to the paid order later (renumbered,
 * deleted), so one purchase is paid once. Kept by triggers on `orders`
 * (drizzle/0002_paid_orders_closed.sql), which also refuse the reuse; rows are never updated or
 * deleted, and `order_id` has no foreign key so that a deleted order's number stays here.
 */
export const paidOrderNumbers = pgTable('paid_order_numbers', {
  amzOrderNumber: text('amz_order_number').primaryKey(),
  orderId: uuid('order_id').notNull(),
  paidAt: timestamp('paid_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * How many orders each (agent, vendor, agent status, commission status) has: the totals of
 * the order lists (X-Total-Count) are sums over a few of these rows instead of counts over
 * every matching order, which grew with an agent's orders. Kept by triggers on `orders`
 * (drizzle/0001_order_counts.sql), never written by the application.
 */
export const orderCounts = pgTable(
  'order_counts',
  {
    agentId: uuid('agent_id').notNull(),
    vendorId: uuid('vendor_id').notNull(),
    agentStatus: text('agent_status').$type<AgentStatus>().notNull(),
    comissionStatus: text('comission_status').$type<CommissionStatus>().notNull(),
    orders: integer('orders').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.agentId, t.vendorId, t.agentStatus, t.comissionStatus] }),
    index('order_counts_vendor_id_idx').on(t.vendorId),
  ],
);

export const alerts = pgTable(
  'alerts',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<AlertType>().notNull(),
    /** the English sentence (what rows written before kinds are read by) */
    message: text('message').notNull(),
    /** an app route to open, or '' */
    link: text('link').notNull().default(''),
    read: boolean('read').notNull().default(false),
    createdAt: createdAt(),
    /** the sentence's kind and values, built in each reader's language (contract/alert-messages.ts); '' before issue 30 */
    kind: text('kind').$type<AlertKind | ''>().notNull().default(''),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('alerts_user_id_created_at_idx').on(t.userId, t.createdAt),
    check('alerts_type_check', oneOf(t.type, ALERT_TYPES)),
    check('alerts_kind_check', oneOf(t.kind, ['', ...ALERT_KINDS])),
    check('alerts_params_check', sql`jsonb_typeof(${t.params}) = 'object'`),
  ],
);

/** 'cnic': a registration's ID card image, which nothing else may use; 'image': any other. */
export const UPLOAD_PURPOSES = ['image', 'cnic'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

/** Images stored by POST /api/uploads (unused when images go to Firebase). */
export const uploads = pgTable(
  'uploads',
  {
    id: id(),
    /** unguessable: the image's name in its store (uploads/store.ts), and what image fields keep */
    key: text('key').notNull(),
    /** null for the CNIC images registration uploads before the account exists */
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Served only through short-lived signed links: every upload until a product shows it,
     * and for good CNIC images and the images orders show.
     */
    private: boolean('private').notNull().default(false),
    purpose: text('purpose').$type<UploadPurpose>().notNull().default('image'),
    /** when a product or order last took it (or a registration claimed it); null: never, so clean-up may delete it */
    attachedAt: timestamp('attached_at', { withTimezone: true }),
    /**
     * The order whose image field took it: one picture, one order (uploads/attach.ts, migration
     * 0016). No foreign key: placing attaches the screenshot before the order's row is in.
     */
    orderId: uuid('order_id'),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('uploads_key_unique').on(t.key),
    index('uploads_owner_id_idx').on(t.ownerId),
    // what the clean-up looks at (uploads/housekeeping.ts)
    index('uploads_unattached_created_at_idx').on(t.createdAt).where(sql`${t.attachedAt} is null`),
    index('uploads_public_created_at_idx').on(t.createdAt).where(sql`not ${t.private}`),
    check('uploads_purpose_check', oneOf(t.purpose, UPLOAD_PURPOSES)),
  ],
);

/** PostgreSQL's bytea, as a Buffer whichever driver read it (PGlite answers a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/** The uploads' images themselves when IMAGE_STORE=postgres (uploads/store.ts), one row per key. */
export const imageBlobs = pgTable(
  'image_blobs',
  {
    key: text('key').primaryKey(),
    /** the uploads row's privacy when it was last placed (the data folder's public/private layout) */
    private: boolean('private').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('image_blobs_size_check', sql`${t.sizeBytes} = octet_length(${t.bytes})`)],
);

/**
 * Uploads that resume (tus, uploads/resumable.ts): the bytes received so far, in the database
 * every API process shares; offset = octet_length(bytes) until upload_key names the finished
 * upload (bytes emptied then). Deleted a day after creation (migration 0032).
 */
export const resumableUploads = pgTable(
  'resumable_uploads',
  {
    id: id(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Upload-Length: the whole file's size in bytes */
    length: integer('length').notNull(),
    bytes: bytea('bytes').notNull().default(sql`''::bytea`),
    filename: text('filename'),
    fileType: text('file_type'),
    uploadKey: text('upload_key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('resumable_uploads_owner_id_idx').on(t.ownerId),
    index('resumable_uploads_created_at_idx').on(t.createdAt),
    check('resumable_uploads_length_check', sql`${t.length} > 0 and octet_length(${t.bytes}) <= ${t.length}`),
  ],
);

/** The perceptual hash of each re-encoded upload (screenshot-reused), written when it is uploaded. */
export const uploadImageHashes = pgTable(
  'upload_image_hashes',
  {
    key: text('key')
      .primaryKey()
      .references(() => uploads.key, { onDelete: 'cascade' }),
    /** null: the picture has no detail to hash (a flat colour), or its file could not be read */
    phash: bigint('phash', { mode: 'bigint' }),
    /** the detail picture (uploads/image-detail.ts, packDetail) the second look compares; null where phash is */
    detail: bytea('detail'),
    /** phash_bands(phash): the GIN index finds the hashes within 11 bits by them (phash_probes) */
    bands: integer('bands').array(),
    /** the upload's own time (its uploads row's), whenever the hash was made */
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('upload_image_hashes_bands_idx').using('gin', t.bands).with({ fastupdate: false }),
    index('upload_image_hashes_uploaded_at_idx').on(t.uploadedAt).where(sql`${t.phash} is not null`),
  ],
);

/**
 * Two uploads the second look found the same picture (docs/domain.md, Fraud signals, "Two
 * looks"), once each way: what placing an order reads for screenshot-reused.
 */
export const uploadSamePictures = pgTable(
  'upload_same_pictures',
  {
    key: text('key')
      .notNull()
      .references(() => uploads.key, { onDelete: 'cascade' }),
    otherKey: text('other_key')
      .notNull()
      .references(() => uploads.key, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.key, t.otherKey] })],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type ProductRow = typeof products.$inferSelect;
export type NewProductRow = typeof products.$inferInsert;
export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;
export type PayoutRow = typeof payouts.$inferSelect;
export type NewPayoutRow = typeof payouts.$inferInsert;
export type OrderEventRow = typeof orderEvents.$inferSelect;
export type UserEventRow = typeof userEvents.$inferSelect;
export type NewOrderEventRow = typeof orderEvents.$inferInsert;
export type AlertRow = typeof alerts.$inferSelect;
export type UploadRow = typeof uploads.$inferSelect;
export type NewUploadRow = typeof uploads.$inferInsert;

/**
 * A browser's Web Push subscription (docs/domain.md, Push notifications): its endpoint on a push
 * service and the keys its messages are encrypted to (RFC 8291). drizzle/0031_push_subscriptions.sql.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('push_subscriptions_endpoint_unique').on(t.endpoint),
    index('push_subscriptions_user_id_created_at_idx').on(t.userId, t.createdAt),
  ],
);
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** The kinds of alert an account does not want pushed (all are, by default). */
export const pushPreferences = pgTable('push_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  kindsOff: text('kinds_off').array().notNull().default(sql`'{}'::text[]`),
});

/** Alerts to push, queued by the alerts' trigger; each taken by one API process. */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    alertId: uuid('alert_id')
      .primaryKey()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('push_outbox_created_at_idx').on(t.createdAt)],
);
