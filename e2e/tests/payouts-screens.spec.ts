/**
 * The payout screens as people use them (docs/domain.md, Payouts: what is owed), at 1280 x 800
 * and on a phone at 390 x 844: held orders counted apart with why, finding an agent and the
 * grand total, paying 30 orders from a phone (no sideways scrolling, a sticky pay bar, tap
 * targets), amounts that never wrap and stay on screen, order numbers on one line. With
 * SCREENSHOTS=1 it also writes the screenshots of docs/images (docs/paying.md).
 */
import { expect, type Page, test } from '@playwright/test';
import type { Payout } from 'shared-api/contract';
import { apiApprovedProduct, apiPerson, apiPlaceOrder, type Person } from '../support/agent-orders';
import { apiAdmin, apiCall, uniqueSuffix } from '../support/api';
import { ADMIN, SHELL_URL } from '../support/env';
import { docsScreenshot, expectInViewport, expectNoSidewaysScroll, isOnOneLine } from '../support/payout-screens';
import { signIn } from '../support/session';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** As the screens read money (formatRs, with its no-break space): 'Rs 1,234'. */
const rs = (amount: number) => `Rs\u00a0${new Intl.NumberFormat('en-US').format(amount)}`;

async function payoutOf(
  agentId: string,
  orderIds: string[],
  reference = `E2E-SCREENS-${uniqueSuffix()}`,
): Promise<Payout> {
  const { token } = await apiAdmin();
  return apiCall<Payout>('/api/payouts', { method: 'POST', token, body: { agentId, orderIds, reference } });
}

/** A reference with nowhere to break (a bank's transaction id): the history must still fit a phone. */
const unbrokenReference = () => `TXN${uniqueSuffix().replace(/\W/g, '')}${'0'.repeat(40)}`;

async function agentIdOf(agent: Person): Promise<string> {
  return (await apiCall<{ _id: string }>('/api/user', { token: agent.token }))._id;
}

/** The owed list, narrowed to one agent by the search box. */
async function findAgent(page: Page, agent: Person) {
  await page.goto('/admin/payouts');
  await page.getByRole('searchbox', { name: 'find an agent' }).fill(agent.email);
  await page.getByRole('searchbox', { name: 'find an agent' }).press('Enter');
  await expect(page).toHaveURL(/[?&]q=/);
  const rows = page.getByRole('table', { name: 'agents owed commission' }).getByRole('row');
  await expect(rows).toHaveCount(2);
  return rows.nth(1);
}

