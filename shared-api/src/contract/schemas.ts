/**
 * Zod schemas of the wire format (the API's field names, exactly: `_id`, `comission`, ...).
 * The server validates requests with the *Input schemas and shapes responses to the
 * entity schemas; clients use the inferred types. Kept apart from constants so a
 * screen that only needs a constant does not pull zod into its bundle.
 */
import { z } from 'zod';
import {
  AGENT_STATUSES,
  AMZ_ORDER_NUMBER_LENGTH,
  AMZ_ORDER_NUMBER_PATTERN,
  COMMISSION_STATUSES,
  DEFAULT_PAGE_SIZE,
  EMAIL_PATTERN,
  FLAG_CODES,
  GENDERS,
  HOLD_CODES,
  INVISIBLE_CHARACTER,
  isPayPalAccount,
  LISTED_PRODUCT_STATUSES,
  MARKETPLACES,
  MAX_EMAIL_LENGTH,
  MAX_FLAG_NOTE_LENGTH,
  MAX_LIST_ROWS,
  MAX_PAGE_SIZE,
  MAX_PAYOUT_ORDERS,
  MAX_PAYOUT_REFERENCE_LENGTH,
  ORDER_EVENT_ACTIONS,
  ORDER_SORTS,
  ORDER_STATUSES,
  PHONE_LENGTH,
  PHONE_PATTERN,
  PRODUCT_STATUSES,
  REGISTRATION_ROLES,
  REVIEW_TYPES,
  ROLES,
  USER_LOCALES,
  USER_STATUSES,
  UUID_PATTERN,
} from './constants';
import { MESSAGES } from './messages';
import { maskedPayoutAccountSchema, paidToAccountSchema } from './payout-account';

/**
 * The one rule for an id, in a path, a query or a body: a UUID, lower-cased (the database
 * compares without case); anything else gets `message`, saying what the id should name. The
 * server answers a malformed id in a path 404 (it names nothing), elsewhere 400.
 */
export const idOf = (message: string) =>
  z
    .string({ error: message })
    .max(36, { error: message, abort: true })
    .regex(UUID_PATTERN, { error: message })
    .toLowerCase()
    .meta({ format: 'uuid' });

export const referralUserSchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  /** The referrer's contact details: only in an admin's view of a user. */
  phoneNumber: z.string().optional(),
  email: z.string().optional(),
});
export type ReferralUser = z.infer<typeof referralUserSchema>;

export const userSchema = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  phoneNumber: z.string(),
  gender: z.enum(GENDERS).nullable(),
  /** shown as country */
  state: z.string(),
  city: z.string(),
  referralName: z.string(),
  referralContact: z.string(),
  referralUserId: referralUserSchema.nullable(),
  status: z.enum(USER_STATUSES),
  /** Only in an admin's view of a pending user: short-lived signed links. */
  cnicFront: z.string().optional(),
  cnicBack: z.string().optional(),
  createdAt: z.string(),
  /**
   * The account's language (docs/architecture.md, Languages): in the user's own record only
   * (sign-in, registration, GET /api/user); an older API leaves it out.
   */
  locale: z.enum(USER_LOCALES).optional(),
});
export type User = z.infer<typeof userSchema>;

// Route schemas for the auth, users and commission routes: answers that had no schema.
/** GET /api/all/pendingusers: a page of users as an admin sees them (the total in X-Total-Count). */
export const userListSchema = z.array(userSchema);

export const loginInputSchema = z.object({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(200),
});
export type LoginInput = z.infer<typeof loginInputSchema>;

