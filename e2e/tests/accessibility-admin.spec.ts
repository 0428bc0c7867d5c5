/**
 * Every admin screen through axe-core's WCAG 2.0/2.1/2.2 A and AA rules, at 1280 x 800 and at
 * 390 x 844, with data on it; the list of screens is e2e/support/accessibility.ts's SCREENS.
 */
import { test } from '@playwright/test';
import { checkScreens, type ScreenData, seedScreenData } from '../support/accessibility';

let data: ScreenData;
test.beforeAll(async () => {
  data = await seedScreenData();
});

test('no admin screen breaks a WCAG 2.2 AA rule at 1280 x 800', async ({ page }) => {
  test.setTimeout(180_000);
  await checkScreens(page, 'admin', 'desktop', data);
});

test('no admin screen breaks a WCAG 2.2 AA rule at 390 x 844', async ({ page }) => {
  test.setTimeout(180_000);
  await checkScreens(page, 'admin', 'phone', data);
});
