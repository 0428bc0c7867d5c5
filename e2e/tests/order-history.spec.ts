/**
 * An order's history on both update-order screens: the agent changes the order number, a
 * manager sets the order status, the admin pays the commission; each sees their change in the
 * timeline at once, and the agent's and the staff's timelines tell the same story, newest
 * first. The accounts, the product and the order are made through the API.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { apiApprovedProduct, apiOrder, apiPerson, apiPlaceOrder } from '../support/agent-orders';
import { apiAdmin, uniqueOrderNumber } from '../support/api';
import { ADMIN } from '../support/env';
import { signIn } from '../support/session';

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'log out' }).click();
  await expect(page.getByRole('heading', { name: 'login' })).toBeVisible();
}

/** The events of the timeline on the screen, newest first. */
function timeline(page: Page) {
  return page.getByRole('region', { name: 'History' }).getByRole('listitem');
}

/** A sentence of the timeline, by who did it and what they did (names and numbers taken literally). */
function said(actor: string, what: string): RegExp {
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${literal(actor.trim())} ${literal(what)}`);
}

test('the agent, a manager and the admin each see their change in the order history, newest first', async ({
  page,
}) => {
  const manager = await apiPerson('manager');
  const agent = await apiPerson('agent');
  const admin = (await apiAdmin()).user;
  const product = await apiApprovedProduct(manager);
  const order = await apiPlaceOrder(agent, product);
  const placed = said(agent.name, 'placed the order');
  const newNumber = uniqueOrderNumber();
  const renumbered = said(agent.name, `changed the order number from ${order.amzOrderNumber} to ${newNumber}`);
  const refunded = said(manager.name, 'set the order status to Refunded');
  const paid = said(admin.name, 'marked the commission paid');

  // the agent sees the placement, changes the order number, and finds it on record
  await signIn(page, agent.email, agent.password);
  await expect(page).toHaveURL(/\/agent\/dashboard$/);
  await page.goto(`/agent/update/order/${order._id}`);
  await expect(page.getByRole('heading', { name: 'update order' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();
  await expect(timeline(page)).toHaveText([placed]);
  await expect(timeline(page).first().locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);

  await page.getByLabel(/^AMZ Order Number/).fill(newNumber);
  await expect(page.getByLabel(/^AMZ Order Number/)).toHaveValue(newNumber);
  await page.getByRole('button', { name: 'Update Order' }).click();
  await expect(page.getByText('Updated successfully!').first()).toBeVisible();
  await expect(page).toHaveURL(/\/agent\/orders$/);
  expect((await apiOrder(agent.token, order._id)).amzOrderNumber).toBe(newNumber);

  await page.goto(`/agent/update/order/${order._id}`);
  await expect(timeline(page)).toHaveText([renumbered, placed]);
  await logOut(page);

  // a manager sets the status: the timeline shows it as soon as the save is done
  await signIn(page, manager.email, manager.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto(`/manager/update/order/${order._id}`);
  await expect(page.getByRole('heading', { name: 'update order' })).toBeVisible();
  await expect(timeline(page)).toHaveText([renumbered, placed]);
  await page.getByLabel('order status').selectOption({ label: 'Refunded' });
  await page.getByRole('button', { name: 'save' }).click();
  await expect(page.getByText('Updated successfully!')).toBeVisible();
  await expect(timeline(page)).toHaveText([refunded, renumbered, placed]);
  await logOut(page);

  // the admin pays the commission, likewise at once
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto(`/manager/update/order/${order._id}`);
  await expect(page.getByRole('heading', { name: 'update order' })).toBeVisible();
  await expect(timeline(page)).toHaveText([refunded, renumbered, placed]);
  await page.getByLabel('commission status').selectOption('paid');
  await page.getByRole('button', { name: 'save' }).click();
  await page
    .getByRole('dialog', { name: 'Mark commission paid?' })
    .getByRole('button', { name: 'mark paid and save' })
    .click();
  await expect(page.getByText('Updated successfully!')).toBeVisible();
  await expect(timeline(page)).toHaveText([paid, refunded, renumbered, placed]);
  await logOut(page);

  // the agent's screen (closed now that it is paid) tells the same story, fits a phone and reads well
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, agent.email, agent.password);
  await expect(page).toHaveURL(/\/agent\/dashboard$/);
  await page.goto(`/agent/update/order/${order._id}`);
  await expect(
    page.getByText("This order's commission is paid, so the order is closed and cannot be changed."),
  ).toBeVisible();
  await expect(timeline(page)).toHaveText([paid, refunded, renumbered, placed]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'the update page scrolls sideways').toBeLessThanOrEqual(0);
  const { violations } = await new AxeBuilder({ page }).include('.ui-order-timeline').analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});
