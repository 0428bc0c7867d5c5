/** Test data: products and orders written straight to the database, and the order routes called as a role. */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { OrderCreateInput } from 'shared-api/contract';
import { payPalKey } from '../canonical-key';
import type { Db } from '../db/connection';
import {
  alerts,
  commissionTermsOf,
  type NewOrderRow,
  type NewProductRow,
  type OrderRow,
  orders,
  type ProductRow,
  products,
  type UserRow,
  uploads,
} from '../db/schema';
import { newUploadKey } from '../uploads/images';
import { injectAs, TEST_PUBLIC_URL, type TestIdentity } from './helpers';
import { uploadImageAs } from './images';

/** A fresh order number in the 3-7-7 format. */
export function amzNumber(): string {
  const digits = (n: number) => Array.from({ length: n }, () => crypto.randomInt(10)).join('');
  return `${digits(3)}-${digits(7)}-${digits(7)}`;
}

/**
 * A fresh buyer PayPal: the same buyer under two agents raises a fraud signal that holds the
 * order's money (docs/domain.md, Fraud signals), so a test that means it says so.
 */
export const buyerPayPal = (): string => `buyer.${crypto.randomUUID().slice(0, 8)}@example.com`;

/** Known figures: base 100, text 150, picture 200, no video figure (falls back to 100). */
export const FIGURES = { price: 1000, comission: 100, comissionWithTextReview: 150, comissionWithPictureReview: 200 };

export async function createProduct(
  db: Db,
  vendor: UserRow,
  fields: Partial<Omit<NewProductRow, 'vendorId'>> = {},
): Promise<ProductRow> {
  const [product] = await db
    .insert(products)
    .values({
      vendorId: vendor.id,
      name: 'Wireless earbuds',
      productId: 'B0TESTASIN',
      category: 'Audio',
      marketPlace: 'UK',
      image: 'https://img.example.com/earbuds.png',
      ...FIGURES,
      reviewTypes: ['text', 'picture', 'video', 'no review'],
      status: 'approved',
      ...fields,
    })
    .returning();
  if (!product) throw new Error('createProduct: insert returned no row');
  return product;
}

export async function createOrderRow(
  db: Db,
  product: ProductRow,
  agent: UserRow,
  fields: Partial<Omit<NewOrderRow, 'productId' | 'agentId'>> = {},
): Promise<OrderRow> {
  const paypal = fields.buyerPayPal ?? buyerPayPal();
  const [order] = await db
    .insert(orders)
    .values({
      productId: product.id,
      agentId: agent.id,
      reviewType: 'text',
      amzOrderNumber: amzNumber(),
      buyerPayPal: paypal,
      buyerName: 'Sara Khan',
      orderScreenshot: 'https://img.example.com/order.png',
      comission: 150,
      commissionTerms: commissionTermsOf(product),
      ...fields,
      // its canonical key, as placing an order gives it
      buyerPayPalKey: payPalKey(paypal),
    })
    .returning();
  if (!order) throw new Error('createOrderRow: insert returned no row');
  return order;
}

export async function readOrder(db: Db, id: string): Promise<OrderRow> {
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  if (!order) throw new Error(`readOrder: no order ${id}`);
  return order;
}

export const alertsOf = (db: Db, userId: string) => db.select().from(alerts).where(eq(alerts.userId, userId));

/**
 * A new order's body. Its screenshot must be an upload of the agent's own (docs/domain.md,
 * Images): `orderBodyAs` uploads one; a body built here without `orderScreenshot` is refused.
 */
export function orderBody(productId: string, fields: Partial<Record<string, unknown>> = {}): OrderCreateInput {
  return {
    productId,
    reviewType: 'text',
    amzOrderNumber: amzNumber(),
    buyerPayPal: buyerPayPal(),
    buyerName: 'Sara Khan',
    orderScreenshot: '',
    comments: 'Delivered on time',
    ...fields,
  } as OrderCreateInput;
}

/**
 * A link to a new upload of `owner`'s, its row as POST /api/uploads leaves it but without a file:
 * for tests that attach many screenshots and never show them.
 */
export async function insertUpload(db: Db, owner: Pick<UserRow, 'id'>): Promise<string> {
  const key = newUploadKey('png');
  await db
    .insert(uploads)
    .values({ key, ownerId: owner.id, private: true, purpose: 'image', mimeType: 'image/png', sizeBytes: 68 });
  return `${TEST_PUBLIC_URL}/api/private/${key}`;
}

/**
 * A new order's body with a screenshot `who` uploaded through POST /api/uploads, as the agent's
 * form does: a flat picture (no hash), so tests' orders raise no screenshot signal by accident.
 */
export async function orderBodyAs(
  app: FastifyInstance,
  who: TestIdentity,
  productId: string,
  fields: Partial<Record<string, unknown>> = {},
): Promise<OrderCreateInput> {
  return orderBody(productId, { orderScreenshot: await uploadImageAs(app, who), ...fields });
}

export const putAsAgent = (app: FastifyInstance, who: TestIdentity, id: string, payload: InjectOptions['payload']) =>
  injectAs(app, who, { method: 'PUT', url: `/api/orders/agent/${id}`, payload });

export const putAsStaff = (app: FastifyInstance, who: TestIdentity, id: string, payload: InjectOptions['payload']) =>
  injectAs(app, who, { method: 'PUT', url: `/api/orders/${id}`, payload });

export const getAs = (app: FastifyInstance, who: TestIdentity, url: string): Promise<LightMyRequestResponse> =>
  injectAs(app, who, { method: 'GET', url });
