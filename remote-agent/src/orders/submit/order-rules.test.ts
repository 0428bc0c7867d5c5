import { MESSAGES } from 'shared-api/contract';
import { describe, expect, it } from 'vitest';
import { EMPTY_NEW_ORDER, firstInvalidField, validateNewOrder } from './order-rules';

const screenshot = {
  url: 'https://images.example.com/o.png',
  file: null,
  previewUrl: 'https://images.example.com/o.png',
};
const valid = {
  ...EMPTY_NEW_ORDER,
  reviewType: 'text' as const,
  amzOrderNumber: '123-4567890-1234567',
  buyerPayPal: 'buyer@example.com',
  buyerName: 'Bilal Buyer',
  orderScreenshot: screenshot,
};

describe('validateNewOrder', () => {
  it('passes a complete order', () => {
    expect(validateNewOrder(valid)).toEqual({});
  });

  it('reports every missing field with SPEC messages, the review type first', () => {
    const errors = validateNewOrder(EMPTY_NEW_ORDER);
    expect(errors).toEqual({
      reviewType: MESSAGES.reviewTypeRequired,
      amzOrderNumber: MESSAGES.orderNumberRequired,
      buyerPayPal: MESSAGES.buyerPayPalRequired,
      buyerName: MESSAGES.buyerNameRequired,
      orderScreenshot: MESSAGES.orderScreenshotRequired,
    });
    expect(firstInvalidField(errors)).toBe('reviewType');
  });

  it('refuses an incomplete order number and blank-only names', () => {
    const errors = validateNewOrder({ ...valid, amzOrderNumber: '123-45', buyerPayPal: '  ', buyerName: ' ' });
    expect(errors).toEqual({
      amzOrderNumber: MESSAGES.orderNumberInvalid,
      buyerPayPal: MESSAGES.buyerPayPalRequired,
      buyerName: MESSAGES.buyerNameRequired,
    });
    expect(firstInvalidField(errors)).toBe('amzOrderNumber');
  });

  it('has no first invalid field when all is well', () => {
    expect(firstInvalidField({})).toBeNull();
  });
});
