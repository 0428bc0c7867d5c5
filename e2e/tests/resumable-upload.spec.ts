/**
 * Uploads that resume (docs/domain.md, Images, Uploads that resume): an agent's proof screenshot
 * goes up in chunks (tus); the network goes away in the middle, comes back, the upload goes on
 * from what the server has, and the order is placed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect, test } from '@playwright/test';
import { DEFAULT_UPLOAD_CHUNK_BYTES } from 'shared-api/contract';
import { apiAdminProduct, apiShopper, apiShopperOrders } from '../support/agent-shopping';
import { dashed, uniqueOrderDigits } from '../support/api';
import { API_URL } from '../support/env';
import { signIn } from '../support/session';

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG of pixel noise, so it does not compress: about 1.5 MB, six chunks of the app's size. */
function largeScreenshot(): string {
  const [width, height] = [800, 640];
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let i = 1; i <= width * 3; i++) raw[y * (width * 3 + 1) + i] = Math.floor(Math.random() * 256);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(raw, { level: 1 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-resumable-')), 'large-screenshot.png');
  fs.writeFileSync(file, png);
  return file;
}

test('an order screenshot upload survives the network going off and on, and the order is placed', async ({
  page,
  context,
}) => {
  const agent = await apiShopper();
  const product = await apiAdminProduct();
  const orderNumber = dashed(uniqueOrderDigits());
  const file = largeScreenshot();
  const size = fs.statSync(file).size;
  expect(size).toBeGreaterThan(4 * DEFAULT_UPLOAD_CHUNK_BYTES);

  await signIn(page, agent.email, agent.password);
  await expect(page).toHaveURL(/\/agent\/dashboard$/);
  // as on a phone that has the app: its service worker controls the page (it leaves the API alone)
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
  await page.goto(`/agent/detail/${product._id}`);
  await expect(page.getByRole('heading', { name: 'submit order' })).toBeVisible();

  // what the upload sends: each chunk that got through, and the HEADs that ask where it stands
  const patches: { status: number; bytes: number }[] = [];
  let heads = 0;
  page.on('requestfinished', async (request) => {
    if (!request.url().startsWith(`${API_URL}/api/uploads/resumable/`)) return;
    if (request.method() === 'HEAD') heads += 1;
    if (request.method() === 'PATCH') {
      const response = await request.response();
      patches.push({ status: response?.status() ?? 0, bytes: request.postDataBuffer()?.length ?? 0 });
    }
  });
  // the second chunk never arrives: the network goes away as it is sent, and comes back a little later
  let sent = 0;
  await page.route(`${API_URL}/api/uploads/resumable/**`, async (route) => {
    if (route.request().method() !== 'PATCH' || ++sent !== 2) return route.continue();
    await context.setOffline(true);
    await route.abort('internetdisconnected');
    setTimeout(() => void context.setOffline(false), 1500);
  });

  await page.getByLabel(/^Review Type/).selectOption('text');
  await page.getByLabel(/^AMZ Order Number/).fill(orderNumber);
  await page.getByLabel(/^Buyer PayPal/).fill('buyer.resumable@example.com');
  await page.getByLabel(/^Buyer Name/).fill('Rida Resumable');
  await page.getByLabel(/^Order Screenshot/).setInputFiles(file);
  await expect(page.getByRole('img', { name: 'Order Screenshot preview' })).toBeVisible();

  const finished = page.waitForResponse(
    (r) => r.url().startsWith(`${API_URL}/api/uploads/resumable/`) && r.request().method() === 'GET',
    { timeout: 45_000 },
  );
  const created = page.waitForResponse((r) => r.url() === `${API_URL}/api/orders` && r.request().method() === 'POST', {
    timeout: 45_000,
  });
  await page.getByRole('button', { name: 'Submit' }).click();
  // the bar says what is left while it goes
  await expect(page.getByText(/ (KB|MB) left$/)).toBeVisible();
  expect((await finished).status()).toBe(200);
  expect((await created).status()).toBe(201);
  await expect(page.getByText('Order is created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/agent\/orders$/);

  // resumed, not started again: it asked where the upload stood, and sent the file about once
  expect(heads).toBeGreaterThanOrEqual(1);
  const stored = patches.filter((p) => p.status === 204).reduce((sum, p) => sum + p.bytes, 0);
  expect(stored).toBe(size);
  const order = (await apiShopperOrders(agent)).find((o) => o.amzOrderNumber === orderNumber);
  expect(order?.orderScreenshot).toMatch(/^http:\/\/localhost:8000\/api\/private\/[0-9a-f]{32}\.png\?expires=\d+&sig=/);
});