export const loginResponseSchema = z.object({ token: z.string(), user: userSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

const requiredText = (message: string, max = 100) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `${message.replace(/ is required\.?$/, '')} is too long.`);

export const registerInputSchema = z.object({
  firstName: requiredText(MESSAGES.firstNameRequired),
  lastName: requiredText(MESSAGES.lastNameRequired),
  // A length check aborts: zod runs later checks after a failed one, and no pattern should see
  // an over-long string.
  email: z
    .string({ error: MESSAGES.emailInvalid })
    .trim()
    .max(MAX_EMAIL_LENGTH, { error: MESSAGES.emailInvalid, abort: true })
    .regex(EMAIL_PATTERN, MESSAGES.emailInvalid),
  password: z
    .string({ error: MESSAGES.passwordTooShort })
    .min(6, MESSAGES.passwordTooShort)
    .max(200, 'Password is too long.'),
  gender: z.enum(GENDERS, { error: MESSAGES.genderRequired }),
  phoneNumber: z
    .string({ error: MESSAGES.phoneInvalid })
    .max(PHONE_LENGTH, { error: MESSAGES.phoneInvalid, abort: true })
    .regex(PHONE_PATTERN, MESSAGES.phoneInvalid),
  city: requiredText(MESSAGES.cityRequired),
  state: z.literal('pakistan', { error: MESSAGES.countryRequired }),
  referralName: requiredText(MESSAGES.referralNameRequired),
  referralContact: requiredText(MESSAGES.referralContactRequired),
  // left out, null or blank: no referrer
  referralUserId: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : typeof v === 'string' ? v.trim() : v),
    idOf(MESSAGES.referralUserMissing).optional().nullable(),
  ),
  cnicFront: z.string({ error: MESSAGES.cnicFrontRequired }).trim().min(1, MESSAGES.cnicFrontRequired).max(2048),
  cnicBack: z.string({ error: MESSAGES.cnicBackRequired }).trim().min(1, MESSAGES.cnicBackRequired).max(2048),
  role: z.enum(REGISTRATION_ROLES).default('agent'),
});
export type RegisterInput = z.input<typeof registerInputSchema>;

/** POST /api/register: the pending user, a token for it, and the submitted-for-approval message. */
export const registerResponseSchema = loginResponseSchema.extend({ message: z.string() });
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

/** PUT /api/update/password: a new token, since the change revokes the older ones. */
export const passwordUpdateResponseSchema = z.object({ message: z.string(), token: z.string() });
export type PasswordUpdateResponse = z.infer<typeof passwordUpdateResponseSchema>;

/** PUT /api/user/locale: the account's language, and nothing else. */
export const localeInputSchema = z.strictObject(
  { locale: z.enum(USER_LOCALES, { error: MESSAGES.localeInvalid }) },
  { error: MESSAGES.localeInvalid },
);
export type LocaleInput = z.infer<typeof localeInputSchema>;
export const localeResponseSchema = z.object({ locale: z.enum(USER_LOCALES) });

/** POST /api/uploads */
export const uploadResponseSchema = z.object({ url: z.string() });
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

export const reviewTypeItemSchema = z.object({ title: z.enum(REVIEW_TYPES) });

export const vendorSchema = z.object({
  _id: z.string(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});

export const productSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** the marketplace's own id of the product (ASIN) */
  productId: z.string(),
  description: z.string(),
  category: z.string(),
  productCategory: z.string(),
  marketPlace: z.enum(MARKETPLACES),
  /** affiliate link */
  productLink: z.string(),
  keyword: z.string(),
  brandName: z.string(),
  amzImage: z.string(),
  price: z.number(),
  comission: z.number(),
  comissionWithTextReview: z.number().nullable(),
  comissionWithPictureReview: z.number().nullable(),
  comissionWithVideoReview: z.number().nullable(),
  image: z.string(),
  reviewTypes: z.array(reviewTypeItemSchema),
  guidelines: z.array(z.string()),
  marketerInstructions: z.array(z.string()),
  commissionPolicies: z.array(z.string()),
  status: z.enum(PRODUCT_STATUSES),
  vendor: vendorSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  /** one more on every change; an edit sends it back (docs/domain.md, Edits and versions) */
  version: z.number().int(),
});
export type Product = z.infer<typeof productSchema>;

/**
 * The version an edit was loaded at (docs/domain.md, Edits and versions): the edit applies only
 * while the record is still at it, else 409. Left out, the edit applies as it always did.
 */
export const recordVersionSchema = z
  .number({ error: MESSAGES.versionInvalid })
  .int({ error: MESSAGES.versionInvalid })
  .min(1, { error: MESSAGES.versionInvalid })
  .max(2_147_483_647, { error: MESSAGES.versionInvalid });

