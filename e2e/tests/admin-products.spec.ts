import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { MESSAGES } from 'shared-api/contract';
import { apiCreateProduct, uniqueProductName } from '../support/admin-products';
import { apiAdmin, apiCreateApprovedUser, PNG_BYTES } from '../support/api';
import { ADMIN, API_URL } from '../support/env';
import { signIn } from '../support/session';

/** Narrows a product list to one product by its unique name, and returns its row. */
async function searchFor(page: Page, name: string) {
  await page.getByRole('searchbox', { name: 'search products' }).fill(name);
  await page.getByRole('button', { name: 'search', exact: true }).click();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  return row;
}

test('a manager adds a product with a thumbnail; the admin approves it and it joins all products', async ({ page }) => {
  const manager = await apiCreateApprovedUser('manager');
  const name = uniqueProductName('Desk Lamp');

  await signIn(page, manager.email, manager.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole('link', { name: 'all products', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'my products' })).toBeVisible();
  // a new manager has none yet: the empty state offers the form
  await expect(page.getByText('no products found')).toBeVisible();
  await page.getByRole('link', { name: 'add product', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/add-product$/);

  await expect(page.getByLabel('affiliate link')).toHaveCount(0);
  await page.getByRole('button', { name: 'Create Product' }).click();
  await expect(page.getByText(MESSAGES.productNameRequired)).toBeVisible();

  await page.getByRole('textbox', { name: 'name', exact: true }).fill(name);
  await page.getByLabel('product id').fill('B0LAMP0001');
  await page.getByLabel('description').fill('A warm desk lamp for late work.');
  await page.getByRole('textbox', { name: 'category', exact: true }).fill('Lighting');
  await page.getByLabel('marketplace').selectOption('UK');
  await page.getByLabel('product category').selectOption('Home & Kitchen');
  await page.getByRole('checkbox', { name: 'text' }).check();
  await page.getByLabel('price').fill('24.5');
  await page.getByLabel('commission without review').fill('300');
  await page.getByLabel('commission with text review').fill('350');
  await page.getByRole('textbox', { name: 'review guidelines' }).fill('  Use it for a week  ');
  await page.getByRole('textbox', { name: 'review guidelines' }).press('Enter');
  await page.getByLabel('thumbnail').setInputFiles({ name: 'lamp.png', mimeType: 'image/png', buffer: PNG_BYTES });
  await expect(page.getByRole('img', { name: 'thumbnail preview' })).toBeVisible();
  await page.getByRole('button', { name: 'Create Product' }).click();

  await expect(page.getByText(MESSAGES.productCreated)).toBeVisible();
  await expect(page.getByText('Your product is waiting for approval by an admin.', { exact: false })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/products$/);
  const ownRow = await searchFor(page, name);
  await expect(ownRow.getByText('pending', { exact: true })).toBeVisible();
  await expect(ownRow.getByRole('img', { name })).toHaveAttribute('src', new RegExp(`^${API_URL}/uploads/`));

  await page.getByRole('button', { name: 'log out' }).click();
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole('link', { name: 'pending products', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'pending products' })).toBeVisible();
  const pendingRow = await searchFor(page, name);
  await expect(pendingRow.getByText('$24.50')).toBeVisible();
  await pendingRow.getByRole('button', { name: `Approve ${name}` }).click();
  await expect(page.getByText(`"${name}" is approved`, { exact: false })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);

  await page.getByRole('link', { name: 'all products', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'all products' })).toBeVisible();
  const row = await searchFor(page, name);
  await expect(row.getByText('approved', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: `(view details) of ${name}` }).click();
  const panel = page.getByRole('dialog', { name: 'Product details' });
  await expect(panel.getByText('Use it for a week', { exact: true })).toBeVisible();
  await expect(panel.getByText('United Kingdom')).toBeVisible();
});

test('an admin edits a product through the prefilled form', async ({ page }) => {
  const { token } = await apiAdmin();
  const product = await apiCreateProduct(token, { name: uniqueProductName('Kettle'), price: 30 });

  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/products');
  const row = await searchFor(page, product.name);
  await row.getByRole('link', { name: `Edit ${product.name}` }).click();

  await expect(page).toHaveURL(new RegExp(`/admin/update-product/${product._id}$`));
  await expect(page.getByRole('textbox', { name: 'name', exact: true })).toHaveValue(product.name);
  await expect(page.getByRole('img', { name: 'thumbnail preview' })).toHaveAttribute('src', product.image);
  await page.getByLabel('price').fill('42');
  await page.getByRole('button', { name: 'Update Product' }).click();

  await expect(page.getByText(MESSAGES.productUpdated, { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/products$/);
  const updated = await searchFor(page, product.name);
  await expect(updated.getByText('$42.00')).toBeVisible();
});

test('an admin deletes a product only after confirming', async ({ page }) => {
  const { token } = await apiAdmin();
  const product = await apiCreateProduct(token, { name: uniqueProductName('Blender') });

  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/products');
  const row = await searchFor(page, product.name);

  await row.getByRole('button', { name: `Delete ${product.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete product?' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toHaveCount(1);

  await row.getByRole('button', { name: `Delete ${product.name}` }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(MESSAGES.productDeleted)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: product.name })).toHaveCount(0);
});

test('the product form and lists fit a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  /** how far the page, or the screen inside its area's padding, runs past where it should end */
  const overflow = () =>
    page.evaluate(() => {
      const screen = document.querySelector('main section');
      const area = screen?.parentElement;
      if (!screen || !area) return Number.POSITIVE_INFINITY;
      const areaRight = area.getBoundingClientRect().right - Number.parseFloat(getComputedStyle(area).paddingRight);
      return Math.max(
        document.documentElement.scrollWidth - window.innerWidth,
        screen.getBoundingClientRect().right - areaRight,
      );
    });

  await page.goto('/admin/add-product');
  await expect(page.getByRole('button', { name: 'Create Product' })).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(1);
  for (const [path, heading] of [
    ['/admin/products', 'all products'],
    ['/admin/products/pending', 'pending products'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await expect(page.getByText('Loading...')).toHaveCount(0);
    expect(await overflow()).toBeLessThanOrEqual(1);
  }
});

test('the product screens have no serious accessibility violation', async ({ page }) => {
  const { token } = await apiAdmin();
  const product = await apiCreateProduct(token, { name: uniqueProductName('Axe Lamp') });
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const screens = [
    ['/admin/products', 'all products'],
    ['/admin/products/pending', 'pending products'],
    ['/admin/add-product', 'add product'],
    [`/admin/update-product/${product._id}`, 'update product'],
  ] as const;
  for (const [path, heading] of screens) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    await expect(page.getByText('Loading...')).toHaveCount(0);
    const results = await new AxeBuilder({ page }).include('main').analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${path} ${v.id}: ${v.help} ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
  }
});
