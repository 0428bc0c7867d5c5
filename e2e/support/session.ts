import { expect, type Page } from '@playwright/test';

/** Signs in through the shell's login page, as a person would. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'login' })).toBeVisible();
  await page.getByLabel('email').fill(email);
  await page.getByLabel('password').fill(password);
  await page.getByRole('button', { name: 'sign in' }).click();
}

/** Counts the JS files a page received that contain React DOM (its devtools hook lookup). */
export function trackScripts(page: Page) {
  const scripts: Array<{ url: string; body: string }> = [];
  page.on('response', async (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (!type.includes('javascript')) return;
    try {
      scripts.push({ url: response.url(), body: await response.text() });
    } catch {
      // navigation discarded the body
    }
  });
  return scripts;
}
