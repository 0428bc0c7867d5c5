/**
 * Two people edit one product (docs/domain.md, Edits and versions): the later save is refused,
 * says who saved first and when, and offers to reload the product into the form.
 */
import { expect, type Page, test } from '@playwright/test';
import { MESSAGES, type Product } from 'shared-api/contract';
import { apiCreateProduct, uniqueProductName } from '../support/admin-products';
import { apiAdmin, apiCall, apiCreateApprovedUser, apiLogin } from '../support/api';
import { ADMIN, SHELL_URL } from '../support/env';
import { signIn } from '../support/session';

async function openEdit(page: Page, email: string, password: string, productId: string, name: string) {
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto(`/admin/update-product/${productId}`);
  await expect(page.getByRole('textbox', { name: 'name', exact: true })).toHaveValue(name);
}

test('a product saved in one page is not overwritten by a save from another page opened before it', async ({
  page,
  browser,
}) => {
  const manager = await apiCreateApprovedUser('manager');
  const { token } = await apiLogin(manager.email, manager.password);
  const product = await apiCreateProduct(token, { name: uniqueProductName('Lantern'), price: 30 });
  const { user: admin } = await apiAdmin();
  // as the server writes a name: first and last, trimmed (the first admin may have no last name)
  const adminName = `${admin.firstName} ${admin.lastName}`.trim();

  // the manager in a browser of their own; the admin in this page
  const managerContext = await browser.newContext({ baseURL: SHELL_URL });
  const managerPage = await managerContext.newPage();
  try {
    await openEdit(page, ADMIN.email, ADMIN.password, product._id, product.name);
    await openEdit(managerPage, manager.email, manager.password, product._id, product.name);

    await page.getByLabel('price').fill('42');
    await page.getByRole('button', { name: 'Update Product' }).click();
    await expect(page.getByText(MESSAGES.productUpdated, { exact: true })).toBeVisible();

    await managerPage.getByLabel('price').fill('55');
    await managerPage.getByRole('button', { name: 'Update Product' }).click();
    const refusal = managerPage.getByRole('alert').filter({ hasText: 'after you opened it' });
    await expect(refusal).toContainText(
      new RegExp(`This product was changed by ${adminName} at \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC`),
    );
    await expect(managerPage).toHaveURL(new RegExp(`/admin/update-product/${product._id}$`));

    await refusal.getByRole('button', { name: 'reload the product' }).click();
    await expect(managerPage.getByLabel('price')).toHaveValue('42');
    await expect(refusal).toHaveCount(0);

    // made again on what is stored now, the manager's change goes through
    await managerPage.getByLabel('price').fill('55');
    await managerPage.getByRole('button', { name: 'Update Product' }).click();
    await expect(managerPage.getByText(MESSAGES.productUpdated, { exact: true })).toBeVisible();
    const stored = await apiCall<Product>(`/api/products/${product._id}/singleproduct`, { token });
    expect(stored).toMatchObject({ price: 55, version: 3 });
  } finally {
    await managerContext.close();
  }
});
