/**
 * The skew matrix's journeys (docs/architecture.md, The skew matrix): one signed-in journey per
 * role, run once with the previous release's shell and today's remotes, once with today's shell
 * and the previous release's remotes, against today's API. Each area's main screen loads and
 * works, or, where the builds' release.json files say they cannot work together, shows the
 * shell's incompatibility screen instead of failing. The selectors are what both releases show.
 */
import { writeFile } from 'node:fs/promises';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { apiCreateProduct, apiRegisterPendingUser } from '../support/admin-users';
import { apiAdmin, apiCreateApprovedUser, apiLogin, PNG_BYTES, uniqueSuffix } from '../support/api';
import { ADMIN } from '../support/env';
import { apiApprovedAgent, apiManagerWithApprovedProduct, apiPlaceOrder } from '../support/manager-orders';
import { signIn } from '../support/session';
import { combination } from './combination';
import { type AreaOutcome, areaOutcome } from './outcome';

const run = combination();

/** The sidebar's link to a screen. */
const menuLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name, exact: true });

/** Page errors (uncaught exceptions) of the whole journey: an area that "loads" but throws does not work. */
function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * Waits for an area's screen: `ready` when the pair of builds works together, or the shell's
 * incompatibility screen (with its retry, the sidebar still there) when it does not. Answers
 * whether the journey can go on inside the area.
 */
async function areaScreen(page: Page, outcome: AreaOutcome, ready: Locator): Promise<boolean> {
  test.info().annotations.push({ type: 'outcome', description: outcome.why });
  // a pair that cannot work on a shell that cannot say so: a finding, not a journey to walk
  if (!outcome.works && outcome.screen === null) throw new Error(outcome.why);
  if (outcome.works) {
    await expect(ready).toBeVisible();
    await expect(page.getByText('Something went wrong.')).toHaveCount(0);
    return true;
  }
  await expect(page.getByText(outcome.screen)).toBeVisible();
  await expect(page.getByRole('button', { name: /retry/i })).toBeVisible();
  await expect(page.getByRole('button', { name: 'log out' })).toBeVisible();
  return false;
}

test.describe(run.title, () => {
  test('the admin opens the dashboard, the pending users and the pending products, and approves a product', async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    const admin = await apiAdmin();
    const registration = await apiRegisterPendingUser({ lastName: `Skew ${uniqueSuffix()}` });
    const manager = await apiCreateApprovedUser('manager');
    const product = await apiCreateProduct((await apiLogin(manager.email, manager.password)).token);
    const outcome = areaOutcome(run, 'admin');

    await signIn(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    if (await areaScreen(page, outcome, page.getByRole('heading', { name: `Welcome, ${admin.user.name}` }))) {
      await menuLink(page, 'pending users').click();
      await expect(page).toHaveURL(/\/admin\/pending\/users$/);
      await expect(page.getByRole('heading', { name: 'pending users' })).toBeVisible();
      await expect(page.getByRole('listitem').filter({ hasText: registration.email })).toBeVisible();

      await menuLink(page, 'pending products').click();
      await expect(page).toHaveURL(/\/admin\/products\/pending$/);
      await expect(page.getByRole('heading', { name: 'pending products' })).toBeVisible();
      const row = page.getByRole('row').filter({ hasText: product.name });
      await row.getByRole('button', { name: `Approve ${product.name}` }).click();
      await expect(page.getByText(`"${product.name}" is approved`, { exact: false })).toBeVisible();
      await expect(row).toHaveCount(0);
    }
    expect(errors).toEqual([]);
  });

  test('the manager adds a product, finds it among its products, and opens its orders', async ({ page }, testInfo) => {
    const errors = collectPageErrors(page);
    const { manager, product } = await apiManagerWithApprovedProduct(300);
    const order = await apiPlaceOrder(await apiApprovedAgent(), product._id);
    const name = `Skew Desk Lamp ${uniqueSuffix()}`;

    await signIn(page, manager.email, manager.password);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    // the manager's dashboard and product screens are the admin area's
    if (await areaScreen(page, areaOutcome(run, 'admin'), page.getByRole('heading', { name: /^Welcome, / }))) {
      await menuLink(page, 'all products').click();
      await expect(page).toHaveURL(/\/admin\/products$/);
      await expect(page.getByRole('heading', { name: 'my products' })).toBeVisible();
      await expect(page.getByRole('row').filter({ hasText: product.name })).toBeVisible();
      // the form goes back where it was opened from
      await menuLink(page, 'add new product').click();
      await expect(page).toHaveURL(/\/admin\/add-product$/);
      await page.getByRole('textbox', { name: 'name', exact: true }).fill(name);
      await page.getByLabel('product id').fill('B0SKEW0001');
      await page.getByLabel('description').fill('A lamp added across releases.');
      await page.getByRole('textbox', { name: 'category', exact: true }).fill('Lighting');
      await page.getByLabel('marketplace').selectOption('UK');
      await page.getByLabel('product category').selectOption('Home & Kitchen');
      await page.getByLabel('price').fill('20');
      await page.getByLabel('commission without review').fill('250');
      const thumbnail = testInfo.outputPath('thumbnail.png');
      await writeFile(thumbnail, PNG_BYTES);
      await page.getByLabel('thumbnail').setInputFiles(thumbnail);
      await expect(page.getByRole('img', { name: 'thumbnail preview' })).toBeVisible();
      await page.getByRole('button', { name: 'Create Product' }).click();

      await expect(page).toHaveURL(/\/admin\/products$/);
      const row = page.getByRole('row').filter({ hasText: name });
      await expect(row.getByText('pending', { exact: true })).toBeVisible();
    }

    await menuLink(page, 'orders').click();
    await expect(page).toHaveURL(/\/manager\/orders$/);
    if (
      await areaScreen(page, areaOutcome(run, 'manager'), page.getByRole('heading', { name: 'orders', exact: true }))
    ) {
      const card = page.getByRole('article', { name: `Order ID: ${order._id}` });
      await expect(card.getByText(order.amzOrderNumber)).toBeVisible();
      await expect(card.getByText('Rs 300')).toBeVisible();
    }
    expect(errors).toEqual([]);
  });

  test('the agent opens the dashboard, the products and its orders', async ({ page }) => {
    const errors = collectPageErrors(page);
    const { product } = await apiManagerWithApprovedProduct(350);
    const agent = await apiApprovedAgent();
    const order = await apiPlaceOrder(agent, product._id);
    const outcome = areaOutcome(run, 'agent');

    await signIn(page, agent.email, agent.password);
    await expect(page).toHaveURL(/\/agent\/dashboard$/);
    if (await areaScreen(page, outcome, page.getByRole('heading', { name: `Welcome, ${agent.name}` }))) {
      await menuLink(page, 'all products').click();
      await expect(page).toHaveURL(/\/agent\/products$/);
      await expect(page.getByRole('list', { name: 'approved products' })).toBeVisible();
      await expect(page.getByRole('article', { name: product.name })).toBeVisible();

      await menuLink(page, 'orders').click();
      await expect(page).toHaveURL(/\/agent\/orders$/);
      await expect(page.getByRole('heading', { name: 'you have 1 order(s)' })).toBeVisible();
      await expect(page.getByRole('article').filter({ hasText: order.amzOrderNumber })).toBeVisible();
    }
    expect(errors).toEqual([]);
  });
});
