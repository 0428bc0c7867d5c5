/**
 * SPEC.md section 5, submit order: the rules in the order they are checked, with SPEC's
 * messages. The form checks them before anything is uploaded or sent.
 */
import { AMZ_ORDER_NUMBER_PATTERN, MESSAGES, type ReviewType } from 'shared-api/contract';
import type { ImageValue } from 'shared-ui/lib/image-value';

export interface NewOrderValues {
  reviewType: ReviewType | '';
  amzOrderNumber: string;
  buyerPayPal: string;
  buyerName: string;
  orderScreenshot: ImageValue | null;
  comments: string;
}

export type NewOrderField = Exclude<keyof NewOrderValues, 'comments'>;

/** The fields in the order their rules are checked (and the form shows them). */
export const NEW_ORDER_FIELDS: readonly NewOrderField[] = [
  'reviewType',
  'amzOrderNumber',
  'buyerPayPal',
  'buyerName',
  'orderScreenshot',
];

export type NewOrderErrors = Partial<Record<NewOrderField, string>>;

export const EMPTY_NEW_ORDER: NewOrderValues = {
  reviewType: '',
  amzOrderNumber: '',
  buyerPayPal: '',
  buyerName: '',
  orderScreenshot: null,
  comments: '',
};

/** Every broken rule, one message per field; empty when the order may be sent. */
export function validateNewOrder(values: NewOrderValues): NewOrderErrors {
  const errors: NewOrderErrors = {};
  if (!values.reviewType) errors.reviewType = MESSAGES.reviewTypeRequired;
  const orderNumber = values.amzOrderNumber.trim();
  if (!orderNumber) errors.amzOrderNumber = MESSAGES.orderNumberRequired;
  else if (!AMZ_ORDER_NUMBER_PATTERN.test(orderNumber)) errors.amzOrderNumber = MESSAGES.orderNumberInvalid;
  if (!values.buyerPayPal.trim()) errors.buyerPayPal = MESSAGES.buyerPayPalRequired;
  if (!values.buyerName.trim()) errors.buyerName = MESSAGES.buyerNameRequired;
  if (!values.orderScreenshot) errors.orderScreenshot = MESSAGES.orderScreenshotRequired;
  return errors;
}

/** The first field (in SPEC's order) that has an error. */
export function firstInvalidField(errors: NewOrderErrors): NewOrderField | null {
  return NEW_ORDER_FIELDS.find((field) => errors[field]) ?? null;
}

/** Shown when the order could not be created and the server gave no sentence. */
export const ORDER_CREATE_FAILED = 'The order could not be created. Please try again.';
/** Shown when the screenshot could not be uploaded and the server gave no sentence. */
export const SCREENSHOT_UPLOAD_FAILED = 'The order screenshot could not be uploaded. Please try again.';
/** Shown when the product could not be loaded and the server gave no sentence. */
export const PRODUCT_FETCH_FAILED = 'Failed to fetch the product. Please try again.';
