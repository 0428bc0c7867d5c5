/**
 * The screenshot check under light edits (docs/domain.md, Fraud signals, "Two looks"): a corpus
 * the test makes (seeded, the same on every run) of order pages of three shops' layouts, copies of
 * them with a random handful of light edits, and other orders' pages of the same layouts, each
 * uploaded through POST /api/uploads, so the real candidate search (the hash's bands) and the
 * real second look decide. It prints the recall (copies paired with their original) and the
 * false-positive rate (other pages paired with any upload), and holds them to 95 % and 2 %.
 */
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type UserRow, uploadSamePictures } from '../db/schema';
import { createTestApp, createUser, injectAs, type TestApp } from '../test/helpers';
import {
  edited,
  keyOfLink,
  multipartRequest,
  randomLightEdits,
  randomOrderText,
  SHOP_LAYOUTS,
  seededRandom,
  shopOrderPage,
} from '../test/images';

const COPIES = 60;
const OTHER_PAGES = 60;

describe('the second look at lightly edited copies', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** POST /api/uploads by a new agent (nobody's own uploads go first); the upload's key. */
  async function upload(data: Buffer): Promise<string> {
    const agent: UserRow = (await createUser(t.db)).user;
    const jpeg = data[0] === 0xff;
    const res = await injectAs(
      t.app,
      agent,
      await multipartRequest('/api/uploads', {
        files: [{ data, filename: jpeg ? 'shot.jpg' : 'shot.png', contentType: jpeg ? 'image/jpeg' : 'image/png' }],
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    return keyOfLink((res.json() as { url: string }).url);
  }

  /** The uploads the look paired with this one. */
  async function pairedWith(key: string): Promise<string[]> {
    const rows = await t.db
      .select({ other: uploadSamePictures.otherKey })
      .from(uploadSamePictures)
      .where(inArray(uploadSamePictures.key, [key]));
    return rows.map((row) => row.other);
  }

  it('pairs at least 95 % of the copies with their original, and at most 2 % of other pages with anything', async () => {
    const random = seededRandom(20261127);
    const missed: string[] = [];
    let found = 0;
    let wrongCopies = 0;
    // an order page, then its copy with a few light edits, uploaded by another agent right after
    for (let i = 0; i < COPIES; i++) {
      const page = await shopOrderPage(randomOrderText(random), i % SHOP_LAYOUTS.length);
      const edits = randomLightEdits(random);
      const original = await upload(page);
      const copy = await upload(await edited(page, edits));
      const paired = await pairedWith(copy);
      if (paired.includes(original)) found += 1;
      else missed.push(edits.map((edit) => edit.name).join(', '));
      // a copy paired with another order's page is a false positive too
      if (paired.some((key) => key !== original)) wrongCopies += 1;
    }
    // other orders' pages of the same layouts: each looked at beside the newest uploads of its layout
    const falsePositives: string[] = [];
    for (let i = 0; i < OTHER_PAGES; i++) {
      const key = await upload(await shopOrderPage(randomOrderText(random), i % SHOP_LAYOUTS.length));
      if ((await pairedWith(key)).length > 0) falsePositives.push(key);
    }
    const recall = found / COPIES;
    const falsePositiveRate = falsePositives.length / OTHER_PAGES;
    console.log(
      `screenshot look: recall ${(100 * recall).toFixed(1)} % (${found} of ${COPIES} edited copies), ` +
        `false positives ${(100 * falsePositiveRate).toFixed(1)} % (${falsePositives.length} of ${OTHER_PAGES} other pages; ` +
        `${wrongCopies} of ${COPIES} copies also paired with another order's page)` +
        (missed.length > 0 ? `\n  missed: ${missed.join('\n  missed: ')}` : ''),
    );
    expect(recall).toBeGreaterThanOrEqual(0.95);
    expect(falsePositiveRate).toBeLessThanOrEqual(0.02);
    expect(wrongCopies / COPIES).toBeLessThanOrEqual(0.02);
  }, 600_000);
});
