import { describe, expect, it } from 'vitest';
import { orderFixture } from '../../../../shared-ui/src/test/fixtures';
import { changedOrderFields } from './order-changes';

const order = orderFixture({
  amzOrderNumber: '123-4567890-1234567',
  buyerPayPal: 'buyer@example.com',
  buyerName: 'Bilal Buyer',
  orderScreenshot: 'https://img/order.png',
  reviewScreenShot: '',
  FeedbackScreenShot: 'https://img/feedback.png',
  comments: 'fast delivery',
  reviewType: 'text',
  AgentStatus: 'Ordered',
});

const unchanged = {
  amzOrderNumber: order.amzOrderNumber,
  buyerPayPal: order.buyerPayPal,
  buyerName: order.buyerName,
  reviewType: order.reviewType,
  AgentStatus: order.AgentStatus,
  comments: order.comments,
  screenshots: {
    orderScreenshot: order.orderScreenshot,
    reviewScreenShot: order.reviewScreenShot,
    FeedbackScreenShot: order.FeedbackScreenShot,
  },
};

describe('what an agent order update sends', () => {
  it('sends nothing when nothing changed, and trims the text it sends', () => {
    expect(changedOrderFields(order, unchanged)).toEqual({});
    expect(changedOrderFields(order, { ...unchanged, buyerName: '  Bilal Buyer  ' })).toEqual({});
    expect(changedOrderFields(order, { ...unchanged, buyerPayPal: ' new@example.com ' })).toEqual({
      buyerPayPal: 'new@example.com',
    });
  });

  it('sends a removed screenshot as empty and a new one as its URL', () => {
    expect(
      changedOrderFields(order, {
        ...unchanged,
        screenshots: {
          orderScreenshot: order.orderScreenshot,
          reviewScreenShot: 'https://img/review.png',
          FeedbackScreenShot: '',
        },
      }),
    ).toEqual({ reviewScreenShot: 'https://img/review.png', FeedbackScreenShot: '' });
  });
});
