import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import {
  apiAdminProduct,
  apiPlaceOrder,
  apiShopper,
  apiShopperOrders,
  screenshotFile,
} from '../support/agent-shopping';
import { dashed, uniqueOrderDigits } from '../support/api';
import { API_URL } from '../support/env';
import { signIn } from '../support/session';

/** Serious accessibility problems on the page as it is now. */
async function seriousA11yViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
}

/** The page is no wider than the screen (nothing to scroll sideways on a phone). */
async function fitsTheScreen(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
}

test('an agent finds a product by marketplace and search, orders it with a screenshot and sees the order', async ({
  page,
}) => {
  const agent = await apiShopper();
  const product = await apiAdminProduct();
  const searchWord = product.name.split(' ').at(-1) ?? product.name;
  const digits = uniqueOrderDigits();
  const orderNumber = dashed(digits);

  await signIn(page, agent.email, agent.password);
  await expect(page).toHaveURL(/\/agent\/dashboard$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${agent.name}` })).toBeVisible();

  // browse: the approved products, then the marketplace chip and the search, through the filter endpoint
  await page.getByRole('link', { name: 'all products' }).click();
  await expect(page).toHaveURL(/\/agent\/products$/);
  await expect(page.getByRole('list', { name: 'approved products' })).toBeVisible();

  const marketFilter = page.waitForResponse(
    (r) => r.url().startsWith(`${API_URL}/api/products/filter`) && r.url().includes('marketPlace=AU'),
  );
  await page.getByRole('group', { name: 'Marketplace' }).getByRole('button', { name: 'AU' }).click();
  expect((await marketFilter).status()).toBe(200);
  await expect(page).toHaveURL(/marketPlace=AU/);

  const searchFilter = page.waitForResponse(
    (r) => r.url().startsWith(`${API_URL}/api/products/filter`) && r.url().includes(`keyword=${searchWord}`),
  );
  await page.getByRole('searchbox', { name: 'Search products' }).fill(searchWord);
  const searched = await searchFilter;
  expect(searched.url()).toContain('marketPlace=AU');
  const card = page.getByRole('article', { name: product.name });
  await expect(card).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(card).toContainText('$19.50');
  await expect(card).toContainText('AU');
  expect(await seriousA11yViolations(page)).toEqual([]);

  // a search that matches nothing
  await page.getByRole('searchbox', { name: 'Search products' }).fill(`${searchWord}-nothing`);
  await expect(page.getByText('No products found', { exact: true })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search products' }).fill(searchWord);
  await expect(card).toBeVisible();

  // details in the side panel
  await card.getByRole('button', { name: '(view details)' }).click();
  const panel = page.getByRole('dialog', { name: 'Product details' });
  await expect(panel.getByRole('heading', { name: product.name })).toBeVisible();
  await expect(panel).toContainText('No Review Commission: Rs.300');
  await expect(panel).toContainText('Use it for a week before reviewing.');
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  // order: asked first; Cancel stays, Confirm opens the form
  await card.getByRole('button', { name: 'Order' }).click();
  const confirm = page.getByRole('dialog', { name: 'Please Confirm' });
  await expect(confirm).toContainText('Are you sure you want to create an order for this product?');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(page).toHaveURL(/\/agent\/products/);
  await card.getByRole('button', { name: 'Order' }).click();
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(new RegExp(`/agent/detail/${product._id}$`));

  // the form: the product, the rules before anything is sent, then a real order
  await expect(page.getByRole('heading', { name: 'submit order' })).toBeVisible();
  const summary = page.getByRole('complementary', { name: 'product' });
  await expect(summary.getByRole('heading', { name: product.name })).toBeVisible();
  await expect(summary).toContainText('Australia (AU)');
  await expect(page.getByRole('note', { name: 'Honest reviews' })).toContainText('never depends on the rating');

  let posted = false;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().startsWith(`${API_URL}/api/`)) posted = true;
  });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Review Type is required')).toBeVisible();
  await expect(page.getByText('order screenshot is required')).toBeVisible();
  await expect(page.getByLabel(/^Review Type/)).toBeFocused();
  expect(posted).toBe(false);
  expect(await seriousA11yViolations(page)).toEqual([]);

  await page.getByLabel(/^Review Type/).selectOption('text');
  await expect(page.getByText('Your commission for this order: Rs 375')).toBeVisible();
  const orderField = page.getByLabel(/^AMZ Order Number/);
  await orderField.pressSequentially(`${digits.slice(0, 3)} ${digits.slice(3)}x`);
  await expect(orderField).toHaveValue(orderNumber);
  await page.getByLabel(/^Buyer PayPal/).fill('buyer.paypal@example.com');
  await page.getByLabel(/^Buyer Name/).fill('Bilal Buyer');
  await page.getByLabel(/^Order Screenshot/).setInputFiles(screenshotFile());
  await expect(page.getByRole('img', { name: 'Order Screenshot preview' })).toBeVisible();
  await page.getByLabel('Comments').fill('Ordered through the browser test.');

  // the proof screenshot goes up resumably (tus); its answer is GET on the finished upload
  const upload = page.waitForResponse(
    (r) => r.url().startsWith(`${API_URL}/api/uploads/resumable/`) && r.request().method() === 'GET',
  );
  const created = page.waitForResponse((r) => r.url() === `${API_URL}/api/orders` && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Submit' }).click();
  expect((await upload).status()).toBe(200);
  expect((await created).status()).toBe(201);
  await expect(page.getByText('Order is created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/agent\/orders$/);

  // stored as submitted, unpaid, with the text-review commission and the uploaded screenshot
  const stored = (await apiShopperOrders(agent)).find((o) => o.amzOrderNumber === orderNumber);
  expect(stored).toMatchObject({
    productId: product._id,
    reviewType: 'text',
    buyerPayPal: 'buyer.paypal@example.com',
    buyerName: 'Bilal Buyer',
    comments: 'Ordered through the browser test.',
    AgentStatus: 'submitted',
    comissionStatus: 'unpaid',
    comission: 375,
  });
  // proof screenshots are private: a short-lived signed link, refused without its signature
  expect(stored?.orderScreenshot).toMatch(
    /^http:\/\/localhost:8000\/api\/private\/[0-9a-f]{32}\.png\?expires=\d+&sig=/,
  );
  expect((await page.request.get(stored?.orderScreenshot ?? '')).status()).toBe(200);
  expect((await page.request.get((stored?.orderScreenshot ?? '').split('?')[0] ?? '')).status()).toBe(403);

  // the orders list, filtered by 'submitted', shows it
  await page.getByRole('group', { name: 'agent status' }).getByRole('button', { name: 'submitted' }).click();
  await expect(page).toHaveURL(/status=submitted/);
  await expect(page.getByRole('article').filter({ hasText: orderNumber })).toBeVisible();

  // and the dashboard counts it
  await page.getByRole('link', { name: 'dashboard', exact: true }).click();
  await expect(page).toHaveURL(/\/agent\/dashboard$/);
  const tiles = page.getByRole('list', { name: 'figures' });
  await expect(tiles.getByRole('link', { name: /submitted orders/ })).toContainText('1');
  await expect(tiles.getByRole('link', { name: /^orders/ })).toContainText('1');
  await expect(page.getByRole('table', { name: 'recent activity' })).toContainText(orderNumber);
  await expect(page.getByText('Rs 375').first()).toBeVisible();
});

test('a taken order number shows the server message and keeps what was typed, on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const agent = await apiShopper();
  const product = await apiAdminProduct({ marketPlace: 'CA' });
  const taken = dashed(uniqueOrderDigits());
  await apiPlaceOrder(agent, product, taken);

  await signIn(page, agent.email, agent.password);
  await expect(page).toHaveURL(/\/agent\/dashboard$/);
  await page.goto(`/agent/products?keyword=${encodeURIComponent(product.name.split(' ').at(-1) ?? '')}`);
  const card = page.getByRole('article', { name: product.name });
  await expect(card).toBeVisible();
  expect(await fitsTheScreen(page)).toBe(true);
  await card.getByRole('button', { name: 'Order' }).click();
  await page.getByRole('dialog', { name: 'Please Confirm' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(new RegExp(`/agent/detail/${product._id}$`));

  await page.getByLabel(/^Review Type/).selectOption('picture');
  await page.getByLabel(/^AMZ Order Number/).fill(taken);
  await page.getByLabel(/^Buyer PayPal/).fill('second@example.com');
  await page.getByLabel(/^Buyer Name/).fill('Second Buyer');
  await page.getByLabel(/^Order Screenshot/).setInputFiles(screenshotFile());
  expect(await fitsTheScreen(page)).toBe(true);
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page.getByText('An order with this AMZ order number already exists.').first()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/agent/detail/${product._id}$`));
  await expect(page.getByLabel(/^AMZ Order Number/)).toBeFocused();
  await expect(page.getByLabel(/^Review Type/)).toHaveValue('picture');
  await expect(page.getByLabel(/^AMZ Order Number/)).toHaveValue(taken);
  await expect(page.getByLabel(/^Buyer PayPal/)).toHaveValue('second@example.com');
  await expect(page.getByLabel(/^Buyer Name/)).toHaveValue('Second Buyer');
  await expect(page.getByRole('img', { name: 'Order Screenshot preview' })).toBeVisible();
  expect((await apiShopperOrders(agent)).length).toBe(1);

  // Cancel goes back to the products
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/agent\/products$/);
});