/** A 409 of an edit; `changed` when the record changed since the version sent: by whom, when, and its version now. */
export const editConflictSchema = z.object({
  message: z.string(),
  changed: z.object({ by: z.string(), at: z.string(), version: z.number().int() }).optional(),
});
export type EditConflict = z.infer<typeof editConflictSchema>;

/**
 * A required amount: missing, blank or not a number fails with the rule's own message
 * (from MESSAGES), not a generic one; a blank form field must not pass as 0.
 */
const requiredMoney = (message: string) =>
  z.preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    z.coerce.number({ error: message }).finite(message).max(10_000_000, 'Amounts can be at most 10,000,000.'),
  );
const optionalMoney = z.preprocess(
  (v) => (v === '' || v === undefined ? null : v),
  z.coerce.number().finite().min(0).max(10_000_000).nullable(),
);
const stringList = z
  .array(z.string().max(1000))
  .max(100)
  .transform((items) => items.map((s) => s.trim()).filter((s) => s.length > 0))
  .default([]);

/** Create / update payload. Server-owned fields (status, vendor) are not in it and are stripped. */
export const productInputSchema = z.object({
  name: z.string({ error: MESSAGES.productNameRequired }).trim().min(1, MESSAGES.productNameRequired).max(200),
  productId: z.string().trim().max(100).default(''),
  description: z.string().max(5000).default(''),
  category: z.string({ error: MESSAGES.categoryRequired }).trim().min(1, MESSAGES.categoryRequired).max(100),
  productCategory: z.string().trim().max(100).default(''),
  marketPlace: z.enum(MARKETPLACES).optional(),
  productLink: z.string().trim().max(2048).default(''),
  keyword: z.string().trim().max(200).default(''),
  brandName: z.string().trim().max(200).default(''),
  amzImage: z.string().trim().max(2048).default(''),
  price: requiredMoney(MESSAGES.pricePositive).refine((n) => n > 0, MESSAGES.pricePositive),
  comission: requiredMoney(MESSAGES.commissionRequired).refine((n) => n >= 0, MESSAGES.commissionRequired),
  comissionWithTextReview: optionalMoney.optional(),
  comissionWithPictureReview: optionalMoney.optional(),
  comissionWithVideoReview: optionalMoney.optional(),
  image: z.string({ error: MESSAGES.thumbnailRequired }).trim().min(1, MESSAGES.thumbnailRequired).max(2048),
  reviewTypes: z
    .array(z.union([reviewTypeItemSchema, z.enum(REVIEW_TYPES).transform((title) => ({ title }))]))
    .max(5)
    .optional(),
  guidelines: stringList,
  marketerInstructions: stringList,
  commissionPolicies: stringList,
});
export type ProductInput = z.input<typeof productInputSchema>;
/** PUT /api/products/{id}/update: the product's fields and the version they were loaded at. */
export const productUpdateInputSchema = productInputSchema.extend({ version: recordVersionSchema.optional() });
export type ProductUpdateInput = z.input<typeof productUpdateInputSchema>;

// --- Route schemas: products and images ---
const blankAsUnset = (v: unknown) => (v === '' ? undefined : v);
/** The filters of every product list (blank values, as the filter forms send them, mean "any"); the page comes with them. */
export const productListQuerySchema = z.object({
  keyword: z.preprocess(
    blankAsUnset,
    z
      .string()
      .trim()
      .max(200)
      .refine((text) => !text.includes('\0'), 'The keyword contains a character that cannot be searched for.')
      .optional(),
  ),
  marketPlace: z.preprocess(blankAsUnset, z.enum(MARKETPLACES).optional()),
  reviewType: z.preprocess(blankAsUnset, z.enum(REVIEW_TYPES).optional()),
  /** narrows an admin's or manager's list to one status */
  status: z.preprocess(blankAsUnset, z.enum(LISTED_PRODUCT_STATUSES).optional()),
});
/** GET product lists: one page, newest first (the total in X-Total-Count). */
export const productListSchema = z.array(productSchema);
/** DELETE /api/products/{id}/delete: deleted, or archived when orders keep it. */
export const productDeleteResponseSchema = z.object({ message: z.string(), archived: z.boolean() });
export type ProductDeleteResponse = z.infer<typeof productDeleteResponseSchema>;
/** GET /uploads/{key} and GET /api/private/{key}: the image's name, as its link gives it. */
export const imageKeyParamsSchema = z.object({ key: z.string() });
/**
 * GET /api/private/{key}: the signed link's query, as the API handed it out. A missing or
 * repeated part is no valid signature (a 403 then), never a 400.
 */
