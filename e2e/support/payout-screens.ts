/**
 * Measures for the payout screens' browser tests (docs/domain.md, Payouts): no sideways scrolling,
 * a text on one line, a box inside the viewport. Each reads the page as laid out now.
 */
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { ROOT } from './env';

/** The page and every table box in it fit their width: nothing scrolls sideways. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflowing = await page.evaluate(() => {
    const boxes = [document.documentElement, ...document.querySelectorAll<HTMLElement>('.ui-table-scroll, main')];
    return boxes
      .filter((box) => box.scrollWidth > box.clientWidth + 1)
      .map((box) => {
        // which table: its caption names it
        const caption = box.querySelector('caption')?.textContent?.trim();
        const name = `${box.tagName.toLowerCase()}.${box.className}${caption ? ` (${caption})` : ''}`;
        return `${name}: ${box.scrollWidth} > ${box.clientWidth}`;
      });
  });
  expect(overflowing).toEqual([]);
}

/** Whether the element's text is laid out on one line (all its text's line boxes share one top). */
export async function isOnOneLine(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const tops = new Set(
      [...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)),
    );
    return tops.size === 1;
  });
}

/** The locator's box lies wholly inside the viewport. */
export async function expectInViewport(page: Page, locator: Locator): Promise<void> {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  expect(box).not.toBeNull();
  expect(viewport).not.toBeNull();
  if (!box || !viewport) return;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width + 0.5);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height + 0.5);
}

/** A screenshot for docs/images, only when SCREENSHOTS=1 (the docs keep one set; a test run changes nothing). */
export async function docsScreenshot(page: Page, name: string): Promise<void> {
  if (process.env.SCREENSHOTS !== '1') return;
  await page.screenshot({ path: path.join(ROOT, 'docs', 'images', `${name}.png`) });
}
