/**
 * Which fields a save of the agent's update form sends: only those that differ from the
 * order as loaded. The form's rules are the contract's orderAgentUpdateFormSchema.
 */
import type { Order, OrderAgentUpdateFormOutput, OrderAgentUpdateInput } from 'shared-api/contract';

export const SCREENSHOT_FIELDS = ['orderScreenshot', 'reviewScreenShot', 'FeedbackScreenShot'] as const;
export type ScreenshotField = (typeof SCREENSHOT_FIELDS)[number];

export type OrderUpdateValues = Omit<OrderAgentUpdateFormOutput, ScreenshotField> & {
  /** stored URLs after upload ('' for no image) */
  screenshots: Record<ScreenshotField, string>;
};

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