export const signedImageLinkQuerySchema = z.object({
  expires: z.string().optional().catch(undefined).meta({ description: 'When the link stops working (Unix seconds)' }),
  sig: z.string().optional().catch(undefined).meta({ description: "The link's signature (hex)" }),
});

export const orderProductSchema = productSchema.pick({
  _id: true,
  name: true,
  image: true,
  marketPlace: true,
  vendor: true,
  price: true,
  comission: true,
  comissionWithTextReview: true,
  comissionWithPictureReview: true,
  comissionWithVideoReview: true,
  status: true,
});

export const orderAgentSchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  email: z.string(),
  referralUserId: z.object({ _id: z.string(), firstName: z.string(), lastName: z.string() }).nullable(),
});

/** A person as a list names it: id and name. */
const personRefSchema = z.object({ _id: z.string(), name: z.string() });

// --- fraud signals (docs/domain.md, Fraud signals) ---
/** A signal on an order, for admins and its product's manager (agents never receive flags). */
export const orderFlagSchema = z.object({
  code: z.enum(FLAG_CODES),
  message: z.string(),
  /** the other orders behind the signal (at most MAX_FLAG_RELATED_ORDERS, newest first) */
  relatedOrderIds: z.array(z.string()),
  /** payout-account-shared, for admins: the agents whose payout account is the same */
  relatedAgents: z.array(personRefSchema).optional(),
  /** the orders of relatedOrderIds, in their order, by number and agent: how a screen names them */
  relatedOrders: z.array(z.object({ _id: z.string(), amzOrderNumber: z.string(), agent: personRefSchema })).optional(),
  dismissed: z.boolean(),
});
export type OrderFlag = z.infer<typeof orderFlagSchema>;
/** PUT /api/orders/{id}/flags/{code} (admins): dismiss the flag, with a note saying why. */
export const flagDismissInputSchema = z.object({
  dismissed: z.literal(true, { error: MESSAGES.flagDismissedRequired }),
  note: z
    .string({ error: MESSAGES.flagNoteRequired })
    .trim()
    .min(1, MESSAGES.flagNoteRequired)
    .max(MAX_FLAG_NOTE_LENGTH, MESSAGES.flagNoteTooLong),
});
export type FlagDismissInput = z.input<typeof flagDismissInputSchema>;
/** GET /api/orders/held: how many unpaid orders a flag holds (admins). */
export const heldOrdersSchema = z.object({ orders: z.number() });
export type HeldOrders = z.infer<typeof heldOrdersSchema>;
/** `flagged=true`: only orders with a flag nobody dismissed ('false' or '' is no filter). */
const flaggedQuery = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.enum(['true', 'false'], { error: MESSAGES.flaggedInvalid }).optional(),
);

export const orderSchema = z.object({
  _id: z.string(),
  product: orderProductSchema,
  agent: orderAgentSchema,
  /** the product's _id */
  productId: z.string(),
  reviewType: z.enum(REVIEW_TYPES),
  amzOrderNumber: z.string(),
  buyerPayPal: z.string(),
  buyerName: z.string(),
  orderScreenshot: z.string(),
  refundShot: z.string(),
  reviewScreenShot: z.string(),
  FeedbackScreenShot: z.string(),
  comments: z.string(),
  AgentStatus: z.enum(AGENT_STATUSES),
  /** '' until a manager or admin sets it */
  status: z.union([z.enum(ORDER_STATUSES), z.literal('')]),
  comissionStatus: z.enum(COMMISSION_STATUSES),
  comission: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** one more on every change; an edit sends it back (docs/domain.md, Edits and versions) */
  version: z.number().int(),
  /** fraud signals: staff only, absent for agents */
  flags: z.array(orderFlagSchema).optional(),
});
export type Order = z.infer<typeof orderSchema>;

