/**
 * Rows -> the contract's JSON shapes (the wire field names exactly, `_id`, `comission` and all). The only place
 * that knows both the column names and the wire names.
 */
import type { Order, Product, ReferralUser, Role, User } from 'shared-api/contract';
import type { OrderRow, ProductRow, UserRow } from './db/schema';
import { type ImageSigner, shownImageUrl } from './uploads/urls';

type NamedUser = Pick<UserRow, 'id' | 'firstName' | 'lastName'>;

/** The displayed name is first and last name joined. */
export const fullName = (user: Pick<UserRow, 'firstName' | 'lastName'>) => `${user.firstName} ${user.lastName}`.trim();

/**
 * A referrer: anyone sees its id and name. Its email and phone number are an admin's to see
 * (the pending-user screens); otherwise anyone could register with a vendor's id as referrer
 * and read the vendor's contact details.
 */
export function toReferralUserJson(user: UserRow, withContact = false): ReferralUser {
  return {
    _id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    name: fullName(user),
    ...(withContact ? { phoneNumber: user.phoneNumber, email: user.email } : {}),
  };
}

/** The user as the contract's userSchema, as the user or anyone but an admin sees it. */
export function toUserJson(user: UserRow, referrer: UserRow | null): User {
  return {
    _id: user.id,
    id: user.id,
    name: fullName(user),
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    role: user.role,
    phoneNumber: user.phoneNumber,
    gender: user.gender,
    state: user.state,
    city: user.city,
    referralName: user.referralName,
    referralContact: user.referralContact,
    referralUserId: referrer ? toReferralUserJson(referrer) : null,
    status: user.status,
    createdAt: user.createdAt.toISOString(),
  };
}

/** The signed-in user's own record (sign-in, registration, GET /api/user): with the account's language. */
export function toOwnUserJson(user: UserRow, referrer: UserRow | null): User {
  return { ...toUserJson(user, referrer), locale: user.locale };
}

/**
 * An admin's view of a user: the referrer's contact details too, and, when the caller made
 * them, the CNIC images as short-lived signed links (they are private to admins).
 */
export function toAdminUserJson(
  user: UserRow,
  referrer: UserRow | null,
  cnicLinks?: { cnicFront: string; cnicBack: string },
): User {
  return {
    ...toUserJson(user, referrer),
    referralUserId: referrer ? toReferralUserJson(referrer, true) : null,
    ...cnicLinks,
  };
}

const toVendorJson = (vendor: NamedUser): Product['vendor'] => ({
  _id: vendor.id,
  name: fullName(vendor),
  firstName: vendor.firstName,
  lastName: vendor.lastName,
});

/** `publicUrl`: API_PUBLIC_URL, the base of the product's image URLs (its fields keep upload keys). */
export function toProductJson(product: ProductRow, vendor: NamedUser, publicUrl: string): Product {
  return {
    _id: product.id,
    name: product.name,
    productId: product.productId,
    description: product.description,
    category: product.category,
    productCategory: product.productCategory,
    marketPlace: product.marketPlace,
    productLink: product.productLink,
    keyword: product.keyword,
    brandName: product.brandName,
    amzImage: shownImageUrl(publicUrl, product.amzImage),
    price: product.price,
    comission: product.comission,
    comissionWithTextReview: product.comissionWithTextReview,
    comissionWithPictureReview: product.comissionWithPictureReview,
    comissionWithVideoReview: product.comissionWithVideoReview,
    image: shownImageUrl(publicUrl, product.image),
    reviewTypes: product.reviewTypes.map((title) => ({ title })),
    guidelines: product.guidelines,
    marketerInstructions: product.marketerInstructions,
    commissionPolicies: product.commissionPolicies,
    status: product.status,
    vendor: toVendorJson(vendor),
    createdAt: product.createdAt.toISOString(),
    updatedAt: product.updatedAt.toISOString(),
    version: product.version,
  };
}

export interface OrderJoin {
  /** its own columns but the PayPal's key and the payout (services/orders.ts selectOrderJoins) */
  order: Omit<OrderRow, 'buyerPayPalKey' | 'payoutId'>;
  /** the product's columns its JSON shows, and its manager */
  product: Pick<ProductRow, 'id' | 'vendorId' | 'name' | 'image' | 'marketPlace' | 'price' | 'status'>;
  vendor: NamedUser;
  agent: Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'email'>;
  /** the agent's referrer */
  agentReferrer: NamedUser | null;
}

/**
 * `signImage` turns the order's stored images into short-lived signed links for a caller who may
 * see the order, and its product's into their public URLs (uploads/urls.ts imageSigner).
 * The product's commission figures are the terms the order was placed under, never a manager's
 * edit waiting for approval; an agent (`viewer`) never sees a product as pending either
 * (docs/domain.md, Products).
 */
export function toOrderJson(
  { order, product, vendor, agent, agentReferrer }: OrderJoin,
  signImage: ImageSigner,
  viewer: Role,
): Order {
  const terms = order.commissionTerms;
  return {
    _id: order.id,
    // the product's fields an order shows, as toProductJson writes them
    product: {
      _id: product.id,
      name: product.name,
      image: signImage.shown(product.image),
      marketPlace: product.marketPlace,
      vendor: toVendorJson(vendor),
      price: product.price,
      comission: terms.comission,
      comissionWithTextReview: terms.comissionWithTextReview,
      comissionWithPictureReview: terms.comissionWithPictureReview,
      comissionWithVideoReview: terms.comissionWithVideoReview,
      // it was approved when the order was placed; the edit waiting for approval is the staff's
      status: viewer === 'agent' && product.status === 'pending' ? 'approved' : product.status,
    },
    agent: {
      _id: agent.id,
      firstName: agent.firstName,
      lastName: agent.lastName,
      name: fullName(agent),
      email: agent.email,
      referralUserId: agentReferrer
        ? { _id: agentReferrer.id, firstName: agentReferrer.firstName, lastName: agentReferrer.lastName }
        : null,
    },
    productId: order.productId,
    reviewType: order.reviewType,
    amzOrderNumber: order.amzOrderNumber,
    buyerPayPal: order.buyerPayPal,
    buyerName: order.buyerName,
    orderScreenshot: signImage.signed(order.orderScreenshot),
    refundShot: signImage.signed(order.refundShot),
    reviewScreenShot: signImage.signed(order.reviewScreenShot),
    FeedbackScreenShot: signImage.signed(order.feedbackScreenShot),
    comments: order.comments,
    AgentStatus: order.agentStatus,
    status: order.status,
    comissionStatus: order.comissionStatus,
    comission: order.comission,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    version: order.version,
  };
}
