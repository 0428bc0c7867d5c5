import fs from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import type { Order } from 'shared-api/contract';
import { apiApprovedProduct, apiPerson, apiPlaceOrder, type Person } from '../support/agent-orders';
import { apiCreateApprovedUser, apiLogin, uniqueSuffix } from '../support/api';
import { ADMIN } from '../support/env';
import { signIn } from '../support/session';

/** An approved agent with a name no other test uses, so a search by it finds only its orders. */
async function apiNamedAgent(): Promise<Person> {
  const lastName = `Searchable${uniqueSuffix().replace(/[^a-z0-9]/gi, '')}`;
  const { email, password, user } = await apiCreateApprovedUser('agent', { firstName: 'Zora', lastName });
  const { token } = await apiLogin(email, password);
  return { email, password, token, name: user.name };
}

/**
 * Three orders of one agent on one product, placed so that newest first (300, 420, 350) and
 * commission high to low (420, 350, 300) differ: text pays 350, picture 420, no review 300.
 */
async function apiThreeOrders(): Promise<{ agent: Person; text: Order; picture: Order; plain: Order }> {
  const manager = await apiPerson('manager');
  const product = await apiApprovedProduct(manager);
  const agent = await apiNamedAgent();
  const text = await apiPlaceOrder(agent, product, { reviewType: 'text' });
  const picture = await apiPlaceOrder(agent, product, { reviewType: 'picture' });
  const plain = await apiPlaceOrder(agent, product, { reviewType: 'no review' });
  expect([text.comission, picture.comission, plain.comission]).toEqual([350, 420, 300]);
  return { agent, text, picture, plain };
}

async function openAdminOrders(page: Page) {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/orders');
  await expect(page.getByRole('heading', { name: 'orders', exact: true })).toBeVisible();
  await expect(page.getByText(/^\d+ orders?$/)).toBeVisible();
}

const orderCards = (page: Page) => page.getByRole('article', { name: /^Order ID: / });

async function search(page: Page, text: string) {
  const box = page.getByRole('searchbox', { name: 'search orders' });
  await box.fill(text);
  await box.press('Enter');
}

test('an admin searches the orders, sorts the table by commission, reloads into the same view and exports it as CSV', async ({
  page,
}) => {
  const { agent, text, picture, plain } = await apiThreeOrders();
  await openAdminOrders(page);

  // by an order number: that one order
  await search(page, picture.amzOrderNumber);
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(page.getByText('1 order', { exact: true })).toBeVisible();
  await expect(orderCards(page)).toHaveCount(1);
  await expect(page.getByRole('article', { name: `Order ID: ${picture._id}` })).toBeVisible();

  // by the agent's name: its three orders, newest first
  await search(page, agent.name);
  await expect(page.getByText('3 orders', { exact: true })).toBeVisible();
  await expect(orderCards(page)).toHaveCount(3);

  // the compact table, one row an order
  await page.getByRole('group', { name: 'view' }).getByRole('button', { name: 'table' }).click();
  await expect(page).toHaveURL(/[?&]view=table/);
  const table = page.getByRole('table', { name: 'orders' });
  await expect(table).toBeVisible();
  await expect(orderCards(page)).toHaveCount(0);
  // the first column is the row-details button's (shown only in a narrow box), then the date, then the number
  const numbers = table.locator('tbody tr td:nth-child(3)').getByText(/^\d{3}-\d{7}-\d{7}$/);
  const commissions = table.locator('tbody tr td:last-child');
  await expect(numbers).toHaveText([plain.amzOrderNumber, picture.amzOrderNumber, text.amzOrderNumber]);

  // sorted by commission from its column header, high to low
  const commissionHeader = table.getByRole('columnheader', { name: 'commission', exact: true });
  await commissionHeader.getByRole('button').click();
  await expect(page).toHaveURL(/[?&]sort=commission-high/);
  await expect(commissionHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(commissions).toHaveText(['Rs 420', 'Rs 350', 'Rs 300']);
  await expect(numbers).toHaveText([picture.amzOrderNumber, text.amzOrderNumber, plain.amzOrderNumber]);

  // a reload (or the link) opens the same view
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'search orders' })).toHaveValue(agent.name);
  await expect(page.getByRole('combobox', { name: 'sort' })).toHaveValue('commission-high');
  await expect(table.getByRole('columnheader', { name: 'commission', exact: true })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expect(commissions).toHaveText(['Rs 420', 'Rs 350', 'Rs 300']);

  // a row leads to the order's update page, and Back returns to the view
  await table.getByRole('link', { name: text.amzOrderNumber }).click();
  await expect(page).toHaveURL(new RegExp(`/manager/update/order/${text._id}$`));
  await page.goBack();
  await expect(commissions).toHaveText(['Rs 420', 'Rs 350', 'Rs 300']);

  // Export CSV: the file the server names, with its header row and the rows the list shows
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  await expect(page.getByText(`Saved ${download.suggestedFilename()}`)).toBeVisible();
  const path = await download.path();
  const csv = (await fs.readFile(path, 'utf8')).replace(/^\uFEFF/, '');
  const [header, ...rows] = csv.split(/\r?\n/).filter((line) => line.length > 0);
  expect(header).toMatch(/order/i);
  for (const order of [text, picture, plain]) expect(header).not.toContain(order.amzOrderNumber);
  expect(rows).toHaveLength(3);
  expect(rows[0]).toContain(picture.amzOrderNumber);
  expect(rows[1]).toContain(text.amzOrderNumber);
  expect(rows[2]).toContain(plain.amzOrderNumber);
});

test("a bad range of days shows the server's message and keeps what was chosen", async ({ page }) => {
  await openAdminOrders(page);
  await page.getByLabel('from', { exact: true }).fill('2026-11-23');
  await page.getByLabel('to', { exact: true }).fill('2026-11-01');
  await expect(page.getByRole('alert')).toHaveText(/The start date must not be after the end date\./);
  await expect(page.getByLabel('from', { exact: true })).toHaveValue('2026-11-23');
  await expect(page.getByLabel('to', { exact: true })).toHaveValue('2026-11-01');
  await expect(page).toHaveURL(/from=2026-11-23&to=2026-11-01/);
});

test('on a phone the table view fits the screen: neither it nor the page scrolls sideways', async ({ page }) => {
  const { agent } = await apiThreeOrders();
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto(`/admin/orders?q=${encodeURIComponent(agent.name)}&view=table`);

  const table = page.getByRole('table', { name: 'orders' });
  await expect(table.locator('tbody tr')).toHaveCount(3);
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);
  // the table's own scrolling box (the page's section is a region named 'orders' too): a phone's
  // table shows four columns and the rest behind each row's details button (docs/accessibility.md)
  const scroller = table.locator('xpath=..');
  expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(false);
});

test('the orders screen has no serious accessibility violation, as cards and as a table', async ({ page }) => {
  const { agent } = await apiThreeOrders();
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const q = encodeURIComponent(agent.name);
  for (const path of [`/admin/orders?q=${q}`, `/admin/orders?q=${q}&view=table&sort=commission-high`]) {
    await page.goto(path);
    await expect(page.getByText('3 orders', { exact: true })).toBeVisible();
    const results = await new AxeBuilder({ page }).include('main').analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${path} ${v.id}: ${v.help} ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
  }
});