/** 'Cancelled' is accepted for 'cancelled'. */
export const agentStatusInputSchema = z.preprocess(
  (v) => (v === 'Cancelled' ? 'cancelled' : v),
  z.enum(AGENT_STATUSES),
);

/** GET order lists: optional filters ('' means no filter; 'Cancelled' is accepted for 'cancelled'). */
export const orderListQuerySchema = z.object({
  AgentStatus: z.preprocess((v) => (v === '' ? undefined : v), agentStatusInputSchema.optional()),
  comissionStatus: z.preprocess((v) => (v === '' ? undefined : v), z.enum(COMMISSION_STATUSES).optional()),
});

const emptyAsUnset = (v: unknown) => (v === '' ? undefined : v);
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find them
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;
/** A calendar day, YYYY-MM-DD (UTC days on the server). */
const searchDate = z.preprocess(emptyAsUnset, z.iso.date({ error: MESSAGES.searchDateInvalid }).optional());

/** A list's search words: at most 200 characters, trimmed, none a control character (a NUL, a
 * line break is never in a stored text and cannot be searched for); empty is no search. */
const searchTextSchema = z.preprocess(
  emptyAsUnset,
  z
    .string()
    .max(200, { error: MESSAGES.searchTooLong, abort: true })
    .trim()
    .refine((text) => !CONTROL_CHARACTER.test(text), MESSAGES.searchInvalidCharacter)
    .optional(),
);

/**
 * The staff order lists (admin, manager) and `GET /api/orders/export.csv`: today's chips plus a
 * search over order number, buyer name, buyer PayPal and the agent's name or email, one agent,
 * one product, a range of days (both ends included) and a sort.
 */
export const orderSearchQuerySchema = orderListQuerySchema
  .extend({
    q: searchTextSchema,
    agentId: z.preprocess(emptyAsUnset, idOf(MESSAGES.agentIdInvalid).optional()),
    productId: z.preprocess(emptyAsUnset, idOf(MESSAGES.productIdInvalid).optional()),
    from: searchDate,
    to: searchDate,
    sort: z.preprocess(emptyAsUnset, z.enum(ORDER_SORTS).optional()),
    /** fraud signals: only orders with a flag nobody dismissed */
    flagged: flaggedQuery,
  })
  .refine(({ from, to }) => !from || !to || from <= to, { error: MESSAGES.searchDateRange, path: ['from'] });
/** The parsed search (what the server filters by, and what a client sends). */
export type OrderSearchQuery = z.output<typeof orderSearchQuerySchema>;

const orderNumber = z
  .string({ error: MESSAGES.orderNumberRequired })
  .trim()
  .min(1, MESSAGES.orderNumberRequired)
  .max(AMZ_ORDER_NUMBER_LENGTH, { error: MESSAGES.orderNumberInvalid, abort: true })
  .regex(AMZ_ORDER_NUMBER_PATTERN, MESSAGES.orderNumberInvalid);

/**
 * A buyer's PayPal: an email address or a phone number in international form, without a
 * character nobody sees (docs/domain.md, Fraud signals). Stored as typed; the signal compares
 * its canonical key.
 */
const buyerPayPal = z
  .string({ error: MESSAGES.buyerPayPalRequired })
  .trim()
  .min(1, { error: MESSAGES.buyerPayPalRequired, abort: true })
  .max(254, { error: MESSAGES.buyerPayPalInvalid, abort: true })
  .refine((text) => !INVISIBLE_CHARACTER.test(text), { error: MESSAGES.buyerPayPalInvisible, abort: true })
  .refine(isPayPalAccount, MESSAGES.buyerPayPalInvalid);

