/**
 * Data for the admin dashboard and pending-users journeys, made through the real HTTP API:
 * a pending registration, products, an order. Builds on support/api.ts.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import type { Order, Product, ProductInput, RegisterInput, User } from 'shared-api/contract';
import {
  apiCall,
  apiUploadCnic,
  apiUploadImage,
  type SignedIn,
  uniqueEmail,
  uniqueOrderNumber,
  uniqueSuffix,
} from './api';

import { API_URL } from './env';

export interface PendingRegistration {
  email: string;
  password: string;
  user: User;
  /** the registration's token: all a pending account has (it cannot sign in until approved) */
  token: string;
}

/** Registers as the register page does: two CNIC images uploaded without a token, then POST /api/register. */
export async function apiRegisterPendingUser(
  overrides: Partial<RegisterInput> = {},
  /** the registration's language (Accept-Language): the account keeps it */
  language?: 'en' | 'ur',
): Promise<PendingRegistration> {
  const email = overrides.email ?? uniqueEmail('pending');
  const password = overrides.password ?? 'registered-secret-1';
  const [cnicFront, cnicBack] = [await apiUploadCnic('front.png'), await apiUploadCnic('back.png')];
  const { user, token } = await apiCall<SignedIn>('/api/register', {
    method: 'POST',
    language,
    body: {
      firstName: 'Hina',
      lastName: 'Malik',
      gender: 'female',
      phoneNumber: '+923331234567',
      city: 'Karachi',
      state: 'pakistan',
      referralName: 'Bilal Ahmed',
      referralContact: '+923007654321',
      role: 'agent',
      cnicFront,
      cnicBack,
      ...overrides,
      email,
      password,
    } satisfies RegisterInput,
  });
  return { email, password, user, token };
}

/** A product by an admin (approved at once) or a manager (pending). */
export async function apiCreateProduct(token: string, overrides: Partial<ProductInput> = {}): Promise<Product> {
  return apiCall<Product>('/api/products', {
    method: 'POST',
    token,
    body: {
      name: `Dashboard Desk Lamp ${uniqueSuffix()}`,
      category: 'Lighting',
      price: 24,
      comission: 350,
      image: await apiUploadImage(token, 'lamp.png'),
      ...overrides,
    } satisfies ProductInput,
  });
}

export async function apiApproveProduct(adminToken: string, id: string): Promise<Product> {
  return apiCall<Product>(`/api/products/${id}/approve`, { method: 'PUT', token: adminToken });
}

/** An agent's order of an approved product, as the submit-order page sends it. */
export async function apiPlaceOrder(agentToken: string, productId: string): Promise<Order> {
  return apiCall<Order>('/api/orders', {
    method: 'POST',
    token: agentToken,
    body: {
      productId,
      reviewType: 'no review',
      amzOrderNumber: uniqueOrderNumber(),
      buyerPayPal: 'buyer@example.com',
      buyerName: 'Zara Buyer',
      orderScreenshot: await apiUploadImage(agentToken, 'order.png'),
      comments: '',
    },
  });
}

/** The status an API call answers (for refusals a test expects). */
export async function apiStatus(path: string, token: string): Promise<number> {
  const response = await fetch(`${API_URL}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  await response.body?.cancel();
  return response.status;
}

/** The value element of the dashboard card labelled exactly `label`. */
export function dashboardCard(page: Page, label: string): Locator {
  return page
    .locator('.ui-stat-card')
    .filter({ has: page.locator('.ui-stat-card-label', { hasText: new RegExp(`^${label}$`) }) })
    .locator('.ui-stat-card-value');
}

/** Waits until the card shows a figure (not '–' while loading) and reads it as a number. */
export async function readCount(page: Page, label: string): Promise<number> {
  const value = dashboardCard(page, label);
  await expect(value).toHaveText(/^\d[\d,]*$/);
  return Number(((await value.textContent()) ?? '').replace(/,/g, ''));
}

/** Reads a commission card ('Rs 1,234.50') as a number. */
export async function readRs(page: Page, label: string): Promise<number> {
  const card = dashboardCard(page, label);
  // loaded: an amount, not a placeholder
  await expect(card).toHaveText(/^Rs\s*\d/);
  const text = (await card.textContent()) ?? '';
  return Number(text.replace(/^Rs\s*/, '').replace(/,/g, ''));
}

/** The orders-per-day chart's total, from its text alternative. */
export async function readChartTotal(page: Page): Promise<number> {
  const chart = page.getByRole('figure', { name: 'orders per day' }).getByRole('img');
  await expect(chart).toBeVisible();
  const label = (await chart.getAttribute('aria-label')) ?? '';
  const match = /^(\d+) orders? in the last 30 days/.exec(label);
  if (match) return Number(match[1]);
  expect(label).toBe('No orders in the last 30 days.');
  return 0;
}