test.describe('payout screens', () => {
  test('a held order is counted apart, with why and a link, on the owed list and the payable page; the search finds its agent (1280)', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    const manager = await apiPerson('manager');
    const [agent, other] = [await apiPerson('agent'), await apiPerson('agent')];
    const product = await apiApprovedProduct(manager, { comission: 250, comissionWithTextReview: 300 });
    const buyer = `held.${uniqueSuffix()}@example.com`;
    const free = [await apiPlaceOrder(agent, product), await apiPlaceOrder(agent, product)];
    const held = await apiPlaceOrder(agent, product, { buyerPayPal: buyer, reviewType: 'no review' });
    await apiPlaceOrder(other, product, { buyerPayPal: buyer });

    await signIn(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    const row = await findAgent(page, agent);
    await expect(row).toContainText(rs(free[0]!.comission + free[1]!.comission));
    await expect(row).toContainText(`1 order on hold, ${rs(held.comission)}`);
    // the grand total is the server's, over the search
    await expect(page.locator('.admin-payouts-summary')).toHaveText(
      `1 agent owed: ${rs(free[0]!.comission + free[1]!.comission)} payable now; 1 order on hold, ${rs(held.comission)}.`,
    );

    await row.getByRole('link', { name: `${agent.name}: pay this agent` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `pay ${agent.name}` })).toBeVisible();
    const onHold = page.getByRole('region', { name: `1 order on hold, ${rs(held.comission)}` });
    await expect(onHold).toContainText('PayPal shared with another agent');
    await expect(onHold.getByRole('link', { name: held.amzOrderNumber })).toHaveAttribute(
      'href',
      `/manager/update/order/${held._id}`,
    );
    await expect(page.getByRole('checkbox', { name: `pay order ${held.amzOrderNumber}` })).toHaveCount(0);
    await expect(page.locator('body')).not.toContainText('paypal-shared');

    // 8b: the order numbers of the payable page never break across lines at 1280 px
    for (const order of free) {
      const link = page.getByRole('link', { name: order.amzOrderNumber, exact: true });
      expect(await isOnOneLine(link)).toBe(true);
    }
    await expectNoSidewaysScroll(page);

    // a held order's paid selector: 'paid' disabled, the reason beside it, described by it
    await onHold.getByRole('link', { name: held.amzOrderNumber }).click();
    const selector = page.getByLabel('commission status');
    await expect(selector.locator('option[value="paid"]')).toBeDisabled();
    await expect(selector).toHaveAccessibleDescription(/On hold: PayPal shared with another agent\./);
    await expect(page.getByText(/It cannot be marked paid until an admin dismisses the flag below\./)).toBeVisible();
    const flag = page.getByRole('article', { name: 'PayPal shared with another agent' });
    await expect(flag.getByRole('link', { name: new RegExp(`^order \\S+ \\(${other.name}\\)$`) })).toBeVisible();
    await expect(page.locator('body')).not.toContainText('paypal-shared');
  });

  test('paying 30 orders from a phone: no sideways scrolling, each row its amount, a sticky bar with the total and Pay, 24 px checkboxes (390)', async ({
    page,
  }) => {
    const manager = await apiPerson('manager');
    const agent = await apiPerson('agent');
    const product = await apiApprovedProduct(manager, { comission: 1075, comissionWithTextReview: 2150 });
    const orders = [];
    for (let i = 0; i < 30; i++) orders.push(await apiPlaceOrder(agent, product));
    // the payout history under the owed list fits whatever its payouts say: a reference with
    // nowhere to break, and another agent's Rs 850,000
    const other = await apiPerson('agent');
    const expensive = await apiApprovedProduct(manager, { comission: 800_000, comissionWithTextReview: 850_000 });
    await payoutOf(await agentIdOf(other), [(await apiPlaceOrder(other, expensive))._id]);
    await payoutOf(await agentIdOf(agent), [orders[0]!._id], unbrokenReference());

    await page.setViewportSize(PHONE);
    await signIn(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    const row = await findAgent(page, agent);
    await expectNoSidewaysScroll(page);
    await expect(row).toContainText(rs(2150 * 29));
    await docsScreenshot(page, 'owed-list-390');
    await row.getByRole('link', { name: `${agent.name}: pay this agent` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `pay ${agent.name}` })).toBeVisible();
    const table = page.getByRole('table', { name: `payable orders of ${agent.name}` });
    await expect(table.getByRole('checkbox')).toHaveCount(29);
    await expectNoSidewaysScroll(page);

    // each row shows its amount, on one line, inside the screen; rows are compact
    const amounts = table.locator('.admin-payable-amount');
    await expect(amounts).toHaveCount(29);
    for (const amount of [amounts.first(), amounts.nth(14), amounts.last()]) {
      await amount.scrollIntoViewIfNeeded();
      await expect(amount).toHaveText(rs(2150));
      expect(await isOnOneLine(amount)).toBe(true);
      const box = await amount.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
    }
    const tableBox = await table.boundingBox();
    expect(tableBox?.height ?? 0).toBeLessThan(29 * 80);

    // checkboxes at least 24 x 24, inside a tap target at least as big
    const box = await table.getByRole('checkbox').first().boundingBox();
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(24);
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(24);

    // tick a few in the middle of the list: the bar with the count, the total and Pay stays on screen
    for (const order of orders.slice(10, 13)) {
      await page.getByRole('checkbox', { name: `pay order ${order.amzOrderNumber}` }).check();
    }
    const bar = page.getByRole('form', { name: 'pay the selected orders' });
    await expectInViewport(page, bar);
    await expect(bar.getByText(/selected, Rs/)).toHaveText(`3 orders selected, ${rs(3 * 2150)}`);
    await expectInViewport(page, bar.getByRole('button', { name: 'Pay', exact: true }));
    await docsScreenshot(page, 'payable-page-390');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectInViewport(page, bar);
  });

  test('amounts never wrap and are the last column to go: payout history, a payout, the agent’s payouts (390 and 1280)', async ({
    page,
    browser,
  }) => {
    const manager = await apiPerson('manager');
    const agent = await apiPerson('agent');
    const product = await apiApprovedProduct(manager, { comission: 1075, comissionWithTextReview: 2150 });
    const orders = [await apiPlaceOrder(agent, product), await apiPlaceOrder(agent, product)];
    const payout = await payoutOf(await agentIdOf(agent), [orders[0]!._id, orders[1]!._id]);
    const total = rs(4300);

    await signIn(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    for (const size of [PHONE, DESKTOP]) {
      const tag = size.width === PHONE.width ? '390' : '1280';
      await page.setViewportSize(size);

      // the admin's payout history: the newest payout heads it
      await page.goto('/admin/payouts');
      const history = page.getByRole('table', { name: 'payout history' });
      const historyRow = history.getByRole('row').filter({ hasText: payout.reference });
      const historyTotal = historyRow.getByRole('cell').last();
      await expect(historyTotal).toHaveText(total);
      // the owed list heads the page: its grand total, search and first rows
      if (tag === '1280') await docsScreenshot(page, 'owed-list-1280');
      await historyTotal.scrollIntoViewIfNeeded();
      await expectInViewport(page, historyTotal);
      expect(await isOnOneLine(historyTotal)).toBe(true);
      await expectNoSidewaysScroll(page);

      // the payout's page
      await page.goto(`/admin/payouts/${payout._id}`);
      const items = page.getByRole('table', { name: 'orders in this payout' });
      for (const cell of await items
        .getByRole('row')
        .filter({ hasText: rs(2150) })
        .all()) {
        const amount = cell.getByRole('cell').last();
        await expect(amount).toHaveText(rs(2150));
        await amount.scrollIntoViewIfNeeded();
        await expectInViewport(page, amount);
        expect(await isOnOneLine(amount)).toBe(true);
      }
      await expect(page.locator('.ui-payout-total')).toHaveText(total);
      await expectNoSidewaysScroll(page);
      await docsScreenshot(page, `payout-page-${tag}`);

      // the agent's payouts, in a browser of its own (on a phone, log out is behind the menu)
      const context = await browser.newContext({ baseURL: SHELL_URL, viewport: size });
      const agentPage = await context.newPage();
      await signIn(agentPage, agent.email, agent.password);
      await expect(agentPage).toHaveURL(/\/agent\/dashboard$/);
      await agentPage.goto('/agent/payouts');
      const own = agentPage.getByRole('row').filter({ hasText: payout.reference });
      const ownTotal = own.getByRole('cell').last();
      await expect(ownTotal).toHaveText(total);
      await ownTotal.scrollIntoViewIfNeeded();
      await expectInViewport(agentPage, ownTotal);
      expect(await isOnOneLine(ownTotal)).toBe(true);
      await expectNoSidewaysScroll(agentPage);
      await docsScreenshot(agentPage, `agent-payouts-${tag}`);
      await context.close();
    }
  });

  test('the payable page at 1280: a compact table, the sticky pay bar, the orders on hold below', async ({ page }) => {
    const manager = await apiPerson('manager');
    const [agent, other] = [await apiPerson('agent'), await apiPerson('agent')];
    const product = await apiApprovedProduct(manager, { comission: 1075, comissionWithTextReview: 2150 });
    for (let i = 0; i < 6; i++) await apiPlaceOrder(agent, product);
    const buyer = `shot.${uniqueSuffix()}@example.com`;
    await apiPlaceOrder(agent, product, { buyerPayPal: buyer });
    await apiPlaceOrder(other, product, { buyerPayPal: buyer });

    await page.setViewportSize(DESKTOP);
    await signIn(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    const row = await findAgent(page, agent);
    await row.getByRole('link', { name: `${agent.name}: pay this agent` }).click();
    const table = page.getByRole('table', { name: `payable orders of ${agent.name}` });
    await expect(table.getByRole('checkbox')).toHaveCount(6);
    await table.getByRole('checkbox').nth(1).check();
    await table.getByRole('checkbox').nth(2).check();
    await expectNoSidewaysScroll(page);
    await expectInViewport(page, page.getByRole('form', { name: 'pay the selected orders' }));
    await docsScreenshot(page, 'payable-page-1280');
  });
});