/** POST /api/orders. AgentStatus, comissionStatus and comission are server-owned and stripped. */
export const orderCreateInputSchema = z.object({
  productId: idOf(MESSAGES.productIdInvalid),
  reviewType: z.enum(REVIEW_TYPES, { error: MESSAGES.reviewTypeRequired }),
  amzOrderNumber: orderNumber,
  buyerPayPal,
  buyerName: z.string({ error: MESSAGES.buyerNameRequired }).trim().min(1, MESSAGES.buyerNameRequired).max(200),
  orderScreenshot: z
    .string({ error: MESSAGES.orderScreenshotRequired })
    .trim()
    .min(1, MESSAGES.orderScreenshotRequired)
    .max(2048),
  comments: z.string().max(5000).default(''),
});
export type OrderCreateInput = z.input<typeof orderCreateInputSchema>;

/** PUT /api/orders/agent/{id}: every field optional (a cancel sends only AgentStatus). */
export const orderAgentUpdateInputSchema = z.object({
  reviewType: z.enum(REVIEW_TYPES).optional(),
  amzOrderNumber: orderNumber.optional(),
  buyerPayPal: buyerPayPal.optional(),
  buyerName: z.string().trim().min(1, MESSAGES.buyerNameRequired).max(200).optional(),
  orderScreenshot: z.string().trim().max(2048).optional(),
  reviewScreenShot: z.string().trim().max(2048).optional(),
  FeedbackScreenShot: z.string().trim().max(2048).optional(),
  comments: z.string().max(5000).optional(),
  AgentStatus: agentStatusInputSchema.optional(),
  version: recordVersionSchema.optional(),
});
export type OrderAgentUpdateInput = z.input<typeof orderAgentUpdateInputSchema>;

/** PUT /api/orders/{id} by a manager or admin. comissionStatus is honoured for admins only. */
export const orderManagerUpdateInputSchema = z.object({
  status: z.union([z.enum(ORDER_STATUSES), z.literal('')]).optional(),
  refundShot: z.string().trim().max(2048).optional(),
  comissionStatus: z.enum(COMMISSION_STATUSES).optional(),
  version: recordVersionSchema.optional(),
});
export type OrderManagerUpdateInput = z.input<typeof orderManagerUpdateInputSchema>;

export const commissionDataSchema = z.object({
  success: z.boolean(),
  paidCommission: z.number(),
  unpaidCommission: z.number(),
  /** the number of orders counted */
  orders: z.number(),
});
export type CommissionData = z.infer<typeof commissionDataSchema>;

export const passwordUpdateInputSchema = z.object({
  currentPassword: z.string().min(1, MESSAGES.fillBothFields).max(200),
  newPassword: z.string().min(6, MESSAGES.passwordTooShort).max(200),
});
export type PasswordUpdateInput = z.infer<typeof passwordUpdateInputSchema>;

export const approveUserInputSchema = z.object({
  password: z.string().min(6, MESSAGES.passwordTooShort).max(200).optional(),
});

