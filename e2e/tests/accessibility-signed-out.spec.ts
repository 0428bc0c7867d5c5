/**
 * The screens of a person not signed in (sign-in, register, forgot and reset password) and of a
 * registration waiting for approval through axe-core's WCAG 2.0/2.1/2.2 A and AA rules, at
 * 1280 x 800 and at 390 x 844; the list of screens is e2e/support/accessibility.ts's SCREENS.
 */
import { test } from '@playwright/test';
import { checkScreens, type ScreenData, seedScreenData } from '../support/accessibility';

let data: ScreenData;
test.beforeAll(async () => {
  data = await seedScreenData();
});

test('no signed-out screen breaks a WCAG 2.2 AA rule at 1280 x 800', async ({ page }) => {
  await checkScreens(page, 'signed-out', 'desktop', data);
});

test('no signed-out screen breaks a WCAG 2.2 AA rule at 390 x 844', async ({ page }) => {
  await checkScreens(page, 'signed-out', 'phone', data);
});

test('the waiting-for-approval screen breaks no WCAG 2.2 AA rule at 1280 x 800', async ({ page }) => {
  await checkScreens(page, 'pending', 'desktop', data);
});

test('the waiting-for-approval screen breaks no WCAG 2.2 AA rule at 390 x 844', async ({ page }) => {
  await checkScreens(page, 'pending', 'phone', data);
});
