/**
 * The whole marketplace in one journey, across the three areas and three people, each in a
 * browser context of their own: a manager lists a product, the admin approves it, an agent
 * orders it and moves the order on, the manager refunds it, the admin pays its commission,
 * and the agent's dashboard shows the commission paid. Only the two accounts are made
 * through the API; everything else goes through the screens.
 */
import { type Browser, type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test';
import { MESSAGES } from 'shared-api/contract';
import { uniqueProductName } from '../support/admin-products';
import { dashboardCard } from '../support/admin-users';
import { screenshotFile } from '../support/agent-shopping';
import { apiCreateApprovedUser, dashed, uniqueOrderDigits } from '../support/api';
import { ADMIN, API_URL } from '../support/env';
import { signIn } from '../support/session';

const BASE_COMMISSION = 420;
const TEXT_COMMISSION = 500;
const PRICE = 38.9;

/** 'Rs 500', 'Rs 1,250': how the screens write a commission. */
function rs(amount: number): string {
  const digits = Number.isInteger(amount) ? 0 : 2;
  const number = new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return `Rs ${number.format(amount)}`;
}

/** Each person's own browser context, closed when the test ends (also when it fails). */
const contexts: BrowserContext[] = [];
test.afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

/** One person at their own browser: a fresh context and page, not signed in yet. */
async function browserOf(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  contexts.push(context);
  return context.newPage();
}

/** One person at their own browser, signed in through the login page. */
async function personAt(browser: Browser, email: string, password: string, home: RegExp): Promise<Page> {
  const page = await browserOf(browser);
  await signIn(page, email, password);
  await expect(page).toHaveURL(home);
  return page;
}

/** A link of the sidebar. */
function menuLink(page: Page, name: string): Locator {
  return page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name, exact: true });
}

/** Narrows an admin product table to one product by its unique name, and returns its row. */
async function productRow(page: Page, name: string): Promise<Locator> {
  await page.getByRole('searchbox', { name: 'search products' }).fill(name);
  await page.getByRole('button', { name: 'search', exact: true }).click();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  return row;
}

/** Reads a commission card of the agent dashboard once the commission has loaded. */
async function readCommissionCard(page: Page, label: string): Promise<number> {
  const value = dashboardCard(page, label);
  // the screens join Rs and the number with a no-break space (formatRs): \s matches it
  await expect(value).toHaveText(/^Rs\s[\d,]+(\.\d\d)?$/);
  return Number(((await value.textContent()) ?? '').replace(/^Rs\s*/, '').replace(/,/g, ''));
}

