/**
 * Realistic products and orders as the API answers them (typed from the contract), for
 * shared-ui's tests and the areas' tests. Override what a test is about.
 */
import type { Order, OrderEvent, Product } from 'shared-api/contract';

export const vendorFixture: Product['vendor'] = {
  _id: 'manager-1',
  name: 'Mia Manager',
  firstName: 'Mia',
  lastName: 'Manager',
};

export function productFixture(overrides: Partial<Product> = {}): Product {
  return {
    _id: 'product-1',
    name: 'Wireless Earbuds Pro',
    productId: 'B0CXYZ1234',
    description: 'Noise-cancelling earbuds with a 30-hour battery.',
    category: 'Audio',
    productCategory: 'Electronics',
    marketPlace: 'UK',
    productLink: 'https://www.amazon.co.uk/dp/B0CXYZ1234',
    keyword: 'wireless earbuds',
    brandName: 'SoundMax',
    amzImage: 'https://images.example.com/amz/earbuds.jpg',
    price: 25,
    comission: 450,
    comissionWithTextReview: 500,
    comissionWithPictureReview: 550,
    comissionWithVideoReview: null,
    image: 'https://images.example.com/products/earbuds.jpg',
    reviewTypes: [{ title: 'text' }, { title: 'picture' }, { title: 'no review' }],
    guidelines: ['Use the product for a week before reviewing.'],
    marketerInstructions: ['Search by the keyword, do not use the direct link.'],
    commissionPolicies: ['Commission is paid after the refund is confirmed.'],
    status: 'approved',
    vendor: vendorFixture,
    createdAt: '2026-11-01T09:00:00.000Z',
    updatedAt: '2026-11-02T09:00:00.000Z',
    version: 1,
    ...overrides,
  };
}

/** The product as populated inside an order. */
export function orderProductFixture(overrides: Partial<Product> = {}): Order['product'] {
  const p = productFixture(overrides);
  return {
    _id: p._id,
    name: p.name,
    image: p.image,
    marketPlace: p.marketPlace,
    vendor: p.vendor,
    price: p.price,
    comission: p.comission,
    comissionWithTextReview: p.comissionWithTextReview,
    comissionWithPictureReview: p.comissionWithPictureReview,
    comissionWithVideoReview: p.comissionWithVideoReview,
    status: p.status,
  };
}

export function orderFixture(overrides: Partial<Order> = {}): Order {
  const product = overrides.product ?? orderProductFixture();
  return {
    _id: 'order-1',
    product,
    agent: {
      _id: 'agent-1',
      firstName: 'Andy',
      lastName: 'Agent',
      name: 'Andy Agent',
      email: 'agent@example.com',
      referralUserId: { _id: 'agent-0', firstName: 'Rita', lastName: 'Referrer' },
    },
    productId: product._id,
    reviewType: 'no review',
    amzOrderNumber: '123-4567890-1234567',
    buyerPayPal: 'buyer@example.com',
    buyerName: 'Bilal Buyer',
    orderScreenshot: 'https://images.example.com/orders/order-1.png',
    refundShot: '',
    reviewScreenShot: '',
    FeedbackScreenShot: '',
    comments: '',
    AgentStatus: 'submitted',
    status: '',
    comissionStatus: 'unpaid',
    comission: product.comission,
    createdAt: '2026-11-22T10:04:00.000Z',
    updatedAt: '2026-11-23T12:30:00.000Z',
    version: 1,
    ...overrides,
  };
}

/** One event of an order's history: the agent placed it, unless overridden. */
export function orderEventFixture(overrides: Partial<OrderEvent> = {}): OrderEvent {
  return {
    _id: 'event-1',
    at: '2026-11-22T10:04:00.000Z',
    actor: { _id: 'agent-1', name: 'Andy Agent', role: 'agent' },
    action: 'placed',
    changes: {},
    ...overrides,
  };
}
