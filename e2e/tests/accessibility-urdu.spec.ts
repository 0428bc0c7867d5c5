/**
 * Every screen of every role in Urdu (issue 30): right to left, no wider than a phone (390 x 844)
 * and through axe-core's WCAG 2.0/2.1/2.2 A and AA rules, with data on it; the list of screens
 * is e2e/support/accessibility.ts's SCREENS. Each screen's full-page screenshot is kept with the
 * test's output for review. The admin is one account for every spec: it goes back to English.
 */
import { test } from '@playwright/test';
import { checkScreens, type ScreenData, type ScreenRole, seedScreenData } from '../support/accessibility';
import { apiAdmin, apiSetLocale } from '../support/api';

let data: ScreenData;
test.beforeAll(async () => {
  data = await seedScreenData('ur');
});

test.afterAll(async () => {
  await apiSetLocale((await apiAdmin()).token, 'en');
});

const ROLES: readonly ScreenRole[] = ['signed-out', 'pending', 'admin', 'manager', 'agent'];

for (const role of ROLES) {
  test(`no ${role} screen in Urdu breaks a WCAG 2.2 AA rule or scrolls sideways at 390 x 844`, async ({ page }) => {
    test.setTimeout(240_000);
    await checkScreens(page, role, 'phone', data, 'ur');
  });
}