test('a product goes from listing to paid commission: manager, admin and agent, each at their own browser', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const managerAccount = await apiCreateApprovedUser('manager');
  const agentAccount = await apiCreateApprovedUser('agent');
  const productName = uniqueProductName('Journey Espresso Grinder');
  const searchWord = productName.split(' ').at(-1) ?? productName;
  const orderNumber = dashed(uniqueOrderDigits());

  // 1. the manager lists a product with a thumbnail: it waits for approval
  const manager = await personAt(browser, managerAccount.email, managerAccount.password, /\/admin\/dashboard$/);
  await menuLink(manager, 'add new product').click();
  await expect(manager).toHaveURL(/\/admin\/add-product$/);
  await expect(manager.getByRole('heading', { name: 'add product' })).toBeVisible();
  await manager.getByRole('textbox', { name: 'name', exact: true }).fill(productName);
  await manager.getByLabel('product id').fill('B0JOURNEY1');
  await manager.getByLabel('description').fill('A burr grinder for the whole-marketplace journey.');
  await manager.getByRole('textbox', { name: 'category', exact: true }).fill('Kitchen');
  await manager.getByLabel('marketplace').selectOption('DE');
  await manager.getByLabel('product category').selectOption('Home & Kitchen');
  await manager.getByRole('checkbox', { name: 'text' }).check();
  await manager.getByLabel('price').fill(String(PRICE));
  await manager.getByLabel('commission without review').fill(String(BASE_COMMISSION));
  await manager.getByLabel('commission with text review').fill(String(TEXT_COMMISSION));
  await manager.getByRole('textbox', { name: 'review guidelines' }).fill('Grind a week of coffee before reviewing.');
  await manager.getByRole('textbox', { name: 'review guidelines' }).press('Enter');
  await manager.getByLabel('thumbnail').setInputFiles(screenshotFile('grinder.png'));
  await expect(manager.getByRole('img', { name: 'thumbnail preview' })).toBeVisible();
  const thumbnailUpload = manager.waitForResponse(
    (r) => r.url() === `${API_URL}/api/uploads` && r.request().method() === 'POST',
  );
  await manager.getByRole('button', { name: 'Create Product' }).click();
  expect((await thumbnailUpload).status()).toBe(201);
  await expect(manager.getByText(MESSAGES.productCreated)).toBeVisible();
  await expect(manager.getByText('Your product is waiting for approval by an admin.', { exact: false })).toBeVisible();
  // the form goes back where the manager came from; the product waits in their list
  await expect(manager).toHaveURL(/\/admin\/dashboard$/);
  await menuLink(manager, 'all products').click();
  await expect(manager.getByRole('heading', { name: 'my products' })).toBeVisible();
  const ownRow = await productRow(manager, productName);
  await expect(ownRow.getByText('pending', { exact: true })).toBeVisible();
  await expect(ownRow.getByRole('img', { name: productName })).toHaveAttribute(
    'src',
    new RegExp(`^${API_URL}/uploads/`),
  );

  // 2. the admin approves it from the pending products
  const admin = await personAt(browser, ADMIN.email, ADMIN.password, /\/admin\/dashboard$/);
  await menuLink(admin, 'pending products').click();
  await expect(admin).toHaveURL(/\/admin\/products\/pending$/);
  await expect(admin.getByRole('heading', { name: 'pending products' })).toBeVisible();
  const pendingRow = await productRow(admin, productName);
  await expect(pendingRow.getByText('$38.90')).toBeVisible();
  await pendingRow.getByRole('button', { name: `Approve ${productName}` }).click();
  await expect(admin.getByText(`"${productName}" is approved`, { exact: false })).toBeVisible();
  await expect(admin.getByRole('row').filter({ hasText: productName })).toHaveCount(0);

  // 3. the agent notes the commission so far, finds the product, orders it and submits the order
  const agentCommission = new RegExp(`^${API_URL}/api/agent/comission/`);
  const agent = await browserOf(browser);
  const commissionLoaded = agent.waitForResponse((r) => agentCommission.test(r.url()) && r.status() === 200);
  await signIn(agent, agentAccount.email, agentAccount.password);
  await expect(agent).toHaveURL(/\/agent\/dashboard$/);
  await commissionLoaded;
  const paidBefore = await readCommissionCard(agent, 'total paid commission');
  const payableBefore = await readCommissionCard(agent, 'payable commission');

  await menuLink(agent, 'all products').click();
  await expect(agent).toHaveURL(/\/agent\/products$/);
  await expect(agent.getByRole('list', { name: 'approved products' })).toBeVisible();
  await agent.getByRole('searchbox', { name: 'Search products' }).fill(searchWord);
  await expect(agent).toHaveURL(new RegExp(`keyword=${searchWord}`));
  const card = agent.getByRole('article', { name: productName });
  await expect(card).toBeVisible();
  await expect(agent.getByRole('article')).toHaveCount(1);
  await expect(card).toContainText('$38.90');
  await expect(card).toContainText('DE');

  await card.getByRole('button', { name: 'Order' }).click();
  const confirm = agent.getByRole('dialog', { name: 'Please Confirm' });
  await expect(confirm).toContainText('Are you sure you want to create an order for this product?');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(agent).toHaveURL(/\/agent\/detail\/[^/]+$/);
  await expect(agent.getByRole('heading', { name: 'submit order' })).toBeVisible();
  const summary = agent.getByRole('complementary', { name: 'product' });
  await expect(summary.getByRole('heading', { name: productName })).toBeVisible();
  await expect(summary).toContainText('(DE)');

  await agent.getByLabel(/^Review Type/).selectOption('text');
  await expect(agent.getByText(`Your commission for this order: ${rs(TEXT_COMMISSION)}`)).toBeVisible();
  await agent.getByLabel(/^AMZ Order Number/).fill(orderNumber);
  await expect(agent.getByLabel(/^AMZ Order Number/)).toHaveValue(orderNumber);
  await agent.getByLabel(/^Buyer PayPal/).fill('journey.buyer@example.com');
  await agent.getByLabel(/^Buyer Name/).fill('Ayesha Buyer');
  await agent.getByLabel(/^Order Screenshot/).setInputFiles(screenshotFile('order.png'));
  await expect(agent.getByRole('img', { name: 'Order Screenshot preview' })).toBeVisible();
  await agent.getByLabel('Comments').fill('Ordered in the marketplace journey.');
  const orderCreated = agent.waitForResponse(
    (r) => r.url() === `${API_URL}/api/orders` && r.request().method() === 'POST',
  );
  await agent.getByRole('button', { name: 'Submit' }).click();
  expect((await orderCreated).status()).toBe(201);
  await expect(agent.getByText(MESSAGES.orderCreated)).toBeVisible();
  await expect(agent).toHaveURL(/\/agent\/orders$/);

  const agentCard = agent.getByRole('article').filter({ hasText: orderNumber });
  await expect(agentCard).toBeVisible();
  await expect(agentCard).toContainText(productName);
  await expect(agentCard).toContainText(rs(TEXT_COMMISSION));
  await expect(agentCard).toContainText('submitted');

  // 4. the agent moves the order to Reviewed with a review screenshot
  await agentCard.getByRole('button', { name: `update Order ${orderNumber}` }).click();
  await expect(agent).toHaveURL(/\/agent\/update\/order\/[^/]+$/);
  const orderId = new URL(agent.url()).pathname.split('/').at(-1) ?? '';
  expect(orderId).not.toBe('');
  await expect(agent.getByRole('heading', { name: 'update order' })).toBeVisible();
  await expect(agent.getByLabel(/AMZ Order Number/)).toHaveValue(orderNumber);
  await expect(agent.getByText(`Commission for this order: ${rs(TEXT_COMMISSION)}`)).toBeVisible();
  await agent.getByLabel('agent status').selectOption('Reviewed');
  await agent.getByLabel('review screenshot').setInputFiles(screenshotFile('review.png'));
  await expect(agent.getByRole('img', { name: 'review screenshot preview' })).toBeVisible();
  await agent.getByRole('button', { name: 'Update Order' }).click();
  await expect(agent.getByText(MESSAGES.orderUpdated).first()).toBeVisible();
  await expect(agent).toHaveURL(/\/agent\/orders$/);
  await expect(agentCard).toContainText('Reviewed');

  // 5. the manager finds the order, sets it Refunded with a refund screenshot
  await menuLink(manager, 'orders').click();
  await expect(manager).toHaveURL(/\/manager\/orders$/);
  await expect(manager.getByRole('heading', { name: 'orders', exact: true })).toBeVisible();
  const managerCard = manager.getByRole('article', { name: `Order ID: ${orderId}` });
  await expect(managerCard).toBeVisible();
  await expect(managerCard).toContainText(orderNumber);
  await expect(managerCard).toContainText(rs(TEXT_COMMISSION));
  await expect(managerCard).toContainText('Reviewed');
  await managerCard.getByRole('link', { name: `update order ${orderNumber}` }).click();
  await expect(manager).toHaveURL(new RegExp(`/manager/update/order/${orderId}$`));
  await expect(manager.getByRole('heading', { name: 'update order' })).toBeVisible();
  await expect(manager.getByLabel('commission status')).toHaveCount(0);
  await manager.getByLabel('refund screenshot').setInputFiles(screenshotFile('refund.png'));
  await expect(manager.getByRole('img', { name: 'refund screenshot preview' })).toBeVisible();
  await manager.getByLabel('order status').selectOption({ label: 'Refunded' });
  await manager.getByRole('button', { name: 'save' }).click();
  await expect(manager.getByText(MESSAGES.orderUpdated)).toBeVisible();
  await expect(manager.getByLabel('order status')).toHaveValue('Refunded');

  // 6. the admin opens the same order from all orders and pays its commission; paid is final
  await menuLink(admin, 'orders').click();
  await expect(admin).toHaveURL(/\/admin\/orders$/);
  const adminCard = admin.getByRole('article', { name: `Order ID: ${orderId}` });
  await expect(adminCard).toBeVisible();
  await adminCard.getByRole('link', { name: `update order ${orderNumber}` }).click();
  await expect(admin).toHaveURL(new RegExp(`/manager/update/order/${orderId}$`));
  await expect(admin.getByLabel('order status')).toHaveValue('Refunded');
  const orderOnAdminPage = admin.getByRole('article', { name: `Order ID: ${orderId}` });
  await expect(orderOnAdminPage.getByRole('button', { name: 'review screenshot' })).toBeVisible();
  // the manager's refund screenshot is a real image the admin can open
  await orderOnAdminPage.getByRole('button', { name: 'refund screenshot' }).click();
  const refundShown = admin.getByRole('dialog').getByRole('img', { name: 'refund screenshot' });
  await expect(refundShown).toBeVisible();
  await expect.poll(() => refundShown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(48);
  await admin.keyboard.press('Escape');
  await expect(admin.getByRole('dialog')).toHaveCount(0);
  const commissionStatus = admin.getByLabel('commission status');
  await expect(commissionStatus).toBeEnabled();
  await expect(commissionStatus).toHaveValue('unpaid');
  await expect(admin.getByRole('region', { name: `commission breakdown of ${rs(TEXT_COMMISSION)}` })).toBeVisible();
  await commissionStatus.selectOption('paid');
  await admin.getByRole('button', { name: 'save' }).click();
  const payDialog = admin.getByRole('dialog', { name: 'Mark commission paid?' });
  await expect(payDialog).toContainText(`${rs(TEXT_COMMISSION)} for order ${orderNumber}`);
  await payDialog.getByRole('button', { name: 'mark paid and save' }).click();
  await expect(admin.getByText(MESSAGES.orderUpdated)).toBeVisible();
  await expect(commissionStatus).toHaveValue('paid');
  await expect(commissionStatus).toBeDisabled();
  await expect(admin.getByText('Commission is paid: it is final and can no longer be changed.')).toBeVisible();

  // 7. the agent's dashboard: the text-review commission moved from payable to paid
  await menuLink(agent, 'dashboard').click();
  await expect(agent).toHaveURL(/\/agent\/dashboard$/);
  await expect(dashboardCard(agent, 'total paid commission')).toHaveText(rs(paidBefore + TEXT_COMMISSION));
  await expect(dashboardCard(agent, 'payable commission')).toHaveText(rs(payableBefore));
  await expect(agent.getByRole('table', { name: 'recent activity' })).toContainText(orderNumber);
});
