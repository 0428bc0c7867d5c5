/**
 * Keyboard-only journeys (docs/accessibility.md): Tab until an element has focus, checking on the
 * way that focus is always visible and never trapped, as a person without a mouse would.
 */
import { expect, type Locator, type Page } from '@playwright/test';

/** The focused element draws an outline or a box shadow (the app's focus styles). */
export async function focusIsVisible(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return false;
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    return outline || (style.boxShadow !== 'none' && style.boxShadow !== '');
  });
}

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has focus, at most `limit` times: a target
 * never reached fails (a trap, or a control the keyboard cannot reach). The target's focus must be visible.
 */
export async function tabTo(page: Page, target: Locator, { limit = 80, back = false } = {}): Promise<void> {
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) {
      expect(await focusIsVisible(page), 'the focused element shows its focus').toBe(true);
      return;
    }
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab did not reach ${target} in ${limit} presses`);
}

/** Tab and Shift+Tab leave the element: focus is not trapped in it. */
export async function expectNoTrap(page: Page, within: Locator): Promise<void> {
  const inside = () => within.evaluate((element) => element.contains(document.activeElement));
  for (const key of ['Tab', 'Shift+Tab']) {
    let left = false;
    for (let presses = 0; presses < 60 && !left; presses++) {
      await page.keyboard.press(key);
      left = !(await inside());
    }
    expect(left, `${key} leaves ${within}`).toBe(true);
    await within.evaluate((element) =>
      (element.querySelector('a, button, input, select, textarea') as HTMLElement | null)?.focus(),
    );
  }
}
