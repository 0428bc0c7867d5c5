import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderScreenshot } from '../seed/images';
import {
  edited,
  ORDER_PAGE_TEXTS,
  type OrderPageText,
  orderPage,
  randomLightEdits,
  randomOrderText,
  SHOP_LAYOUTS,
  savedAgain,
  seededRandom,
  shopOrderPage,
} from '../test/images';
import {
  alignedDistance,
  DETAIL_SIZE,
  type DetailPicture,
  detailDistance,
  detailPicture,
  packDetail,
  prepareDetail,
  SAME_DETAIL_MAX,
  unpackDetail,
} from './image-detail';
import { hammingDistance, perceptualHash } from './image-hash';
import { SAME_PICTURE_MAX_BITS } from './screenshot-look';

const text = (i: number): OrderPageText => ORDER_PAGE_TEXTS[i] as OrderPageText;
const hashOf = async (image: Buffer) => {
  const hash = await perceptualHash(image);
  if (hash === undefined) throw new Error('no hash');
  return hash;
};

describe('the second look at two screenshots', () => {
  it('keeps a 256 x 256 grey picture and the size of its source, and reads it back from its bytes', async () => {
    const detail = await detailPicture(await orderPage(text(0)));
    expect(detail).toMatchObject({ width: 1280, height: 900 });
    expect(detail.pixels).toHaveLength(DETAIL_SIZE * DETAIL_SIZE);
    const packed = packDetail(detail);
    expect(unpackDetail(packed)).toEqual(detail);
    expect(unpackDetail(packed.subarray(0, packed.length - 1))).toBeUndefined();
    expect(detailDistance(detail, detail)).toBe(0);
  });

  it('finds an order page saved again at another size and quality the same picture', async () => {
    const original = await orderPage(text(0));
    const detail = await detailPicture(original);
    for (const [width, format, quality] of [
      [400, 'jpeg', 40],
      [640, 'jpeg', 40],
      [960, 'webp', 50],
      [1920, 'jpeg', 85],
      [2560, 'png', 0],
    ] as const) {
      const copy = await detailPicture(await savedAgain(original, width, format, quality));
      // either way round: the picture lined up is the one resampled, so the two differ a little
      expect(detailDistance(detail, copy), `${width} ${format} ${quality}`).toBeLessThanOrEqual(SAME_DETAIL_MAX);
      expect(detailDistance(copy, detail), `${width} ${format} ${quality}`).toBeLessThanOrEqual(SAME_DETAIL_MAX);
    }
  });

  it('tells apart order pages of one layout with another order, buyer and address, which the hash cannot', async () => {
    const pages = await Promise.all(ORDER_PAGE_TEXTS.map(orderPage));
    const details = await Promise.all(pages.map(detailPicture));
    const hashes = await Promise.all(pages.map(hashOf));
    for (let i = 0; i < pages.length; i++) {
      for (let j = i + 1; j < pages.length; j++) {
        expect(hammingDistance(hashes[i] as bigint, hashes[j] as bigint)).toBeLessThanOrEqual(SAME_PICTURE_MAX_BITS);
        expect(detailDistance(details[i] as DetailPicture, details[j] as DetailPicture)).toBeGreaterThan(
          SAME_DETAIL_MAX,
        );
      }
    }
    // and a copy of one is still told apart from the others
    const copy = await detailPicture(await savedAgain(pages[1] as Buffer, 640, 'jpeg', 40));
    expect(detailDistance(details[0] as DetailPicture, copy)).toBeGreaterThan(SAME_DETAIL_MAX);
  });

  it("does the same for the seed's small mock screenshots", async () => {
    const lines = (number: string, buyer: string) => [`Order # ${number}`, `Buyer: ${buyer}`, 'Total: Rs 4,200'];
    const one = await renderScreenshot('order', 'Order placed', lines('112-4417720-9081123', 'Ayesha Siddiqui'));
    const other = await renderScreenshot('order', 'Order placed', lines('114-0093412-5562018', 'Bilal Chaudhry'));
    const [a, b] = await Promise.all([detailPicture(one), detailPicture(other)]);
    expect(detailDistance(a, b)).toBeGreaterThan(SAME_DETAIL_MAX);
    for (const [width, format, quality] of [
      [240, 'jpeg', 40],
      [360, 'jpeg', 60],
      [960, 'webp', 50],
    ] as const) {
      expect(detailDistance(a, await detailPicture(await savedAgain(one, width, format, quality)))).toBeLessThanOrEqual(
        SAME_DETAIL_MAX,
      );
    }
  });

  it('shrinks a large picture from its pixels first, and still finds its copy', async () => {
    const page = await orderPage(text(2));
    const large = await sharp(page).resize(3200).png().toBuffer();
    const [detail, copy] = await Promise.all([
      detailPicture(large),
      detailPicture(await savedAgain(page, 1000, 'jpeg', 50)),
    ]);
    expect(detail).toMatchObject({ width: 3200, height: 2250 });
    expect(detailDistance(detail, copy)).toBeLessThanOrEqual(SAME_DETAIL_MAX);
    expect(detailDistance(detail, await detailPicture(await orderPage(text(3))))).toBeGreaterThan(SAME_DETAIL_MAX);
  });

  it('answers the same with `enough` (the bands that differ most read first, stopping at one over it) as read whole', async () => {
    const random = seededRandom(31);
    const details: DetailPicture[] = [];
    for (let i = 0; i < 6; i++) {
      const page = await shopOrderPage(randomOrderText(random), i % SHOP_LAYOUTS.length);
      details.push(await detailPicture(page), await detailPicture(await edited(page, randomLightEdits(random))));
    }
    let same = 0;
    for (const mine of details) {
      const prepared = prepareDetail(mine);
      for (const theirs of details) {
        const whole = alignedDistance(prepared, theirs);
        const stopped = alignedDistance(prepared, theirs, SAME_DETAIL_MAX);
        expect(stopped <= SAME_DETAIL_MAX).toBe(whole <= SAME_DETAIL_MAX);
        // under the bound, every band was read: the same largest share
        if (whole <= SAME_DETAIL_MAX) {
          expect(stopped).toBe(whole);
          same += 1;
        }
      }
    }
    // each picture with itself, and most copies with their page
    expect(same).toBeGreaterThanOrEqual(details.length + 5);
  });
});
