/**
 * The agent update form's rules (SPEC.md section 5: the submit rules for the order number,
 * buyer PayPal and buyer name, with the same messages; no screenshot or review-type
 * requirement) and which fields a save sends: only those that changed.
 */
import {
  type AgentStatus,
  AMZ_ORDER_NUMBER_PATTERN,
  MESSAGES,
  type Order,
  type OrderAgentUpdateInput,
  type ReviewType,
} from 'shared-api/contract';

export interface OrderTextValues {
  amzOrderNumber: string;
  buyerPayPal: string;
  buyerName: string;
}

export type OrderTextErrors = Partial<Record<keyof OrderTextValues, string>>;

/** The messages for what is wrong, in the form's order; empty when all is well. */
export function validateOrderUpdate(values: OrderTextValues): OrderTextErrors {
  const errors: OrderTextErrors = {};
  const number = values.amzOrderNumber.trim();
  if (!number) errors.amzOrderNumber = MESSAGES.orderNumberRequired;
  else if (!AMZ_ORDER_NUMBER_PATTERN.test(number)) errors.amzOrderNumber = MESSAGES.orderNumberInvalid;
  if (!values.buyerPayPal.trim()) errors.buyerPayPal = MESSAGES.buyerPayPalRequired;
  if (!values.buyerName.trim()) errors.buyerName = MESSAGES.buyerNameRequired;
  return errors;
}

export const SCREENSHOT_FIELDS = ['orderScreenshot', 'reviewScreenShot', 'FeedbackScreenShot'] as const;
export type ScreenshotField = (typeof SCREENSHOT_FIELDS)[number];

export interface OrderUpdateValues extends OrderTextValues {
  reviewType: ReviewType;
  AgentStatus: AgentStatus;
  comments: string;
  /** stored URLs after upload ('' for no image) */
  screenshots: Record<ScreenshotField, string>;
}

/** The fields that differ from the order as loaded: what PUT /api/orders/agent/{id} gets. */
export function changedOrderFields(order: Order, values: OrderUpdateValues): OrderAgentUpdateInput {
  const changes: OrderAgentUpdateInput = {};
  const amzOrderNumber = values.amzOrderNumber.trim();
  const buyerPayPal = values.buyerPayPal.trim();
  const buyerName = values.buyerName.trim();
  if (amzOrderNumber !== order.amzOrderNumber) changes.amzOrderNumber = amzOrderNumber;
  if (buyerPayPal !== order.buyerPayPal) changes.buyerPayPal = buyerPayPal;
  if (buyerName !== order.buyerName) changes.buyerName = buyerName;
  if (values.reviewType !== order.reviewType) changes.reviewType = values.reviewType;
  if (values.AgentStatus !== order.AgentStatus) changes.AgentStatus = values.AgentStatus;
  if (values.comments !== order.comments) changes.comments = values.comments;
  for (const field of SCREENSHOT_FIELDS) {
    if (values.screenshots[field] !== order[field]) changes[field] = values.screenshots[field];
  }
  return changes;
}