export const alertSchema = z.object({
  _id: z.string(),
  type: z.enum([
    'order_placed',
    'order_status',
    'commission_status',
    'product_approved',
    'user_approved',
    'payout_account_changed',
  ]),
  message: z.string(),
  /** an app route to open, or '' */
  link: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Alert = z.infer<typeof alertSchema>;
export const alertListSchema = z.object({ alerts: z.array(alertSchema), unread: z.number() });
export type AlertList = z.infer<typeof alertListSchema>;

/**
 * One change to an order, on record for good (docs/domain.md, Order history). `changes` maps
 * each changed field, by the API's field name, to its old and new value. A screenshot never
 * carries its link here: its `from` and `to` are 'image' when an image was there, else null.
 */
const historyValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export const orderChangeSchema = z.object({ from: historyValueSchema, to: historyValueSchema });
export const orderEventSchema = z.object({
  _id: z.string(),
  at: z.string(),
  actor: z.object({ _id: z.string(), name: z.string(), role: z.enum(ROLES) }),
  action: z.enum(ORDER_EVENT_ACTIONS),
  changes: z.record(z.string(), orderChangeSchema),
  /** On the event that took the order to paid: the payout that paid it (docs/domain.md, Payouts). */
  payout: z.object({ _id: z.string(), reference: z.string() }).optional(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;
/** GET /api/orders/:id/history: oldest first. */
export const orderHistorySchema = z.array(orderEventSchema);
export type OrderHistory = z.infer<typeof orderHistorySchema>;

// --- Payouts (docs/domain.md, Payouts) ---
/** POST /api/payouts: pay these orders of one agent, for one external payment. */
export const payoutInputSchema = z.object({
  agentId: idOf(MESSAGES.agentIdInvalid),
  orderIds: z
    .array(idOf(MESSAGES.payoutOrderIdInvalid), { error: MESSAGES.payoutOrdersRequired })
    .min(1, MESSAGES.payoutOrdersRequired)
    .max(MAX_PAYOUT_ORDERS, MESSAGES.payoutTooManyOrders)
    .refine((ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length, MESSAGES.payoutOrdersRepeated),
  reference: z
    .string({ error: MESSAGES.payoutReferenceRequired })
    .trim()
    .min(1, MESSAGES.payoutReferenceRequired)
    .max(MAX_PAYOUT_REFERENCE_LENGTH, MESSAGES.payoutReferenceTooLong),
  /**
   * The admin checked the agent's payout account, changed within ACCOUNT_CHANGE_CONFIRM_HOURS
   * (docs/domain.md, Payout accounts): required then, else 409.
   */
  confirmAccountChange: z.boolean().optional(),
});
export type PayoutInput = z.input<typeof payoutInputSchema>;

/** A payout: `orders` the number of orders it paid, `total` the sum of their `comission`. */
export const payoutSchema = z.object({
  _id: z.string(),
  agentId: z.string(),
  agent: personRefSchema,
  orderIds: z.array(z.string()),
  orders: z.number(),
  total: z.number(),
  reference: z.string(),
  createdAt: z.string(),
  createdBy: personRefSchema,
  /** the copy of the account it paid, as it was then (masked); null: no account on file */
  payoutAccount: paidToAccountSchema.nullable(),
});
export type Payout = z.infer<typeof payoutSchema>;
/** GET /api/payouts: a page, newest first (the total in X-Total-Count). */
export const payoutListSchema = z.array(payoutSchema);
/** GET /api/payouts: an admin may narrow the list to one agent. */
export const payoutListQuerySchema = z.object({
  agentId: z.preprocess(emptyAsUnset, idOf(MESSAGES.agentIdInvalid).optional()),
});
/** One order of a payout, as the payout's page lists it. */
export const payoutOrderSchema = z.object({
  _id: z.string(),
  amzOrderNumber: z.string(),
  product: personRefSchema,
  buyerName: z.string(),
  reviewType: z.enum(REVIEW_TYPES),
  AgentStatus: z.enum(AGENT_STATUSES),
  comission: z.number(),
  createdAt: z.string(),
});
export type PayoutOrder = z.infer<typeof payoutOrderSchema>;
/** GET /api/payouts/{id}: the payout with its orders, oldest order first. */
export const payoutDetailSchema = payoutSchema.extend({ items: z.array(payoutOrderSchema) });
export type PayoutDetail = z.infer<typeof payoutDetailSchema>;
/** 409 of POST /api/payouts: nothing was paid; `orderIds` names the orders at fault (empty when the reference is). */
export const payoutConflictSchema = z.object({ message: z.string(), orderIds: z.array(z.string()) });
export type PayoutConflict = z.infer<typeof payoutConflictSchema>;

/** The payable filter: only orders in this agent status (e.g. Feedbacked). */
export const payableQuerySchema = z.object({
  AgentStatus: z.preprocess(emptyAsUnset, z.enum(AGENT_STATUSES).exclude(['cancelled']).optional()),
});
/** GET /api/payouts/payable: agents with unpaid, not cancelled orders, the most owed first. */
export const payableAgentSchema = z.object({
  agent: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
  /** how many unpaid, not cancelled orders (in the asked agent status) */
  orders: z.number(),
  /** the sum of their commission */
  total: z.number(),
  /** the agent is suspended: these orders are held from payment until the account is reactivated */
  suspended: z.boolean().optional(),
  /** the agent's payout account (masked); null: no account on file yet */
  payoutAccount: maskedPayoutAccountSchema.nullable(),
  /**
   * The unpaid, not cancelled orders (in the asked agent status) on hold, not in `orders` and
   * `total`: those a flag nobody dismissed holds; for a suspended agent, every one (docs/domain.md,
   * Payouts: what is owed).
   */
  held: z.object({ orders: z.number(), total: z.number() }).optional(),
});
export type PayableAgent = z.infer<typeof payableAgentSchema>;
export const payableAgentListSchema = z.array(payableAgentSchema);
/** GET /api/payouts/payable and its summary: the agent status filter and a search of the agent's name, email and phone. */
export const payableAgentsQuerySchema = payableQuerySchema.extend({ q: searchTextSchema });
/** Payable now, and on hold: the same count and sum as each row of the owed list. */
const owedFiguresSchema = z.object({ orders: z.number(), total: z.number() });
/**
 * GET /api/payouts/payable/summary: the owed list's grand total over every agent it matches (not
 * one page): `agents` listed, what can be paid now, and what is on hold. `total` + `held.total` is
 * the unpaid commission the dashboard shows (without a filter or a search).
 */
export const payableSummarySchema = owedFiguresSchema.extend({ agents: z.number(), held: owedFiguresSchema });
export type PayableSummary = z.infer<typeof payableSummarySchema>;
/** GET /api/payouts/payable/{agentId}: that agent's payable orders, oldest first, at most MAX_PAYOUT_ORDERS. */
export const payableOrderListSchema = z.array(payoutOrderSchema);
/** Why an order is on hold, in words (HOLD_REASONS, FLAG_LABELS): never an internal code alone. */
export const holdReasonSchema = z.object({ code: z.enum(HOLD_CODES), label: z.string() });
export type HoldReason = z.infer<typeof holdReasonSchema>;
/** An order on hold as the pay screen lists it: the order and why. */
export const heldOrderSchema = payoutOrderSchema.extend({ holds: z.array(holdReasonSchema) });
export type HeldPayoutOrder = z.infer<typeof heldOrderSchema>;
/**
 * GET /api/payouts/payable/{agentId}/held: the agent's unpaid, not cancelled orders on hold (in one
 * agent status), oldest first, at most MAX_PAYOUT_ORDERS; `orders` and `total` count them all.
 */
export const heldOrderListSchema = z.object({
  suspended: z.boolean(),
  orders: z.number(),
  total: z.number(),
  items: z.array(heldOrderSchema),
});
export type HeldOrderList = z.infer<typeof heldOrderListSchema>;

/** GET /api/admin/comission: the platform's commission, over every order that is not cancelled. */
export const platformCommissionSchema = z.object({
  paidCommission: z.number(),
  unpaidCommission: z.number(),
  /** the number of orders counted */
  orders: z.number(),
});
export type PlatformCommission = z.infer<typeof platformCommissionSchema>;

export const orderStatsSchema = z.array(z.object({ date: z.string(), count: z.number() }));
export type OrderStats = z.infer<typeof orderStatsSchema>;

/** A page of a list. Pages past the first MAX_LIST_ROWS rows are refused: a filter narrows the list instead. */
export const paginationQuerySchema = z
  .object({
    page: z.coerce
      .number({ error: MESSAGES.pageInvalid })
      .max(MAX_LIST_ROWS, { error: MESSAGES.pageTooFar, abort: true })
      .int(MESSAGES.pageInvalid)
      .min(1, MESSAGES.pageInvalid)
      .default(1),
    limit: z.coerce
      .number({ error: MESSAGES.limitInvalid })
      .int(MESSAGES.limitInvalid)
      .min(1, MESSAGES.limitInvalid)
      .max(MAX_PAGE_SIZE, MESSAGES.limitInvalid)
      .default(DEFAULT_PAGE_SIZE),
  })
  .refine(({ page, limit }) => page * limit <= MAX_LIST_ROWS, { error: MESSAGES.pageTooFar });

export const errorResponseSchema = z.object({ message: z.string() });

/** GET /api/health: 200 while the database answers, 503 with a message when it does not. */
export const healthSchema = z.object({ status: z.literal('ok') });
export const healthUnavailableSchema = z.object({ status: z.literal('unavailable'), message: z.string() });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
